/**
 * The live answers of the buyer-data sources (ratings, complaints, fuel economy), with their durable last-known
 * answers (table SourceAnswer), one row per source and year/make/model: an outage after a restart, or on another
 * instance, still serves the last answer as `stale`.
 */
import { config } from "../config";
import { db } from "../db";
import { deferWrite } from "../db/write-behind";
import { LiveAnswers, type DurableAnswers } from "../outside";

const globalForSources = globalThis as unknown as { __vinscopeSourceAnswers?: Map<string, LiveAnswers<NonNullable<unknown>>> };

/**
 * A source's live answers, one per process (on globalThis, which every copy of the module shares): kept per
 * year/make/model for BUYER_DATA_CACHE_MS in a bounded memo and in the database, behind the breaker `system`.
 */
export function sourceAnswers<T extends NonNullable<unknown>>(system: string, source: string): LiveAnswers<T> {
  const all = (globalForSources.__vinscopeSourceAnswers ??= new Map());
  let answers = all.get(source) as LiveAnswers<T> | undefined;
  if (!answers) {
    answers = new LiveAnswers<T>(system, { okTtlMs: () => config().buyerData.cacheMs, max: 5000, durable: storedAnswers<T>(source) });
    all.set(source, answers);
  }
  return answers;
}

function storedAnswers<T>(source: string): DurableAnswers<T> {
  return {
    async load(key) {
      const row = await db().sourceAnswer.findUnique({ where: { source_key: { source, key } } });
      if (!row) return null;
      return { value: JSON.parse(row.payload) as T, checkedAt: row.checkedAt };
    },
    async save(key, value, checkedAt) {
      const payload = JSON.stringify(value);
      // After the answer: the process already serves it from memory (lib/db/write-behind.ts).
      deferWrite(`source-answer:${source}:${key}`, {
        run: () =>
          db().sourceAnswer.upsert({
            where: { source_key: { source, key } },
            create: { source, key, payload, checkedAt },
            update: { payload, checkedAt },
          }),
      });
    },
  };
}
