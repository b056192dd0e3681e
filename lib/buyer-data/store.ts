/**
 * Durable last-known answers of the buyer-data sources (table SourceAnswer), one row per source and
 * year/make/model: an outage after a restart, or on another instance, still serves the last answer as `stale`.
 */
import { db } from "../db";
import type { DurableAnswers } from "../outside";

export function storedAnswers<T>(source: string): DurableAnswers<T> {
  return {
    async load(key) {
      const row = await db().sourceAnswer.findUnique({ where: { source_key: { source, key } } });
      if (!row) return null;
      return { value: JSON.parse(row.payload) as T, checkedAt: row.checkedAt };
    },
    async save(key, value, checkedAt) {
      const payload = JSON.stringify(value);
      await db().sourceAnswer.upsert({
        where: { source_key: { source, key } },
        create: { source, key, payload, checkedAt },
        update: { payload, checkedAt },
      });
    },
  };
}
