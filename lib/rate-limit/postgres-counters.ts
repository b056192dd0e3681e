/**
 * The shared store of the batched rate-limit counters (lib/rate-limit/batched-counters.ts) in the app's PostgreSQL
 * database: every process of every instance counts in the same rows.
 *
 *   rate_limit_counters (key, points, expire)   a fixed window per key (rate-limiter-flexible's layout: points
 *                                               in the window, its end in epoch ms; an ended window restarts)
 *   rate_limit_members  (id, seen)              each server process, with when it last sent a statement
 *
 * One statement adds every key's delta, records this process as alive and counts the processes alive, on the
 * database's clock (instances on several hosts agree on when a window ends). Both tables are made by the
 * migrations (prisma/schema.prisma: RateLimitCounter, RateLimitMember); a table that is gone fails the statement,
 * and the limiter counts in its next store meanwhile. Rows of ended windows and long-gone processes are deleted
 * now and then.
 *
 * Connections: one per server process. One statement is in flight at a time by design, so it never waits for a
 * connection of the app's own pool, and an exhausted app pool does not stall the limiter.
 */
import { Pool } from "pg";
import { config, postgresPoolOptions } from "../config";
import { COUNTER_CONNECTIONS } from "../db/connection-budget";
import { log } from "../log";
import type { CounterBackend, CounterDelta, CounterTotal } from "./batched-counters";

const COUNTERS = "rate_limit_counters";
const MEMBERS = "rate_limit_members";
/** A process that sent nothing for this long no longer counts as sharing the quota. */
const MEMBER_TTL_MS = 10_000;
/** How often ended windows and gone processes are deleted (by whichever process gets there). */
const CLEANUP_MS = 5 * 60_000;
/** A statement, or the wait for the connection, that takes longer fails (the limiter then counts in its next store). */
const STATEMENT_TIMEOUT_MS = 1000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class PostgresCounterBackend implements CounterBackend {
  private readonly pool: Pool;
  private readonly counters: string;
  private readonly members: string;
  private lastCleanup = Date.now();

  constructor(database = config().database) {
    this.pool = new Pool({
      ...postgresPoolOptions(database),
      max: COUNTER_CONNECTIONS,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS,
    });
    // An idle connection dropped by the server must not crash the process; the next statement reconnects.
    this.pool.on("error", (error) => log().warn({ err: error }, "rate-limit store connection lost"));
    const schema = database.schema ? `${quote(database.schema)}.` : "";
    this.counters = `${schema}${quote(COUNTERS)}`;
    this.members = `${schema}${quote(MEMBERS)}`;
  }

  async sync(deltas: CounterDelta[], memberId: string): Promise<{ members: number; totals: CounterTotal[] }> {
    const { rows } = await this.pool.query<{
      members: number;
      key: string | null;
      points: number | null;
      ms_left: string | null;
    }>(this.statement(), [
      deltas.map((d) => d.key),
      deltas.map((d) => d.delta),
      deltas.map((d) => d.durationMs),
      memberId,
      MEMBER_TTL_MS,
    ]);
    this.cleanUpNowAndThen();
    return {
      members: rows[0]?.members ?? 1,
      totals: rows
        .filter((r) => r.key !== null)
        .map((r) => ({ key: r.key!, points: r.points!, msLeft: Number(r.ms_left) })),
    };
  }

  async end(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Rows are locked in the order given (the caller sorts the keys), and an ended window restarts with the delta.
   * A data-modifying CTE's own rows are invisible to the rest of the statement: the count adds this process.
   */
  private statement(): string {
    return `
      WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now),
      input AS (SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[]) AS t(key, delta, duration)),
      beat AS (
        INSERT INTO ${this.members} (id, seen) SELECT $4, now FROM clock
        ON CONFLICT (id) DO UPDATE SET seen = EXCLUDED.seen
      ),
      counted AS (
        INSERT INTO ${this.counters} AS c (key, points, expire)
        SELECT input.key, input.delta, clock.now + input.duration FROM input, clock ORDER BY input.key
        ON CONFLICT (key) DO UPDATE SET
          points = CASE WHEN c.expire IS NULL OR c.expire <= (SELECT now FROM clock) THEN EXCLUDED.points ELSE c.points + EXCLUDED.points END,
          expire = CASE WHEN c.expire IS NULL OR c.expire <= (SELECT now FROM clock) THEN EXCLUDED.expire ELSE c.expire END
        RETURNING c.key, c.points, c.expire
      )
      SELECT (SELECT count(*) FROM ${this.members} WHERE id <> $4 AND seen > clock.now - $5)::int + 1 AS members,
             counted.key, counted.points, counted.expire - clock.now AS ms_left
      FROM clock LEFT JOIN counted ON true`;
  }

  private cleanUpNowAndThen(): void {
    if (Date.now() - this.lastCleanup < CLEANUP_MS) return;
    this.lastCleanup = Date.now();
    const now = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
    void this.pool
      .query(
        `WITH gone AS (DELETE FROM ${this.members} WHERE seen < ${now} - 3600000) DELETE FROM ${this.counters} WHERE expire < ${now}`,
      )
      .catch((error: unknown) => log().warn({ err: error }, "rate-limit counter cleanup failed"));
  }
}
