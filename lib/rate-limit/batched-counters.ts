/**
 * Rate-limit counters shared by every server process of every instance, without a statement per request.
 *
 * Each process counts in memory and sends what it counted to the shared store (PostgreSQL,
 * lib/rate-limit/postgres-counters.ts) in one statement for all keys, every FLUSH_MS. What comes back (each key's
 * total over all processes, and how many processes share the store) sets how many more requests of that key
 * this process may admit on its own before it asks again: its share, ⌊(quota − total) / processes⌋, valid for
 * SHARE_MS. A request with no share left (a key this process has not seen, a share spent or expired) waits for
 * the next statement, which counts it exactly: it is admitted only if the total, itself included, is within the
 * quota. Requests waiting together ride one statement, and one statement at a time is in flight per process.
 *
 * The bound. With S processes sharing the store and a quota of Q, a client is admitted at most
 * Q + (S − 1)·⌊Q/S⌋ times in a window (under 2·Q): every share was at most 1/S of what was left when it was
 * given, so beyond the exact count only the other processes' unspent shares can be spent. That worst case needs a
 * client that spends nearly its whole quota on one process and then, within SHARE_MS, the shares every other
 * process got at the start. A client is never refused before Q requests have been admitted: a refusal is either
 * an exact count over Q, or this process's own view of the total (which only lags behind it) at Q.
 *
 * Memory: one entry per key seen in the current window, dropped when its window ends, at most MAX_KEYS; past
 * that, keys are counted exactly (a statement each, shared with whatever else waits) without an entry.
 */
import { RateLimiterRes } from "rate-limiter-flexible";

/** What one statement adds to a key's counter: `delta` points in a window of `durationMs`. */
export interface CounterDelta {
  key: string;
  delta: number;
  durationMs: number;
}

/** A key's counter after the statement: `points` over all processes, its window ending in `msLeft`. */
export interface CounterTotal {
  key: string;
  points: number;
  msLeft: number;
}

/** The shared store: adds the deltas atomically (a window that ended starts again) and says who shares it. */
export interface CounterBackend {
  /**
   * Adds every delta, records that process `memberId` is alive, and returns each key's total and the number of
   * processes alive (this one included).
   */
  sync(deltas: CounterDelta[], memberId: string): Promise<{ members: number; totals: CounterTotal[] }>;
}

/** How often counts are sent (and shares renewed) while a key is in use. */
export const FLUSH_MS = 250;
/** How long a share may be spent without asking again: a key idle longer is counted exactly on its next request. */
export const SHARE_MS = 1000;
/** An idle process still tells the store it is alive this often (the store forgets it after MEMBER_TTL_MS). */
const HEARTBEAT_MS = 2000;
const MAX_KEYS = 50_000;
/** After a failed statement, periodic sends pause this long (the limiter meanwhile counts in its next store). */
const BACKOFF_MS = 10_000;

interface Entry {
  /** The key's total over all processes at the last statement. */
  synced: number;
  /** Admitted here, in the statement in flight. */
  sending: number;
  /** Admitted here since, not yet sent. */
  pending: number;
  /** How many more this process may admit without asking. */
  share: number;
  shareUntil: number;
  windowEnd: number;
}

interface Claim {
  points: number;
  resolve: (res: RateLimiterRes) => void;
  reject: (reason: unknown) => void;
}

export interface BatchedCountersOptions {
  /** Requests per window. */
  points: number;
  durationMs: number;
  memberId: string;
  /** Keeps the counters of several policies apart in one store: the stored key is `<keyPrefix>:<key>`. */
  keyPrefix: string;
  /** Told when a statement that no request was waiting for failed (a request that was is told itself). */
  onFlushError?: (error: unknown) => void;
  /** For tests: the clock, and whether to start the periodic flush. */
  now?: () => number;
  timer?: boolean;
  maxKeys?: number;
}

export class BatchedCounters {
  private readonly entries = new Map<string, Entry>();
  /** Keys with counts not yet sent. */
  private readonly dirty = new Set<string>();
  private claims = new Map<string, Claim[]>();
  private inFlight: Promise<void> | null = null;
  private members = 1;
  private lastSent = -Infinity;
  private pausedUntil = 0;
  private lastSweep = 0;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly backend: CounterBackend,
    private readonly options: BatchedCountersOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? MAX_KEYS;
    if (options.timer !== false) {
      this.timer = setInterval(() => this.tick(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /**
   * The decision this process can make alone, at once: admitted within its share, or refused because the
   * quota is spent as far as it knows. Null when the request must be counted by the store (`consume`).
   */
  decideLocally(clientKey: string, points = 1): { admitted: boolean; res: RateLimiterRes } | null {
    const key = `${this.options.keyPrefix}:${clientKey}`;
    const quota = this.options.points;
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || now >= entry.windowEnd) return null;
    const total = entry.synced + entry.sending + entry.pending;
    if (total >= quota) return { admitted: false, res: new RateLimiterRes(0, entry.windowEnd - now, total, false) };
    if (now >= entry.shareUntil || entry.share < points) return null;
    entry.share -= points;
    entry.pending += points;
    this.dirty.add(key);
    return {
      admitted: true,
      res: new RateLimiterRes(Math.max(0, quota - total - points), entry.windowEnd - now, total + points, false),
    };
  }

  /** Resolves with the counter after this request; rejects with a RateLimiterRes when the quota is spent. */
  consume(clientKey: string, points = 1): Promise<RateLimiterRes> {
    const local = this.decideLocally(clientKey, points);
    if (local) return local.admitted ? Promise.resolve(local.res) : Promise.reject(local.res);
    const key = `${this.options.keyPrefix}:${clientKey}`;
    return new Promise((resolve, reject) => {
      const waiting = this.claims.get(key);
      if (waiting) waiting.push({ points, resolve, reject });
      else this.claims.set(key, [{ points, resolve, reject }]);
      this.send();
    });
  }

  /** The periodic flush: counts not yet sent, or a heartbeat; and dropping keys whose window ended. */
  tick(): void {
    const now = this.now();
    if (now - this.lastSweep >= SHARE_MS) this.sweep(now);
    if (now < this.pausedUntil) return;
    if (this.dirty.size > 0 || now - this.lastSent >= HEARTBEAT_MS) this.send();
  }

  /** Starts a statement unless one is in flight; that one starts the next when it ends, if anything waits. */
  private send(): void {
    if (this.inFlight) return;
    this.inFlight = this.sendOnce().finally(() => {
      this.inFlight = null;
      if (this.claims.size > 0) this.send();
    });
  }

  private async sendOnce(): Promise<void> {
    const claims = this.claims;
    this.claims = new Map();
    const deltas = new Map<string, number>();
    const now = this.now();
    for (const key of this.dirty) {
      const entry = this.entries.get(key);
      if (!entry || entry.pending === 0) continue;
      // Counts of a window that has ended are not carried into the next one.
      if (entry.windowEnd <= now) {
        entry.pending = 0;
        continue;
      }
      entry.sending = entry.pending;
      entry.pending = 0;
      deltas.set(key, entry.sending);
    }
    this.dirty.clear();
    for (const [key, waiting] of claims)
      deltas.set(key, (deltas.get(key) ?? 0) + waiting.reduce((sum, c) => sum + c.points, 0));
    // One order for every process: two statements locking the same rows in different orders could deadlock.
    const rows = [...deltas]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, delta]) => ({ key, delta, durationMs: this.options.durationMs }));
    this.lastSent = now;
    let result: Awaited<ReturnType<CounterBackend["sync"]>>;
    try {
      result = await this.backend.sync(rows, this.options.memberId);
    } catch (error) {
      // Counts already admitted are sent again later; the waiting requests are decided by the next store.
      for (const key of deltas.keys()) {
        const entry = this.entries.get(key);
        if (!entry || entry.sending === 0) continue;
        entry.pending += entry.sending;
        entry.sending = 0;
        this.dirty.add(key);
      }
      this.pausedUntil = this.now() + BACKOFF_MS;
      if (claims.size === 0) this.options.onFlushError?.(error);
      for (const waiting of claims.values()) for (const claim of waiting) claim.reject(error);
      return;
    }
    this.pausedUntil = 0;
    this.members = Math.max(1, result.members);
    const answeredAt = this.now();
    for (const total of result.totals) {
      this.apply(total, claims.get(total.key) ?? [], answeredAt);
      claims.delete(total.key);
    }
    // A store that answered for fewer keys than it was sent must not leave a request waiting.
    for (const waiting of claims.values())
      for (const claim of waiting) claim.reject(new Error("the counter store did not answer for a key"));
  }

  private apply(total: CounterTotal, waiting: Claim[], now: number): void {
    const quota = this.options.points;
    let entry = this.entries.get(total.key);
    if (!entry && this.entries.size < this.maxKeys) {
      entry = { synced: 0, sending: 0, pending: 0, share: 0, shareUntil: 0, windowEnd: 0 };
      this.entries.set(total.key, entry);
    }
    if (entry) {
      entry.synced = total.points;
      entry.sending = 0;
      entry.windowEnd = now + total.msLeft;
      // What this process admitted while the statement was in flight comes out of its new share.
      entry.share = Math.max(0, Math.floor((quota - total.points) / this.members) - entry.pending);
      entry.shareUntil = now + SHARE_MS;
    }
    // The waiting requests were counted last, in their order: each is admitted if it is within the quota.
    let position = total.points - waiting.reduce((sum, c) => sum + c.points, 0);
    const pendingHere = entry?.pending ?? 0;
    for (const claim of waiting) {
      position += claim.points;
      if (position <= quota)
        claim.resolve(
          new RateLimiterRes(Math.max(0, quota - total.points - pendingHere), total.msLeft, position, false),
        );
      else claim.reject(new RateLimiterRes(0, total.msLeft, position, false));
    }
    // Requests of this key that arrived while the statement was in flight wait for the next one; the new
    // share decides them now instead (spending it and sending them too would count them twice).
    const next = this.claims.get(total.key);
    if (!entry || !next) return;
    while (next.length > 0 && entry.share >= next[0].points) {
      const claim = next.shift()!;
      const counted = entry.synced + entry.pending;
      entry.share -= claim.points;
      entry.pending += claim.points;
      this.dirty.add(total.key);
      claim.resolve(
        new RateLimiterRes(Math.max(0, quota - counted - claim.points), total.msLeft, counted + claim.points, false),
      );
    }
    if (next.length === 0) this.claims.delete(total.key);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, entry] of this.entries) {
      if (entry.windowEnd <= now && entry.pending === 0 && entry.sending === 0) this.entries.delete(key);
    }
  }
}
