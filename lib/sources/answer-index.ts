/**
 * The stored answers of the outside sources (table SourceAnswer: the buyer-data sources, and vPIC's per VIN
 * descriptor) held in memory per process, so a VIN report reads none of them from the database in the steady state.
 *
 * - Loaded once (the first caller waits for it): the MAX_PER_SOURCE most recently stored answers of each source,
 *   in pages of PAGE rows, so neither the heap nor the event loop holds more than a page of rows at a time;
 *   after that every lookup is a Map read.
 * - Kept current with a cheap poll, started by a lookup at most every POLL_MS and never awaited by it: rows
 *   stored since the newest seen, less an overlap (overlapMs), by their `storedAt`. That is the database's own
 *   clock when the row was written (store.ts), so a write that waited on the lock is stamped when it went in, and
 *   every instance stamps with the same clock. An indexed range read of the keys stored since, and of the payloads
 *   of those not held yet. Answers this process stores itself are held at once. So an answer stored by another
 *   instance shows here within POLL_MS plus that instance's write-behind delay (milliseconds): about 2 s.
 * - Held as the stored JSON text (a one-byte string, a third of the parsed objects' size) and parsed per lookup
 *   (tens of microseconds). Bounded per source in entries and bytes (MAX_PER_SOURCE, MAX_BYTES_PER_SOURCE; least
 *   recently used dropped; a dropped vehicle is asked again). Full size measured with `npm run bench:index-memory`
 *   (docs/scaling.md, "Memory").
 */
import type { LRUCache } from "lru-cache";
import { db, dbProvider, type Db } from "../db";
import { betweenPages } from "../db/data-version";
import { boundedCache } from "../outside";
import { log } from "../log";

const POLL_MS = 2_000;

/**
 * How far before the newest `storedAt` seen a poll reads again. Each poll reads the rows of POLL_MS plus this, and
 * most are this process's own (a busy process stores several answers per report): the overlap is most of a
 * poll's cost. SQLite takes one write at a time and stamps it inside the write, so rows become visible in the
 * order of their stamps and the overlap only covers the clock being set back a little. PostgreSQL commits
 * concurrent writes in another order than their stamps.
 */
const overlapMs = () => (dbProvider() === "postgresql" ? 5_000 : 500);
const MAX_PER_SOURCE = 5_000;
/**
 * Bytes of stored JSON held per source. At full size an answer averages about 3 KB (56 MB for the 5,000 of each
 * of four sources, docs/scaling.md), so the count is what binds; this keeps a source of large answers (a
 * vehicle with hundreds of complaints) from holding many times that.
 */
const MAX_BYTES_PER_SOURCE = 24 * 1024 * 1024;
const PAGE = 1_000;

interface StoredAnswer<T> {
  value: T;
  checkedAt: Date;
}

type Row = { source: string; key: string; payload: string; checkedAt: Date; storedAt: Date };

interface Held {
  payload: string;
  checkedAt: Date;
}

class AnswerIndex {
  private readonly sources = new Map<string, LRUCache<string, Held>>();
  private loaded: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  private lastPoll = 0;
  private watermark = 0;

  constructor(private readonly client: () => Db) {}

  /** The stored answer of `source` for `key`, from memory (the first call of a process waits for the load). */
  async get<T>(source: string, key: string): Promise<StoredAnswer<T> | null> {
    if (!this.loaded) this.loaded = this.loadAll();
    await this.loaded;
    this.pollSoon();
    const held = this.sources.get(source)?.get(key);
    if (!held) return null;
    try {
      return { value: JSON.parse(held.payload) as T, checkedAt: held.checkedAt };
    } catch {
      // A row that is not JSON is not an answer; the source is asked again for it.
      return null;
    }
  }

  /** An answer this process has just stored (its database write is deferred). */
  hold(source: string, key: string, payload: string, checkedAt: Date): void {
    this.put(source, key, payload, checkedAt);
  }

  /** Entries held per source, for sizing and tests. */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.sources].map(([s, c]) => [s, c.size]));
  }

  private put(source: string, key: string, payload: string, checkedAt: Date): void {
    let held = this.sources.get(source);
    if (!held) {
      held = boundedCache<Held>({
        max: MAX_PER_SOURCE,
        maxBytes: MAX_BYTES_PER_SOURCE,
        // The payload is a one-byte string (JSON text); the key, its date and the entry about 100 bytes more.
        sizeOf: (entry, key) => entry.payload.length + key.length + 100,
      });
      this.sources.set(source, held);
    }
    const old = held.peek(key);
    if (!old || old.checkedAt <= checkedAt) held.set(key, { payload, checkedAt });
  }

  private take(rows: Row[]): void {
    for (const r of rows) {
      this.put(r.source, r.key, r.payload, r.checkedAt);
      this.watermark = Math.max(this.watermark, r.storedAt.getTime());
    }
  }

  private async loadAll(): Promise<void> {
    try {
      this.lastPoll = Date.now();
      // GROUP BY in the database (findMany's `distinct` would read every row's source and dedupe in memory).
      const sources = await this.client().sourceAnswer.groupBy({ by: ["source"] });
      for (const { source } of sources) {
        // Newest first, so the cap keeps the most recent; held oldest first, so the LRU drops the oldest.
        const newest: Row[][] = [];
        for (let skip = 0; skip < MAX_PER_SOURCE; skip += PAGE) {
          const page = await this.client().sourceAnswer.findMany({
            where: { source },
            orderBy: { storedAt: "desc" },
            skip,
            take: Math.min(PAGE, MAX_PER_SOURCE - skip),
          });
          newest.push(page);
          if (page.length < PAGE) break;
          await betweenPages();
        }
        for (const page of newest.reverse()) this.take(page.reverse());
      }
    } catch (error) {
      // Without the database the index starts empty; the polls fill it once the database answers.
      log().warn({ err: error }, "stored answers could not be loaded; polling for them");
    }
  }

  private pollSoon(): void {
    const now = Date.now();
    if (this.polling || now - this.lastPoll < POLL_MS) return;
    this.lastPoll = now;
    this.polling = this.pollOnce()
      .catch(() => undefined)
      .finally(() => (this.polling = null));
  }

  /**
   * Rows stored since the last poll (less the overlap), a page at a time in (storedAt, source, key) order: their
   * keys first, then the payloads of those not held already. Most rows a poll meets are this process's own
   * writes (held at once, see hold), and a busy process stores answers every few milliseconds: reading their
   * payloads again every POLL_MS would parse megabytes a minute for nothing.
   */
  private async pollOnce(): Promise<void> {
    const since = new Date(Math.max(0, this.watermark - overlapMs()));
    for (let cursor: { source: string; key: string } | undefined; ;) {
      const stamps = await this.client().sourceAnswer.findMany({
        where: { storedAt: { gt: since } },
        select: { source: true, key: true, checkedAt: true, storedAt: true },
        orderBy: [{ storedAt: "asc" }, { source: "asc" }, { key: "asc" }],
        take: PAGE,
        ...(cursor ? { skip: 1, cursor: { source_key: cursor } } : {}),
      });
      const missing = stamps.filter((r) => !this.holds(r.source, r.key, r.checkedAt));
      for (const source of new Set(missing.map((r) => r.source))) {
        const keys = missing.filter((r) => r.source === source).map((r) => r.key);
        this.take(await this.client().sourceAnswer.findMany({ where: { source, key: { in: keys } } }));
      }
      for (const r of stamps) this.watermark = Math.max(this.watermark, r.storedAt.getTime());
      if (stamps.length < PAGE) return;
      cursor = { source: stamps[stamps.length - 1].source, key: stamps[stamps.length - 1].key };
    }
  }

  /** Whether the answer held for `key` is at least as new as `checkedAt`. */
  private holds(source: string, key: string, checkedAt: Date): boolean {
    const held = this.sources.get(source)?.peek(key);
    return held !== undefined && held.checkedAt >= checkedAt;
  }
}

const globalForIndex = globalThis as unknown as { __vinscopeAnswerIndex?: { index: AnswerIndex; client: Db } };

/** The process's index (per database handle: tests swap the database). */
export function answerIndex(): AnswerIndex {
  const client = db();
  const held = globalForIndex.__vinscopeAnswerIndex;
  if (held && held.client === client) return held.index;
  const index = new AnswerIndex(() => client);
  globalForIndex.__vinscopeAnswerIndex = { index, client };
  return index;
}
