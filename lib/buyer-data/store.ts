/**
 * The live answers of the buyer-data sources (ratings, complaints, fuel economy), with their durable last-known
 * answers (table SourceAnswer, which holds vPIC's answers per descriptor too), one row per source and
 * year/make/model: an outage after a restart, or on another instance, still serves the last answer as `stale`.
 * Reads come from the in-memory index (answer-index.ts).
 */
import { config } from "../config";
import { deferWrite } from "../db/write-behind";
import { LiveAnswers, type DurableAnswers } from "../outside";
import { answerIndex } from "./answer-index";
import { upsertRows, type BulkTable } from "./bulk";

/**
 * One row per source and year/make/model, written as one raw INSERT … ON CONFLICT: with a source answering
 * live, three of these per new vehicle, and Prisma's own upsert cost several times the statement.
 */
const SOURCE_ANSWER: BulkTable = {
  table: "SourceAnswer",
  key: ["source", "key"],
  columns: ["source", "key", "payload", "checkedAt", "storedAt"],
  pgTypes: { checkedAt: "timestamp(3)", storedAt: "timestamp(3)" },
};

const globalForSources = globalThis as unknown as {
  __vinscopeSourceAnswers?: Map<string, LiveAnswers<NonNullable<unknown>>>;
};

/**
 * A source's live answers, one per process (on globalThis, which every copy of the module shares): reused for
 * BUYER_DATA_CACHE_MS, kept in memory and in the database, behind the breaker and bulkhead `system`.
 */
export function sourceAnswers<T extends NonNullable<unknown>>(system: string, source: string): LiveAnswers<T> {
  const all = (globalForSources.__vinscopeSourceAnswers ??= new Map());
  let answers = all.get(source) as LiveAnswers<T> | undefined;
  if (!answers) {
    answers = new LiveAnswers<T>(system, {
      okTtlMs: () => config().buyerData.cacheMs,
      max: 5000,
      durable: storedAnswers<T>(source),
    });
    all.set(source, answers);
  }
  return answers;
}

/**
 * A source's stored answers: read from the in-memory index, held there at once when saved and written to the
 * database after the answer. The buyer-data sources reach them through sourceAnswers; vPIC's enrichment
 * (lib/vin/enrichment.ts) directly, as source "vpic".
 */
export function storedAnswers<T>(source: string): DurableAnswers<T> {
  return {
    load: (key) => answerIndex().get<T>(source, key),
    async save(key, value, checkedAt) {
      const payload = JSON.stringify(value);
      answerIndex().hold(source, key, payload, checkedAt);
      // After the answer: the process already serves it from memory (lib/db/write-behind.ts).
      deferWrite(`source-answer:${source}:${key}`, {
        run: () => {
          // When the write runs, not when it was queued: other processes poll on it (answer-index.ts).
          const storedAt = new Date();
          return upsertRows(SOURCE_ANSWER, [{ source, key, payload, checkedAt, storedAt }]);
        },
      });
    },
  };
}
