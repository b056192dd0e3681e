/**
 * A fresh, migrated database per test app: a copy of the migrated SQLite template, or (when the suite runs
 * with TEST_DB_PROVIDER=postgresql) a new schema in TEST_DATABASE_URL's database, dropped afterwards.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

export interface TestDatabase {
  provider: "sqlite" | "postgresql";
  url: string;
  drop(): Promise<void>;
}

const root = path.resolve(__dirname, "../..");

export function testProvider(): "sqlite" | "postgresql" {
  return process.env.TEST_DB_PROVIDER === "postgresql" ? "postgresql" : "sqlite";
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testProvider() === "postgresql") return createPostgresSchema();
  const template = process.env.VINSCOPE_TEMPLATE_DB;
  if (!template) throw new Error("VINSCOPE_TEMPLATE_DB is not set: the integration globalSetup did not run");
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-db-"));
  const file = path.join(dir, "test.db");
  copyFileSync(template, file);
  return { provider: "sqlite", url: `file:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function createPostgresSchema(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB_PROVIDER=postgresql needs TEST_DATABASE_URL");
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: "ignore",
  });
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
