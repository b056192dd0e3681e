/**
 * The stored answers of the outside sources (table SourceAnswer: one row per source and key, a year/make/model or
 * vPIC's VIN descriptor): an outage after a restart, or on another instance, still serves the last answer as
 * `stale`. Reads come from the in-memory index (answer-index.ts), the one place a process holds them.
 */
import { countDroppedWrites, deferWrite, type DeferredWrite } from "../db/write-behind";
import { SourceAnswers, type DurableAnswers } from "./ask";
import { answerIndex } from "./answer-index";
import { upsertRows, type BulkTable } from "./bulk";
import type { SourceDescriptor } from "./registry";

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
  __vinscopeSourceAnswers?: Map<string, SourceAnswers<NonNullable<unknown>>>;
};

/**
 * A registered source's answers (./registry.ts), asked through ./ask.ts and stored in table SourceAnswer, or in
 * `durable` for a source with a table of its own (the recall lookups); one per process (on globalThis, which every
 * copy of the module shares), so its loads under way are shared.
 */
export function answersOf<T extends NonNullable<unknown>>(
  source: SourceDescriptor,
  durable: () => DurableAnswers<T> = () => storedAnswers<T>(source.name),
): SourceAnswers<T> {
  const all = (globalForSources.__vinscopeSourceAnswers ??= new Map());
  let answers = all.get(source.name) as SourceAnswers<T> | undefined;
  if (!answers) {
    answers = new SourceAnswers<T>(source, durable());
    all.set(source.name, answers);
  }
  return answers;
}

/** A source's stored answers: read from the in-memory index, held there at once when saved and written to the
 * database after the answer (lib/db/write-behind.ts). */
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
