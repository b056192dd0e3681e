/**
 * The database client: Prisma 6.19 with driver adapters. SQLite (better-sqlite3) is the embedded default;
 * PostgreSQL when DATABASE_URL says so, for several instances sharing one database. Both generated clients
 * come from schemas identical but for the provider, so the SQLite client's types describe both.
 *
 * One client per process, created on first use (kept on globalThis so `next dev` reloads reuse it).
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config, postgresPoolOptions, type Config, type DatabaseProvider } from "./config";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";

export type Db = SqliteClient;
export { Prisma } from "./generated/sqlite/client";

interface DbHolder {
  client: Db;
  provider: DatabaseProvider;
  url: string;
}

const globalForDb = globalThis as unknown as { __vinscopeDb?: DbHolder };

export function createDb(database: Config["database"]): Db {
  if (database.provider === "postgresql") {
    const adapter = new PrismaPg({ ...postgresPoolOptions(database), max: 10 }, { schema: database.schema });
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  // busy timeout: wait out another connection's short write lock instead of failing (the file is in WAL
  // mode, set once by scripts/prepare-db.ts, so readers never wait on writers).
  const adapter = new PrismaBetterSQLite3({ url: database.url, timeout: 5000 });
  return new SqliteClient({ adapter });
}

export function db(): Db {
  const { database } = config();
  const held = globalForDb.__vinscopeDb;
  if (held && held.url === database.url) return held.client;
  const client = createDb(database);
  globalForDb.__vinscopeDb = { client, provider: database.provider, url: database.url };
  return client;
}

export function dbProvider(): DatabaseProvider {
  return config().database.provider;
}

/** A trivial round trip, for health checks. */
export async function pingDb(): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      error: error instanceof Error ? error.message.split("\n")[0] : String(error),
    };
  }
}

export async function disconnectDb(): Promise<void> {
  const held = globalForDb.__vinscopeDb;
  globalForDb.__vinscopeDb = undefined;
  await held?.client.$disconnect();
}
