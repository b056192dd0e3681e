/**
 * Where rate-limit counters live (rate-limiter-flexible for the per-instance stores; the shared one batched):
 *
 *  - PostgreSQL (`DATABASE_URL` is postgres): counters shared by every process of every instance, counted in
 *    each process's memory and sent to the database in one statement for all keys every 250 ms
 *    (lib/rate-limit/batched-counters.ts, in the table lib/rate-limit/postgres-counters.ts keeps). No statement per
 *    request; a client can exceed its quota by a bounded amount while the processes' counts travel (the
 *    bound is stated there and in README).
 *  - SQLite under `npm start` (one instance, WEB_CONCURRENCY processes): RateLimiterCluster. The counters live
 *    in the primary process (RateLimiterClusterMaster, created by cli/server/server-workers.ts) and every
 *    server process asks it over node:cluster's IPC channel. SQLite is not used: a write per request would
 *    serialise every server process on SQLite's single writer lock.
 *  - A bare `next start` (one process): RateLimiterMemory.
 * RATE_LIMIT_STORE=instance keeps the counters in the primary on PostgreSQL too: nothing shared, a quota per
 * instance (behind a round-robin balancer over N instances a client gets up to N times the quota).
 *
 * Failure: the counters are a guard, not the product, so a store fault must not turn into 500s. Each store is
 * tried in order (PostgreSQL → the primary's counters → this process's own memory); a store that fails is
 * skipped for a cool-down and the next one counts meanwhile (limits then hold per instance or per process
 * instead of per deployment), with one warning per cool-down in the log. Only if even this process's memory
 * fails does a request go through unlimited (fail open), logged as an error. rate-limiter-flexible's
 * RateLimiterMemory is bounded by the keys seen in one window (each key expires with its window).
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { config, type RateLimitPolicy } from "../config";
import { log } from "../log";
import { withDeadline } from "../outside";
import { BatchedCounters } from "./batched-counters";
import { PostgresCounterBackend } from "./postgres-counters";

/** A store that does not answer within this is treated as failed for the request. */
const STORE_TIMEOUT_MS = 1000;
/** How long a failed store is skipped before it is tried again. */
const STORE_COOLDOWN_MS = 10_000;

export type LimitOutcome =
  | { known: true; allowed: boolean; remaining: number; resetMs: number }
  /** Every store failed: the request is let through, and nothing is known about the client's remaining budget. */
  | { known: false };

/** One place counters can live: resolves with the counter after this request, rejects with RateLimiterRes when over. */
export interface CounterStore {
  name: string;
  consume(key: string, points: number): Promise<RateLimiterRes>;
  /** A decision the store can make at once from memory (no deadline needed), or null to `consume`. */
  decideLocally?(key: string, points: number): { admitted: boolean; res: RateLimiterRes } | null;
}

interface Tier extends CounterStore {
  skipUntil: number;
  warnedAt: number;
}

export class SharedLimiter {
  private readonly tiers: Tier[];
  private lastFailOpenLog = 0;

  constructor(
    readonly name: string,
    readonly policy: RateLimitPolicy,
    stores: CounterStore[],
  ) {
    this.tiers = stores.map((store) => ({ ...store, skipUntil: 0, warnedAt: 0 }));
  }

  get stores(): string[] {
    return this.tiers.map((t) => t.name);
  }

  async consume(key: string, points = 1): Promise<LimitOutcome> {
    const now = Date.now();
    for (const tier of this.tiers) {
      if (tier.skipUntil > now) continue;
      const local = tier.decideLocally?.(key, points);
      if (local)
        return {
          known: true,
          allowed: local.admitted,
          remaining: local.admitted ? local.res.remainingPoints : 0,
          resetMs: local.res.msBeforeNext,
        };
      try {
        const res = await withTimeout(tier.consume(key, points));
        return { known: true, allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (error) {
        if (error instanceof RateLimiterRes)
          return { known: true, allowed: false, remaining: 0, resetMs: error.msBeforeNext };
        tier.skipUntil = Date.now() + STORE_COOLDOWN_MS;
        if (Date.now() - tier.warnedAt > STORE_COOLDOWN_MS) {
          tier.warnedAt = Date.now();
          log().warn(
            { limiter: this.name, store: tier.name, err: error },
            "rate-limit store failed; counting in the next store for a while",
          );
        }
      }
    }
    if (now - this.lastFailOpenLog > STORE_COOLDOWN_MS) {
      this.lastFailOpenLog = now;
      log().error({ limiter: this.name }, "every rate-limit store failed; requests are let through unlimited");
    }
    return { known: false };
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return withDeadline("rate-limit store", STORE_TIMEOUT_MS, () => work);
}

/** A server process started by `npm start` (cli/server/server-workers.ts), whose primary holds counters. */
function underNpmStartCluster(): boolean {
  return cluster.isWorker && process.env.VINSCOPE_WORKER === "1" && typeof process.send === "function";
}

const registry = globalThis as unknown as {
  __vinscopeLimiters?: Map<string, SharedLimiter>;
  __vinscopeCounterBackend?: PostgresCounterBackend;
};

/** This process's name among those sharing the counters. */
const MEMBER_ID = randomUUID();

function postgresBackend(): PostgresCounterBackend {
  return (registry.__vinscopeCounterBackend ??= new PostgresCounterBackend());
}

/** The limiter of one policy (`public`, `dealer`), built once per process. */
export function sharedLimiter(name: string, policy: RateLimitPolicy): SharedLimiter {
  const limiters = (registry.__vinscopeLimiters ??= new Map());
  const id = `${name}:${policy.requests}/${policy.windowSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new SharedLimiter(name, policy, buildStores(name, policy));
    limiters.set(id, limiter);
  }
  return limiter;
}

function buildStores(name: string, policy: RateLimitPolicy): CounterStore[] {
  const opts = {
    points: policy.requests,
    duration: policy.windowSeconds,
    keyPrefix: `vinscope_${name}_${policy.requests}_${policy.windowSeconds}`,
  };
  const stores: CounterStore[] = [];
  if (config().database.provider === "postgresql" && config().rateLimit.store === "auto") {
    const counters = new BatchedCounters(postgresBackend(), {
      points: opts.points,
      durationMs: opts.duration * 1000,
      memberId: MEMBER_ID,
      keyPrefix: opts.keyPrefix,
      // Paused for a while after a failure, so this is at most one line per pause.
      onFlushError: (error) =>
        log().warn(
          { limiter: name, store: "postgresql", err: error },
          "rate-limit store failed; the counts are kept and sent when it answers again",
        ),
    });
    stores.push({
      name: "postgresql",
      consume: (key, points) => counters.consume(key, points),
      decideLocally: (key, points) => counters.decideLocally(key, points),
    });
  }
  if (underNpmStartCluster()) {
    const shared = new RateLimiterCluster({ ...opts, timeoutMs: STORE_TIMEOUT_MS });
    stores.push({ name: "cluster", consume: (key, points) => shared.consume(key, points) });
  }
  const own = new RateLimiterMemory(opts);
  stores.push({ name: "memory", consume: (key, points) => own.consume(key, points) });
  return stores;
}
