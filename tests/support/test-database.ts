/**
 * Fresh, migrated databases for tests: a temporary SQLite file, or (when the suite runs with
 * TEST_DB_PROVIDER=postgresql) a new schema in TEST_DATABASE_URL's database, dropped afterwards. Test apps use
 * `createTestDatabase`; tests that call lib code directly use `createMigratedDatabase` / `createMigratedSqlite`.
 * Every one of them is migrated by `migrateDatabase` (a new SQLite file: a copy of a migrated template).
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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

function makeSqliteTemplate(): string {
  const migrations = path.resolve(__dirname, "../../prisma/migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(migrations).sort()) {
    const sql = path.join(migrations, name, "migration.sql");
    if (existsSync(sql)) hash.update(name).update(readFileSync(sql));
  }
  const template = path.join(os.tmpdir(), `vinscope-migrated-${hash.digest("hex").slice(0, 16)}.db`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-migrating-"));
  try {
    const file = path.join(dir, "template.db");
    migrateDeploy(`file:${file}`, { quiet: true });
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

async function createPostgresSchema(label: string): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB_PROVIDER=postgresql needs TEST_DATABASE_URL");
  const schema = `${label}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  migrateDatabase(url.toString());
  return {
    provider: "postgresql",
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}
