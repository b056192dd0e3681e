/**
 * Where rate-limit counters live, on rate-limiter-flexible (no hand-written counting):
 *
 *  - PostgreSQL (`DATABASE_URL` is postgres): RateLimiterPostgres, one table (`rate_limit_counters`, the
 *    library's layout, created on first use) in the app's database and schema. Every process of every instance on that database counts in
 *    the same row: one atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per request.
 *  - SQLite under `npm start` (one instance, WEB_CONCURRENCY processes): RateLimiterCluster. The counters live
 *    in the primary process (RateLimiterClusterMaster, created by cli/server/server-workers.ts) and every
 *    server process asks it over node:cluster's IPC channel. SQLite is not used: a write per request would
 *    serialise every server process on SQLite's single writer lock.
 *  - A bare `next start` (one process): RateLimiterMemory.
 * RATE_LIMIT_STORE=instance keeps the counters in the primary on PostgreSQL too: no statement per request, but
 * a quota per instance (behind a round-robin balancer over N instances a client gets up to N times the quota).
 *
 * Failure: the counters are a guard, not the product, so a store fault must not turn into 500s. Each store is
 * tried in order (PostgreSQL → the primary's counters → this process's own memory); a store that fails is
 * skipped for a cool-down and the next one counts meanwhile (limits then hold per instance or per process
 * instead of per deployment), with one warning per cool-down in the log. Only if even this process's memory
 * fails does a request go through unlimited (fail open), logged as an error. rate-limiter-flexible's
 * RateLimiterMemory is bounded by the keys seen in one window (each key expires with its window).
 */
import cluster from "node:cluster";
import { Pool } from "pg";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { config, postgresPoolOptions, type RateLimitPolicy } from "../config";
import { log } from "../log";
import { withDeadline } from "../outside/deadline";

const COUNTER_TABLE = "rate_limit_counters";
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
    this.tiers = stores.map((store) => ({ name: store.name, consume: store.consume, skipUntil: 0, warnedAt: 0 }));
  }

  get stores(): string[] {
    return this.tiers.map((t) => t.name);
  }

  async consume(key: string, points = 1): Promise<LimitOutcome> {
    const now = Date.now();
    for (const tier of this.tiers) {
      if (tier.skipUntil > now) continue;
      try {
        const res = await withTimeout(tier.consume(key, points));
        return { known: true, allowed: true, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { known: true, allowed: false, remaining: 0, resetMs: error.msBeforeNext };
        tier.skipUntil = Date.now() + STORE_COOLDOWN_MS;
        if (Date.now() - tier.warnedAt > STORE_COOLDOWN_MS) {
          tier.warnedAt = Date.now();
          log().warn({ limiter: this.name, store: tier.name, err: error }, "rate-limit store failed; counting in the next store for a while");
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

const registry = globalThis as unknown as { __vinscopeLimiters?: Map<string, SharedLimiter>; __vinscopeLimiterPool?: Pool };

function pool(): Pool {
  if (!registry.__vinscopeLimiterPool) {
    const p = new Pool({
      ...postgresPoolOptions(config().database),
      // A few connections: each request holds one for a single short statement.
      max: 4,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: STORE_TIMEOUT_MS,
      query_timeout: STORE_TIMEOUT_MS,
    });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    p.on("error", (error) => log().warn({ err: error }, "rate-limit store connection lost"));
    registry.__vinscopeLimiterPool = p;
  }
  return registry.__vinscopeLimiterPool;
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
  const opts = { points: policy.requests, duration: policy.windowSeconds, keyPrefix: `vinscope_${name}_${policy.requests}_${policy.windowSeconds}` };
  const stores: CounterStore[] = [];
  if (config().database.provider === "postgresql" && config().rateLimit.store === "auto") stores.push(postgresStore(opts));
  if (underNpmStartCluster()) {
    const shared = new RateLimiterCluster({ ...opts, timeoutMs: STORE_TIMEOUT_MS });
    stores.push({ name: "cluster", consume: (key, points) => shared.consume(key, points) });
  }
  const own = new RateLimiterMemory(opts);
  stores.push({ name: "memory", consume: (key, points) => own.consume(key, points) });
  return stores;
}

let tableReady: Promise<void> | undefined;

/**
 * The library's own table layout, created here (`CREATE TABLE IF NOT EXISTS`) once per process before the first count and again after
 * a failure (the database may be down when the process starts).
 */
function postgresStore(opts: { points: number; duration: number; keyPrefix: string }): CounterStore {
  const database = config().database;
  const limiter = new RateLimiterPostgres({
    ...opts,
    storeClient: pool(),
    storeType: "pool",
    tableName: COUNTER_TABLE,
    schemaName: database.schema,
    tableCreated: true,
    clearExpiredByTimeout: true,
    // A client that spent its quota is refused from this process's memory until its window ends: a flood costs
    // no database round trips.
    inMemoryBlockOnConsumed: opts.points,
  });
  const ensureTable = () =>
    (tableReady ??= pool()
      .query(`CREATE TABLE IF NOT EXISTS ${tableIdentifier(database.schema)} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`)
      .then(
        () => undefined,
        (error: { code?: string }) => {
          // Two processes creating it at once: the loser sees a unique violation; the table exists.
          if (error?.code === "23505") return;
          tableReady = undefined;
          throw error;
        },
      ));
  return {
    name: "postgresql",
    consume: async (key, points) => {
      await ensureTable();
      return limiter.consume(key, points).catch((error: unknown) => {
        // The table was dropped under us (a restore, an operator): create it again on the next try.
        if ((error as { code?: string } | null)?.code === "42P01") tableReady = undefined;
        throw error;
      });
    },
  };
}

function tableIdentifier(schema: string | undefined): string {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return schema ? `${quote(schema)}.${quote(COUNTER_TABLE)}` : quote(COUNTER_TABLE);
}
