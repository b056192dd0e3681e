/**
 * Writes a request does not wait for: what a request learned and the database should keep (a stored answer of
 * an outside source, a vPIC enrichment, a sticker probe, a dealer's usage counts), queued here and written just
 * after the answer has gone out. A request therefore never waits on the database's write lock for them: on
 * SQLite another process (an import, a sync, the CLI) may hold it, and while it does these writes wait here
 * instead of in a request.
 *
 * - One queue per process, keyed: a newer write for a key replaces the older one (the newest answer wins), or
 *   absorbs it (counters add up), so the queue holds at most one write per key.
 * - Bounded: past MAX_PENDING keys a new key's write is dropped, counted and logged (what is queued is a copy of
 *   what the process already holds, or a usage count; nothing a later request depends on).
 * - Written one at a time, right after they are queued (one flush in flight; what arrives meanwhile goes out
 *   with the next), so in the steady state a write lands within a millisecond or two of its request.
 * - A write that meets a database fault (locked past the busy timeout, unreachable, …) stays queued and is
 *   tried again with a growing pause (up to 5 s); any other error is a bug, logged, and the write dropped.
 * - A kill -9 loses what is queued at that moment: normally the last few milliseconds' writes; while the database
 *   cannot take writes, all it held back. For stored answers and probes that is a copy of what the next request
 *   asks again; dealer usage counts are journaled on disk before their call is answered
 *   (lib/dealers/usage-journal.ts) and replayed at the next start, so a kill loses none of them.
 */
import { log } from "../log";
import { databaseFault } from "./faults";
import { countWritesDropped, sampleAtScrape } from "../metrics/process-metrics";

export interface DeferredWrite {
  /** Performs the write (short statements; no long transaction). */
  run(): Promise<unknown>;
  /** This write merged with an older one for the same key (default: this one replaces it). */
  absorb?(older: DeferredWrite): DeferredWrite;
}

const MAX_PENDING = 5000;
const MAX_PAUSE_MS = 5000;
/** A "writes dropped" warning at most this often. */
const DROP_WARNING_MS = 10_000;

class WriteBehind {
  private pending = new Map<string, DeferredWrite>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private dropped = 0;
  private lastDropWarning = 0;
  /** Writes of the flush under way not yet written. */
  private writing = 0;

  add(key: string, write: DeferredWrite): void {
    const older = this.pending.get(key);
    if (!older && this.pending.size >= MAX_PENDING) {
      this.noteDropped(1);
      return;
    }
    this.pending.set(key, older ? merge(write, older) : write);
    this.schedule(0);
  }

  /** Counts writes let go for want of room, with a warning at most every DROP_WARNING_MS. */
  noteDropped(count: number): void {
    this.dropped += count;
    countWritesDropped(count);
    const now = Date.now();
    if (now - this.lastDropWarning > DROP_WARNING_MS) {
      this.lastDropWarning = now;
      log().warn(
        { pending: this.pending.size, dropped: this.dropped },
        "deferred database writes dropped: the queue is full",
      );
    }
  }

  /** Resolves when the queue is empty, or after `withinMs` (what is left stays queued). */
  async drain(withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    while ((this.pending.size > 0 || this.flushing) && Date.now() < deadline) {
      if (this.flushing) await Promise.race([this.flushing, pause(deadline - Date.now())]);
      else if (!this.timer || this.failures === 0) await this.flush();
      else await pause(Math.min(50, deadline - Date.now()));
    }
  }

  /** Writes queued and not yet written (those of a flush under way included). */
  get depth(): number {
    return this.pending.size + this.writing;
  }

  private schedule(delayMs: number): void {
    if (this.flushing || this.timer) return;
    // Unref'd: a CLI process is not kept alive by it (the CLI drains the queue before it exits).
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs).unref();
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing = this.writeAll().finally(() => {
      this.flushing = null;
      if (this.pending.size > 0)
        this.schedule(this.failures === 0 ? 0 : Math.min(MAX_PAUSE_MS, 100 * 2 ** this.failures));
    });
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const entries = [...batch];
    for (let i = 0; i < entries.length; i++) {
      const [key, write] = entries[i];
      this.writing = entries.length - i;
      try {
        await write.run();
        this.failures = 0;
      } catch (error) {
        const fault = databaseFault(error);
        if (!fault) {
          log().error({ err: error, write: key }, "deferred database write failed; dropped");
          continue;
        }
        // The database cannot take writes now: this one and the rest wait for the next attempt.
        this.failures++;
        if (this.failures === 1)
          log().warn(
            { fault, pending: entries.length - i + this.pending.size },
            "deferred database writes wait: the database cannot take them now",
          );
        for (const [k, w] of entries.slice(i)) this.requeue(k, w);
        this.writing = 0;
        return;
      }
    }
    this.writing = 0;
  }

  /** Puts a write back under whatever arrived for its key meanwhile (the newer one wins, or absorbs it). */
  private requeue(key: string, write: DeferredWrite): void {
    const newer = this.pending.get(key);
    if (newer) this.pending.set(key, merge(newer, write));
    else if (this.pending.size < MAX_PENDING) this.pending.set(key, write);
    else {
      this.dropped++;
      countWritesDropped(1);
    }
  }
}

function merge(newer: DeferredWrite, older: DeferredWrite): DeferredWrite {
  return newer.absorb ? newer.absorb(older) : newer;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const globalForQueue = globalThis as unknown as { __vinscopeWriteBehind?: WriteBehind };
const queue = () => (globalForQueue.__vinscopeWriteBehind ??= new WriteBehind());

// The queue's depth when /metrics is scraped (lib/metrics).
sampleAtScrape("writeBehind", (set) => set({}, globalForQueue.__vinscopeWriteBehind?.depth ?? 0));

/** Queues a write under `key` (see the module comment); returns at once. */
export function deferWrite(key: string, write: DeferredWrite): void {
  queue().add(key, write);
}

/**
 * Writes a bounded entry let go when it absorbed an older one (a batch past its row cap): counted and logged with
 * the queue's own drops, so the bound is one mechanism however a write is queued.
 */
export function countDroppedWrites(count: number): void {
  queue().noteDropped(count);
}

/** Writes what is queued, waiting at most `withinMs` (a CLI before it exits, tests before they read). */
export async function drainDeferredWrites(withinMs = 5000): Promise<void> {
  await globalForQueue.__vinscopeWriteBehind?.drain(withinMs);
}
