/**
 * Fresh, migrated databases for tests: a temporary SQLite file, or (when the suite runs with
 * TEST_DB_PROVIDER=postgresql) a new database cloned from a migrated template on TEST_DATABASE_URL's server,
 * dropped afterwards. Test apps use
 * `createTestDatabase`; tests that call lib code directly use `createMigratedDatabase` / `createMigratedSqlite`.
 * Every one of them is migrated by `migrateDatabase` (a new SQLite file: a copy of a migrated template).
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

export interface TestDatabase {
  provider: "sqlite" | "postgresql";
  url: string;
  drop(): Promise<void>;
}

export function testProvider(): "sqlite" | "postgresql" {
  return process.env.TEST_DB_PROVIDER === "postgresql" ? "postgresql" : "sqlite";
}

/**
 * Applies the project's migrations to `url`, as `npm start` does (`prisma migrate deploy`). A new SQLite file is
 * a copy of a template migrated once per set of migrations: each `prisma migrate deploy` is a CLI process of
 * 1.5-2 s, and under a parallel test run one of them stretched a unit test past Jest's 5 s.
 */
export function migrateDatabase(url: string): void {
  const file = url.startsWith("file:") ? url.slice("file:".length) : null;
  if (file && path.isAbsolute(file) && !existsSync(file)) {
    copyFileSync(migratedSqliteTemplate(), file);
    return;
  }
  migrateDeploy(url, { quiet: true });
}

/**
 * The template's name carries a hash of the SQLite migrations, so a changed or added migration makes a new one.
 * It is migrated in a folder of its own and renamed into place (atomic), so parallel Jest workers that race to
 * make it each see a whole file.
 */
function migratedSqliteTemplate(): string {
  return (templateOfThisProcess ??= makeSqliteTemplate());
}

let templateOfThisProcess: string | undefined;

/** A hash of a migrations folder's names and SQL: a changed or added migration changes it. */
function migrationsHash(migrations: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrations).sort()) {
    const sql = path.join(migrations, name, "migration.sql");
    if (existsSync(sql)) hash.update(name).update(readFileSync(sql));
  }
  return hash.digest("hex").slice(0, 16);
}

function makeSqliteTemplate(): string {
  const migrations = path.resolve(__dirname, "../../prisma/migrations");
  const template = path.join(os.tmpdir(), `vinscope-migrated-${migrationsHash(migrations)}-wal.db`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-migrating-"));
  try {
    const file = path.join(dir, "template.db");
    migrateDeploy(`file:${file}`, { quiet: true });
    // In WAL mode, as `vinscope db migrate` leaves a file (cli/db/prepare.ts); the mode is kept in the file, so
    // every copy has it. In SQLite's default mode a reader blocks a writer's commit, which the app's database
    // layer does not retry: a test app failed writes with 503 where the product would not.
    const sqlite = new Database(file);
    try {
      sqlite.pragma("journal_mode = WAL");
    } finally {
      sqlite.close();
    }
    renameSync(file, template);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

/** A migrated SQLite file in a temporary folder (synchronous, for tests that set it up at module level). */
export function createMigratedSqlite(label = "db"): TestDatabase & { dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `vinscope-${label}-`));
  const url = `file:${path.join(dir, "test.db")}`;
  migrateDatabase(url);
  return { provider: "sqlite", url, dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated database of the suite's provider, for tests that call lib code directly. */
export async function createMigratedDatabase(label = "db"): Promise<TestDatabase> {
  return testProvider() === "postgresql" ? createPostgresSchema(label) : createMigratedSqlite(label);
}

/** A migrated database of the suite's provider for a test app. */
export async function createTestDatabase(): Promise<TestDatabase> {
  return createMigratedDatabase("app");
}

/**
 * A PostgreSQL database for one test: a clone of a template database migrated once per set of migrations
 * (`CREATE DATABASE … TEMPLATE`, a file copy on the server of about 100 ms), where each new schema took two Prisma
 * CLI processes (3-4 s). Cloning needs the CREATEDB right; without it the test gets a new schema in
 * TEST_DATABASE_URL's database, migrated the slow way.
 */
async function createPostgresSchema(label: string): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB_PROVIDER=postgresql needs TEST_DATABASE_URL");
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    if (await mayCreateDatabases(admin)) {
      const template = await postgresTemplate(admin, base);
      const name = `vinscope_t_${label}_${suffix}`.toLowerCase();
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      return {
        provider: "postgresql",
        url: url.toString(),
        drop: () => onAdmin(base, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
      };
    }
    const schema = `${label}_${suffix}`;
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const url = new URL(base);
    url.searchParams.set("schema", schema);
    migrateDatabase(url.toString());
    return {
      provider: "postgresql",
      url: url.toString(),
      drop: () => onAdmin(base, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)),
    };
  } finally {
    await admin.end();
  }
}

async function onAdmin(base: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function mayCreateDatabases(client: Client): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    "SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user",
  );
  return rows[0]?.ok === true;
}

/**
 * The migrated template of the PostgreSQL migrations as they are now (its name carries their hash), made once by
 * whichever test process gets there first: an advisory lock keeps two from making it together, and it is renamed
 * into place only once migrated, so a clone never sees half of it.
 */
async function postgresTemplate(admin: Client, base: string): Promise<string> {
  const name = `vinscope_tmpl_${migrationsHash(path.resolve(__dirname, "../../prisma/postgres/migrations"))}`;
  await admin.query("SELECT pg_advisory_lock(74170211)");
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return name;
    const making = `${name}_making`;
    await admin.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${making}"`);
    const url = new URL(base);
    url.pathname = `/${making}`;
    url.searchParams.delete("schema");
    migrateDeploy(url.toString(), { quiet: true });
    await admin.query(`ALTER DATABASE "${making}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock(74170211)");
  }
}

/**
 * Where a test reaches a PostgreSQL test database's tables as an administrator (to lock or drop them): the
 * database itself with its tables in `public` when it is a clone, or TEST_DATABASE_URL's database and the test's
 * own schema.
 */
export function postgresTablesOf(url: string): { connectionString: string; schema: string } {
  const schema = new URL(url).searchParams.get("schema");
  return schema
    ? { connectionString: process.env.TEST_DATABASE_URL!, schema }
    : { connectionString: url, schema: "public" };
}

interface HeldTables {
  /** Whether a query of another connection is waiting on one of the locks. */
  someoneWaits(): Promise<boolean>;
  /** Ends the transaction: the queries waiting on it go on. */
  release(): Promise<void>;
  /** Releases the locks if they are still held, and closes the connection. */
  close(): Promise<void>;
}

/**
 * Every table of a PostgreSQL test database (but those whose name is LIKE `except`) locked ACCESS EXCLUSIVE by a
 * connection of the test's own, in an open transaction: what the app's (or a job runner's) queries then wait on.
 */
export async function lockPostgresTables(url: string, opts: { except?: string } = {}): Promise<HeldTables> {
  const { connectionString, schema } = postgresTablesOf(url);
  const admin = new Client({ connectionString });
  await admin.connect();
  let held = false;
  try {
    await admin.query("BEGIN");
    held = true;
    const { rows } = await admin.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = $1${
        opts.except ? " AND table_name NOT LIKE $2" : ""
      }`,
      opts.except ? [schema, opts.except] : [schema],
    );
    await admin.query(`LOCK TABLE ${rows.map((r) => `"${schema}".${r.name}`).join(", ")} IN ACCESS EXCLUSIVE MODE`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const release = async () => {
    if (!held) return;
    held = false;
    await admin.query("ROLLBACK");
  };
  return {
    someoneWaits: async () =>
      (
        await admin.query(
          "SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT l.granted AND n.nspname = $1",
          [schema],
        )
      ).rows.length > 0,
    release,
    close: async () => {
      await release().catch(() => undefined);
      await admin.end();
    },
  };
}
