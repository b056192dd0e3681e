/**
 * Writers next to a serving app, as they were found to fail:
 * - SQLite: a request that wanted to write while another process held the write lock froze its whole server
 *   process (better-sqlite3 waited out the busy timeout synchronously): /robots.txt, which never touches the
 *   database, waited too. Now the process keeps answering, and what the request wrote (dealer usage) lands
 *   once the lock is free.
 * - A big deals import while a dealer calls the API a few times a second: the import used to fail with
 *   "database is locked"; now it succeeds, and readers see the deals before it or after it, never part of it
 *   (SQLite and PostgreSQL).
 * - A database that was never migrated, or whose file is gone: the CLI says in one line to run
 *   `vinscope db migrate` (exit 2) and creates no file; the app answers 503 with Retry-After, health too.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { resetConfigForTests } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { issueKey } from "../lib/dealers";
import { startApp, type TestApp } from "./support/app";
import { createTestDatabase, testProvider, type TestDatabase } from "./support/test-database";
import { vinscopeCommand } from "./support/vinscope-cli";

jest.setTimeout(180_000);

const root = path.resolve(__dirname, "..");
const sqliteOnly = testProvider() === "sqlite" ? test : test.skip;
const VIN = "4T1G11AK7RU000001";
const DEALS = 5000;

let app: TestApp;
let database: TestDatabase;
let key: string;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  resetConfigForTests();
  key = (await issueKey({ name: "Busy Motors", email: "busy@motors.example" })).key;
  await disconnectDb();
  // A frozen process would stall for the whole busy timeout: long enough to tell apart from a slow machine.
  app = await startApp({ database, env: { DATABASE_BUSY_TIMEOUT_MS: "8000" } });
  dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-writers-"));
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cli(
  args: string[],
  env: Record<string, string> = app.env,
): Promise<{ code: number; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const childEnv = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
    } as unknown as NodeJS.ProcessEnv;
    execFile(
      ...vinscopeCommand(...args),
      { cwd: root, env: childEnv },
      // A child ended by a signal has no exit code: the signal says why (it counts as code 1).
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          signal: error?.signal ?? null,
          stdout,
          stderr,
        }),
    );
  });
}

const provision = () =>
  fetch(`${app.url}/api/dealer/v1/provision`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify({ vins: [VIN] }),
  });

async function timed(work: Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await work;
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

sqliteOnly(
  "another process holds the SQLite write lock: the server keeps answering, and the request's writes land afterwards",
  async () => {
    const keyId = (await app.db().dealerKey.findFirstOrThrow({ where: { name: "Busy Motors" } })).id;
    const usage = async () =>
      (await app.db().dealerUsage.findMany({ where: { keyId } })).reduce((n, u) => n + u.requests, 0);
    // Warm: the first answer of a route in a fresh process compiles it, which is slow on a busy machine.
    for (const url of [`${app.url}/robots.txt`, `${app.url}/api/public/vin/${VIN}?insight=false`])
      expect((await fetch(url)).status).toBe(200);
    expect((await provision()).status).toBe(200);
    await until("the warm-up's usage to be written", async () => ((await usage()) > 0 ? true : undefined));
    const before = await usage();
    const other = new Database(database.url.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      other.exec("ROLLBACK");
      other.close();
    };
    const holder = setTimeout(release, 5000);
    try {
      // A dealer request (it writes its usage) and, right behind it, routes that write nothing.
      const dealer = timed(provision());
      await new Promise((r) => setTimeout(r, 50));
      const robots = await timed(fetch(`${app.url}/robots.txt`));
      const report = await timed(fetch(`${app.url}/api/public/vin/${VIN}?insight=false`));
      expect(robots.status).toBe(200);
      expect(report.status).toBe(200);
      // Frozen, both would have waited until the lock was released (5 s).
      expect(robots.ms).toBeLessThan(2500);
      expect(report.ms).toBeLessThan(2500);
      // The dealer gets the answer without waiting for the lock: the usage is written after it.
      const answered = await dealer;
      expect(answered.status).toBe(200);
      expect(answered.ms).toBeLessThan(2500);
      expect(await usage()).toBe(before);
    } finally {
      clearTimeout(holder);
      release();
    }
    await until("the usage to be written", async () => ((await usage()) === before + 1 ? true : undefined));
  },
);

test("a big deals import while a dealer calls the API: it succeeds, and pricing shows none of it or all of it", async () => {
  const file = path.join(dir, "deals.csv");
  const rows = ["deal_id,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source"];
  for (let i = 0; i < DEALS; i++) {
    const msrp = 30_000 + (i % 50) * 100;
    rows.push(
      `stage-${i},2024,Stagecraft,Publisher,Trim ${i % 4},${["TX", "CA", "NY"][i % 3]},${msrp},${msrp - 1500},${["cash", "lease", "finance"][i % 3]},2024-06-${String(1 + (i % 28)).padStart(2, "0")},bench`,
    );
  }
  writeFileSync(file, rows.join("\n") + "\n");
  const pricing = async () => {
    const res = await fetch(`${app.url}/api/public/pricing/stagecraft/publisher/2024`);
    if (res.status === 404) return 0;
    expect(res.status).toBe(200);
    return ((await res.json()) as { sampleSize: number }).sampleSize;
  };

  let importing = true;
  const seen = new Set<number>();
  let dealerCalls = 0;
  const serving = (async () => {
    while (importing) {
      const [p, sample] = await Promise.all([provision(), pricing()]);
      expect(p.status).toBe(200);
      dealerCalls++;
      seen.add(sample);
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  const imported = await cli(["import", "deals", file, "--json"]);
  importing = false;
  await serving;

  // The whole result, so a failure shows what the CLI said.
  expect(imported).toMatchObject({ code: 0, stderr: expect.not.stringContaining("locked") });
  expect(JSON.parse(imported.stdout)).toMatchObject({ imported: true, rows: DEALS, created: DEALS });
  expect(dealerCalls).toBeGreaterThan(2);
  // Readers saw the deals before the import (none) or after it (all): never a part.
  expect([...seen].every((n) => n === 0 || n === DEALS)).toBe(true);
  expect(await pricing()).toBe(DEALS);
  // Nothing is left in the staging area.
  expect(await app.db().dealStage.count()).toBe(0);
});

test("a database that was never migrated: the CLI says to run `vinscope db migrate` (exit 2) and creates nothing", async () => {
  const env: Record<string, string> = { ...app.env };
  let missing: string | null = null;
  if (testProvider() === "sqlite") {
    missing = path.join(dir, "never-migrated.db");
    env.DATABASE_URL = `file:${missing}`;
  } else {
    const url = new URL(app.env.DATABASE_URL);
    url.searchParams.set("schema", `never_migrated_${process.pid}`);
    env.DATABASE_URL = url.toString();
  }
  // Every command reaches the database the same way (`keys list` below, after the file is deleted, too).
  const run = await cli(["sync", "status"], env);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trim().split("\n")).toEqual([
    expect.stringMatching(/^\[vinscope\] the database .* is not set up: run `vinscope db migrate` first$/),
  ]);
  if (missing) expect(existsSync(missing)).toBe(false);
});

sqliteOnly(
  "the SQLite file deleted: 503 with Retry-After and health 503, never an empty database in its place",
  async () => {
    const file = database.url.slice("file:".length);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    await new Promise((r) => setTimeout(r, 600)); // past the file check's memo
    for (const pathname of [
      "/api/health",
      "/api/public/pricing/stagecraft/publisher/2024",
      "/api/dealer/v1/window-sticker?vin=" + VIN + "&format=check",
    ]) {
      const res = await fetch(`${app.url}${pathname}`, { headers: { "x-api-key": key } });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = await res.json();
      expect(JSON.stringify(body)).toContain('"gone"');
    }
    // Every process that opens the database (the job runner when it restarts, the CLI) refuses rather than creates.
    const run = await cli(["keys", "list"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is not set up: run `vinscope db migrate` first");
    expect(existsSync(file)).toBe(false);
  },
);
