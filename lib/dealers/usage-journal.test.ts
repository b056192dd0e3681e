/**
 * Dealer usage survives a kill -9: a process counts calls while the database cannot take its writes (another
 * connection holds SQLite's write lock), is killed outright, and the next start's replay adds exactly what it
 * counted: nothing lost, nothing twice. A live process's journal is left alone.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { issueKey, readUsage, recordUsage, usageDay } from "./keys";
import { replayUsageJournals, UsageJournal } from "./usage-journal";

let temp: ReturnType<typeof createTempDb>;
let dataDir: string;
beforeAll(() => {
  process.env.LOG_LEVEL = "silent";
  dataDir = mkdtempSync(path.join(tmpdir(), "vinscope-usage-"));
  // This process and the killed one serve the same database from the same DATA_DIR: the start's replay finds
  // the killed process's journal where that process kept it.
  process.env.DATA_DIR = dataDir;
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  delete process.env.DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A folder of journals for the tests that make journals themselves. */
const journalDir = () => path.join(dataDir, "own-journals");
const record = (keyId: string, counts: Parameters<typeof recordUsage>[1], day: Date) => recordUsage(keyId, counts, day);
const ROOT = path.resolve(__dirname, "../..");

// A process of its own to kill, started with TypeScript's loader: seconds on a busy machine.
test("calls counted by a process killed outright before its queue wrote them are replayed, once", async () => {
  const { record: key } = await issueKey({ name: "Lot", email: "lot@example.com" });
  // Another connection holds the write lock: the killed process's queue cannot write a single count.
  const lock = new Database(temp.url.replace(/^file:/, ""));
  lock.exec("BEGIN IMMEDIATE");
  // node itself with tsx's loader (the tsx command would be a parent process, and the kill would miss the counter).
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "tests/fixtures/usage/count-and-wait.ts"), key.id, "25"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: temp.url, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("counted 25") && resolve());
    child.on("exit", (code) => reject(new Error(`the counting process exited (${code}) before counting`)));
  });
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  lock.exec("ROLLBACK");
  lock.close();

  const day = usageDay(new Date());
  expect((await readUsage(key.id, day)).requests).toBe(0);
  expect(await replayUsageJournals(record)).toBe(25);
  expect(await readUsage(key.id, day)).toMatchObject({ requests: 25, vins: 50 });
  const [perDatabase] = readdirSync(path.join(dataDir, "usage-journal"));
  expect(readdirSync(path.join(dataDir, "usage-journal", perDatabase))).toEqual([]);
  // Replayed once: a second start finds nothing more.
  expect(await replayUsageJournals(record)).toBe(0);
  expect((await readUsage(key.id, day)).requests).toBe(25);
}, 60_000);

test("only calls after a tally's last written mark are replayed; a live process's journal is not touched", async () => {
  const { record: key } = await issueKey({ name: "Lot 2", email: "lot2@example.com" });
  const day = usageDay(new Date());
  const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
  const dead = new UsageJournal(journalDir(), { host: hostname(), pid: gone });
  const call = { requests: 1, vins: 1, stickers: 1, provisions: 0 };
  dead.counted(key.id, day, call);
  const second = dead.counted(key.id, day, call);
  await recordUsage(key.id, { requests: 2, vins: 2, stickers: 2 }, new Date(`${day}T12:00:00Z`));
  dead.written(key.id, day, second);
  dead.counted(key.id, day, call);

  const live = new UsageJournal(journalDir());
  live.counted(key.id, day, call);

  expect(await replayUsageJournals(record, journalDir())).toBe(1);
  expect(await readUsage(key.id, day)).toMatchObject({ requests: 3, vins: 3 });
  expect(existsSync(live.file)).toBe(true);
  expect(existsSync(dead.file)).toBe(false);
}, 30_000);

test("a journal whose every call is written is emptied", async () => {
  const journal = new UsageJournal(journalDir());
  const day = usageDay(new Date());
  const seq = journal.counted("k", day, { requests: 1, vins: 0, stickers: 0, provisions: 0 });
  expect(readdirSync(journalDir())).toContain(path.basename(journal.file));
  journal.written("k", day, seq);
  expect(statSync(journal.file).size).toBe(0);
});
