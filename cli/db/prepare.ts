/**
 * `vinscope db migrate` (`npm run db:migrate`, and the first thing `vinscope start` does): brings the database
 * up to date before the app serves: applies pending migrations (`prisma migrate deploy`, never `db push`),
 * switches a SQLite file to WAL mode, and seeds the demo data into an empty database.
 * Safe to run from several instances at once against one PostgreSQL (migrate deploy takes an advisory lock;
 * seeders are idempotent).
 */
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { config, postgresPoolOptions } from "../../lib/config";
import { disconnectDb } from "../../lib/db";
import { instanceConnections } from "../../lib/db/connection-budget";
import { migrateDeploy } from "./migrate-deploy";

/** The migrations Prisma's migrate deploy would apply: every folder of the provider's migrations. */
function migrationsInFolder(provider: "sqlite" | "postgresql"): string[] {
  const folder = path.join(process.cwd(), "prisma", ...(provider === "postgresql" ? ["postgres"] : []), "migrations");
  return readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
}

const APPLIED_SQL = `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;

/**
 * The schema up to date: a SQLite file in WAL mode (its folder made), then Prisma's migrate deploy unless the
 * database records every migration of the folder as applied (finished, not rolled back). Prisma's CLI takes about
 * 2 s even with nothing to do: `npm start` on an up-to-date database (every start but the first after an upgrade)
 * skips it, and so must the MCP stdio server (Prisma's migration lock cannot be taken while a running web app holds
 * the SQLite file). A failed migration is not recorded as applied, so Prisma still runs and reports it. The
 * applied ones are read on a connection of this function's own, closed before Prisma's CLI runs: its lock cannot
 * be taken on a SQLite file this process still holds open either.
 */
export async function migrate(): Promise<void> {
  const { database } = config();
  let applied: { migration_name: string }[] = [];
  if (database.provider === "sqlite") {
    const file = database.url.slice("file:".length);
    mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new Database(file);
    try {
      sqlite.pragma("journal_mode = WAL");
      try {
        applied = sqlite.prepare(APPLIED_SQL).all() as typeof applied;
      } catch {
        // No migrations table yet: a new file.
      }
    } finally {
      sqlite.close();
    }
  } else {
    const client = new Client(postgresPoolOptions(database));
    try {
      await client.connect();
      applied = (await client.query<{ migration_name: string }>(APPLIED_SQL)).rows;
    } catch {
      // No migrations table yet (a new database), or a server Prisma should report on.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const done = new Set(applied.map((r) => r.migration_name));
  if (migrationsInFolder(database.provider).some((name) => !done.has(name))) migrateDeploy(database.url);
}

/** Any fixed number: the key of the advisory lock instances take turns on while they prepare the database. */
const PREPARE_LOCK_KEY = 7_207_368;

/**
 * On PostgreSQL, instances starting together take turns: Prisma's own migration lock gives up after 10 s,
 * which a slow first migration plus seed can exceed, so preparation waits on a lock of its own (no timeout).
 */
async function withPrepareLock(work: () => Promise<void>): Promise<void> {
  const { database } = config();
  if (database.provider !== "postgresql") return work();
  const client = new Client(postgresPoolOptions(database));
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
    await reportConnectionBudget(client).catch(() => undefined);
    await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** An instance preparing the database (this lock, the migration, the seed: 3) and one `vinscope` command (2). */
const STARTUP_AND_COMMAND = 5;

/** One line for the operator: what this instance will keep against what the server allows (docs/scaling.md, "Connection budget"). */
async function reportConnectionBudget(client: Client): Promise<void> {
  const { rows } = await client.query<{ max: string; reserved: string }>(
    "SELECT current_setting('max_connections') AS max, current_setting('superuser_reserved_connections') AS reserved",
  );
  const usable = Number(rows[0].max) - Number(rows[0].reserved);
  const budget = instanceConnections(config());
  console.log(
    `[vinscope] PostgreSQL connections: this instance keeps up to ${budget.total} (${budget.text}); ` +
      `the server allows ${usable} to non-superusers: enough for ${Math.floor((usable - STARTUP_AND_COMMAND) / budget.total)} instances like it, ` +
      `with ${STARTUP_AND_COMMAND} left for an instance starting and a command`,
  );
}

export async function prepareDatabase(): Promise<void> {
  const cfg = config();
  const where = cfg.database.provider === "sqlite" ? cfg.database.url.slice(5) : "PostgreSQL";
  try {
    await withPrepareLock(async () => {
      await migrate();
      console.log(`[vinscope] database ready (${cfg.database.provider}: ${where})`);
      if (cfg.seedDemoData) {
        const { seedDemoData } = await import("../../lib/seed");
        const seeded = await seedDemoData();
        for (const line of seeded) console.log(`[vinscope] ${line}`);
      }
    });
  } catch (error) {
    console.error(`[vinscope] database preparation failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await disconnectDb().catch(() => undefined);
  }
}
