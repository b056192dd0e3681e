/**
 * A fresh, migrated database for tests that exercise lib/pricing directly (no server): a temporary SQLite
 * file by default, or, when the suite runs with TEST_DB_PROVIDER=postgresql (the integration harness's
 * switch), a new schema in TEST_DATABASE_URL's database (dropped again by `drop()`). The migrations are the
 * project's own, applied as written.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { createDb, type Db } from "@/lib/db";
import type { Config } from "@/lib/config";

const root = path.resolve(__dirname, "../..");

function migrationSql(dir: string): string[] {
  const base = path.join(root, dir);
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => readFileSync(path.join(base, name, "migration.sql"), "utf8"));
}

export interface TestDb {
  db: Db;
  provider: Config["database"]["provider"];
  database: Config["database"];
  drop(): Promise<void>;
}

export function testingPostgres(): boolean {
  return process.env.TEST_DB_PROVIDER === "postgresql";
}

export async function createTestDb(): Promise<TestDb> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (testingPostgres()) {
    if (!pgUrl) throw new Error("TEST_DB_PROVIDER=postgresql needs TEST_DATABASE_URL");
    const schema = `pricing_${randomBytes(4).toString("hex")}`;
    const client = new Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    for (const sql of migrationSql("prisma/postgres/migrations")) {
      await client.query(sql.replace(/CREATE SCHEMA IF NOT EXISTS "public";/g, ""));
    }
    await client.end();
    const url = new URL(pgUrl);
    url.searchParams.set("schema", schema);
    const database: Config["database"] = { provider: "postgresql", url: url.toString(), schema };
    const db = createDb(database);
    return {
      db,
      provider: "postgresql",
      database,
      async drop() {
        await db.$disconnect();
        const c = new Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`DROP SCHEMA "${schema}" CASCADE`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-pricing-"));
  const file = path.join(dir, "test.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  for (const sql of migrationSql("prisma/migrations")) sqlite.exec(sql);
  sqlite.close();
  const database: Config["database"] = { provider: "sqlite", url: `file:${file}` };
  const db = createDb(database);
  return {
    db,
    provider: "sqlite",
    database,
    async drop() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
