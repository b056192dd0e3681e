/**
 * How many PostgreSQL connections vinscope keeps, in one place: what lib/db/index.ts and the rate-limit
 * counters open, and what `npm start` tells the operator. docs/scaling.md's "Connection budget" adds them up.
 */
import type { Config } from "../config";

/** The CLI's, the job runner's and the migration's pool: one import, sync or migration at a time, beside its lease. */
export const TOOL_POOL_SIZE = 2;

/** Each server process's connection for the shared rate-limit counters (one statement in flight at a time). */
export const COUNTER_CONNECTIONS = 1;

/** What one instance keeps once it serves: each server process's pool and counter connection, and its job runner. */
export function instanceConnections(cfg: Pick<Config, "workers" | "databasePoolSize">): {
  total: number;
  text: string;
} {
  const perProcess = cfg.databasePoolSize + COUNTER_CONNECTIONS;
  return {
    total: cfg.workers * perProcess + TOOL_POOL_SIZE,
    text:
      `${cfg.workers} server process${cfg.workers === 1 ? "" : "es"} × (${cfg.databasePoolSize} + ${COUNTER_CONNECTIONS} for the rate-limit counters)` +
      ` + ${TOOL_POOL_SIZE} for the job runner`,
  };
}
