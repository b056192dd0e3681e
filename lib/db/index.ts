/**
 * The database client: Prisma 6.19 with driver adapters. SQLite (better-sqlite3) is the embedded default;
 * PostgreSQL when DATABASE_URL says so, for several instances sharing one database. Both generated clients
 * come from schemas identical but for the provider, so the SQLite client's types describe both.
 *
 * One client per process, created on first use (kept on globalThis so `next dev` reloads reuse it).
 */
import { statSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config, postgresPoolOptions, type Config, type DatabaseProvider } from "../config";
import {
  DatabaseUnavailableError,
  databaseFault,
  noteDatabaseError,
  takeReopenRequest,
  type DatabaseFault,
} from "./faults";
import { TOOL_POOL_SIZE } from "./connection-budget";
import { sampleAtScrape } from "../metrics/process-metrics";
import { isToolProcess } from "./process-kind";
import { ResilientSqliteFactory } from "./sqlite-adapter";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";

export type Db = SqliteClient;
export { Prisma } from "../generated/sqlite/client";

interface DbHolder {
  client: Db;
  provider: DatabaseProvider;
  url: string;
  /** The SQLite file the client opened (device + inode), to notice it being deleted or replaced. */
  file?: { path: string; identity: string };
}

const globalForDb = globalThis as unknown as { __vinscopeDb?: DbHolder };

export function createDb(database: Config["database"], faults: Config["databaseFaults"] = config().databaseFaults): Db {
  if (database.provider === "postgresql") {
    const server = !isToolProcess();
    // connectionTimeoutMillis bounds both connecting and waiting for a free connection of a full pool: an
    // unreachable server or an exhausted pool fails the query within it (503 with Retry-After) instead of
    // hanging (node-postgres waits for ever by default); the pool drops broken connections and reconnects.
    // The pool is made here rather than by the adapter so that /metrics can read its counts (lib/metrics);
    // the adapter still ends it when the client disconnects (disposeExternalPool).
    const pool = new pg.Pool({
      ...postgresPoolOptions(database),
      max: server ? config().databasePoolSize : TOOL_POOL_SIZE,
      connectionTimeoutMillis: faults.connectTimeoutMs,
      // No statement of a server process outlives the longest request.
      ...(server ? { statement_timeout: config().requestDeadlineMs } : {}),
    });
    samplePool(pool);
    const adapter = new PrismaPg(pool, { schema: database.schema, disposeExternalPool: true });
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  // busy timeout: wait out another connection's short write lock instead of failing (the file is in WAL
  // mode, set once by cli/db/prepare.ts, so readers never wait on writers). lib/db/sqlite-adapter.ts keeps a
  // failed write from leaving a transaction (and its lock) open.
  const adapter = new ResilientSqliteFactory({
    url: database.url,
    busyTimeoutMs: faults.busyTimeoutMs,
    lockWaitMs: faults.busyTimeoutMs + 1000,
    maxHoldMs: config().requestDeadlineMs,
  });
  return new SqliteClient({ adapter });
}

/** The pool's connections when /metrics is scraped: the newest pool of the process (an older one is retired). */
function samplePool(pool: pg.Pool): void {
  sampleAtScrape("dbPool", (set) => {
    set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    set({ state: "idle" }, pool.idleCount);
    set({ state: "waiting" }, pool.waitingCount);
  });
}

function sqlitePath(url: string): string {
  return url.replace(/^file:/, "").replace(/\?.*$/, "");
}

function fileIdentity(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

let checkedAt = 0;
let openedAt = 0;
/** During a lasting fault, a fresh connection at most this often. */
const REOPEN_MIN_MS = 2000;
/** Asking the file system on every call is cheap, but once per this many ms is enough. */
const FILE_CHECK_MS = 500;

/**
 * The SQLite file must still be the one the client opened: a deleted file would otherwise go on taking writes
 * into an inode nobody can open again (keys issued then are lost at restart). A missing file answers
 * "database unavailable"; a file put back (restored, or replaced) is opened afresh.
 */
function checkSqliteFile(held: DbHolder): "same" | "replaced" {
  if (!held.file) return "same";
  const now = Date.now();
  if (now - checkedAt < FILE_CHECK_MS) return "same";
  checkedAt = now;
  const identity = fileIdentity(held.file.path);
  if (identity === null) {
    checkedAt = 0; // look again on every use until the file is back
    throw new DatabaseUnavailableError(`the SQLite file ${held.file.path} is missing`, "gone");
  }
  // An I/O error may have left the connection unusable: a fresh one costs little and heals it.
  const reopen = now - openedAt > REOPEN_MIN_MS && takeReopenRequest();
  return identity === held.file.identity && !reopen ? "same" : "replaced";
}

export function db(): Db {
  const { database } = config();
  const held = globalForDb.__vinscopeDb;
  if (held && held.url === database.url && checkSqliteFile(held) === "same") return held.client;
  if (held) retire(held.client);
  const file = database.provider === "sqlite" ? sqlitePath(database.url) : undefined;
  const identity = file ? fileIdentity(file) : null;
  if (file && identity === null) {
    // Never opened as a new, empty file: only `vinscope db migrate` (and `start`, which runs it) creates one.
    globalForDb.__vinscopeDb = undefined;
    throw new DatabaseUnavailableError(`the SQLite file ${file} is missing`, "gone");
  }
  openedAt = Date.now();
  const client = createDb(database);
  globalForDb.__vinscopeDb = {
    client,
    provider: database.provider,
    url: database.url,
    ...(file && identity ? { file: { path: file, identity } } : {}),
  };
  return client;
}

/** Requests still using a replaced client finish on it; it is closed a little later. */
function retire(client: Db): void {
  setTimeout(() => void client.$disconnect().catch(() => {}), 30_000).unref();
}

export function dbProvider(): DatabaseProvider {
  return config().database.provider;
}

/**
 * A round trip, for health checks: a read of one of the app's tables (a database never migrated is not ok), and
 * on SQLite also a write (the header's user_version set to itself): a read-only or failing disk still answers
 * reads, and "ok" must mean the service can take a key.
 */
export async function pingDb(): Promise<{ ok: boolean; latencyMs: number; error?: string; fault?: DatabaseFault }> {
  const started = performance.now();
  try {
    const client = db();
    // A table of ours, not SELECT 1: an empty database (never migrated) cannot serve either.
    await client.$queryRawUnsafe(`SELECT 1 FROM "Setting" LIMIT 1`);
    if (dbProvider() === "sqlite") {
      const [row] = await client.$queryRawUnsafe<{ user_version: bigint | number }[]>("PRAGMA user_version");
      await client.$executeRawUnsafe(`PRAGMA user_version = ${Number(row.user_version)}`);
    }
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    noteDatabaseError(error);
    return {
      ok: false,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      error: error instanceof Error ? error.message.split("\n")[0] : String(error),
      fault: databaseFault(error) ?? undefined,
    };
  }
}

export async function disconnectDb(): Promise<void> {
  const held = globalForDb.__vinscopeDb;
  globalForDb.__vinscopeDb = undefined;
  await held?.client.$disconnect();
}
