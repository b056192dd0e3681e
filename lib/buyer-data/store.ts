/**
 * The live answers of the buyer-data sources (ratings, complaints, fuel economy), with their durable last-known
 * answers (table SourceAnswer, which holds vPIC's answers per descriptor too), one row per source and
 * year/make/model: an outage after a restart, or on another instance, still serves the last answer as `stale`.
 * Reads come from the in-memory index (answer-index.ts).
 */
import { config } from "../config";
import { countDroppedWrites, deferWrite, type DeferredWrite } from "../db/write-behind";
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
  pgTypes: { checkedAt: "timestamp(3)" },
  // Other processes poll on it (answer-index.ts): stamped inside the write, so it follows the order of the commits.
  clockColumn: "storedAt",
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
      deferWrite(
        BATCH_KEY,
        new StoredAnswerBatch(new Map([[`${source}:${key}`, { source, key, payload, checkedAt }]])),
      );
    },
  };
}

type PendingRow = { source: string; key: string; payload: string; checkedAt: Date };

/** The stored answers waiting in the write-behind queue: one entry there for all of them. */
const BATCH_KEY = "source-answers";
/**
 * Most rows one batch holds (the bound the queue had when each answer was its own entry); past it the oldest are
 * let go, counted and logged as the queue's own drops (each is a copy of an answer held in memory).
 */
const MAX_BATCH_ROWS = 5_000;

/**
 * Every stored answer queued meanwhile goes out in one multi-row statement. A report whose sections all went
 * live stores three to five answers at about the same moment, and each of its own statements cost more in
 * Prisma's query layer than in SQLite.
 */
class StoredAnswerBatch implements DeferredWrite {
  constructor(readonly rows: Map<string, PendingRow>) {}

  run(): Promise<unknown> {
    return upsertRows(SOURCE_ANSWER, [...this.rows.values()]);
  }

  /**
   * This batch's rows added to the older batch's, in place (the queue keeps only what this returns): the newer
   * answer wins where both hold a key.
   */
  absorb(older: DeferredWrite): DeferredWrite {
    // By shape, not instanceof: the queue is the process's, and Next.js bundles this module more than once.
    const rows = (older as Partial<StoredAnswerBatch>).rows;
    if (!(rows instanceof Map)) return this;
    for (const [k, row] of this.rows) {
      rows.delete(k);
      rows.set(k, row);
    }
    let dropped = 0;
    for (const k of rows.keys()) {
      if (rows.size <= MAX_BATCH_ROWS) break;
      rows.delete(k);
      dropped++;
    }
    if (dropped) countDroppedWrites(dropped);
    return older;
  }
}
