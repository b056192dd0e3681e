/**
 * The scheduled syncs (lib/jobs) against the built app, with every outside system on loopback: a file server
 * standing in for NHTSA's FLAT_RCL downloads and corgi's vPIC builds, and a fake NHTSA recalls API. Jobs run
 * through `npm run sync` (the same runJob the scheduler uses) on the app's database; the job runner of
 * `npm start` (cli/server/job-runner.ts) is run twice on one database to show the lease, against a file server
 * that fails first to show its retry, and with every job off to show it stays up.
 *
 * Fixtures: tests/fixtures/recall-mirror (real FLAT_RCL rows in the 29-column layout, see SOURCES.md there);
 * the vPIC files are built here from the bundled vPIC cut.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { RecallsResponse } from "../lib/recalls";
import { parseConfig } from "../lib/config";
import { createDb } from "../lib/db";
import { baseTestEnv, eventually, startApp, type TestApp } from "./support/app";
import { createTestDatabase, lockPostgresTables, testProvider, type TestDatabase } from "./support/test-database";
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from "./support/fake-server";
import { vinscopeCommand, jobRunnerCommand } from "./support/vinscope-cli";

const root = path.join(__dirname, "..");
const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures/recall-mirror", name));
const BUNDLED_VPIC = path.join(root, "data/vpic/vpic.lite.db");
/** A real 2003 Honda Accord VIN (NHTSA's own example). */
const ACCORD_VIN = "1HGCM82633A004352";

let app: TestApp;
let files: FakeServer;
let nhtsa: FakeServer;
let dataDir: string;
/** The FLAT_RCL files the file server hands out, by name; an ETag is derived from the bytes. */
const served = new Map<string, Buffer | "hang">();
let newerVpic: Buffer;
/** A job runner with every job off, started first and checked last: it must still be up a minute later. */
let idleRunner: { child: ChildProcess; startedAt: number; database: TestDatabase; output: string };

/** A static file with an ETag, answering 304 to If-None-Match as NHTSA's static host does. */
function serveFile(body: Buffer, req: FakeRequest): FakeResponse {
  const etag = `"${body.length}-${body.subarray(-16).toString("hex")}"`;
  if (req.headers["if-none-match"] === etag) return { status: 304, headers: { etag } };
  return {
    body,
    headers: { etag, "content-length": String(body.length), "last-modified": "Sun, 22 Nov 2026 05:00:00 GMT" },
  };
}

beforeAll(async () => {
  const idleDb = await createTestDatabase();
  const child = spawn(...jobRunnerCommand(), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...baseTestEnv(3000, idleDb.url),
      LOG_LEVEL: "info",
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  idleRunner = { child, startedAt: Date.now(), database: idleDb, output: "" };
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (c: Buffer) => (idleRunner.output += c.toString()));

  dataDir = mkdtempSync(path.join(os.tmpdir(), "vinscope-sync-"));
  // A newer vPIC cut: the bundled file with one pattern edited later, so its data date moves to 2026-10-01.
  const copy = path.join(dataDir, "newer-vpic.db");
  copyFileSync(BUNDLED_VPIC, copy);
  const db = new Database(copy);
  db.prepare(
    "UPDATE Pattern SET UpdatedOn = '2026-10-01T00:00:00.000Z' WHERE Id = (SELECT min(Id) FROM Pattern)",
  ).run();
  db.pragma("journal_mode = DELETE");
  db.close();
  newerVpic = gzipSync(readFileSync(copy), { level: 1 });
  rmSync(copy);

  files = await startFakeServer();
  files.on("GET", /^\/rcl\/[^/]+$/, (req) => {
    const body = served.get(path.basename(req.path));
    if (!body) return { status: 404, body: "not found" };
    if (body === "hang") return { delayMs: 60_000, body: "" };
    return serveFile(body, req);
  });
  files.on("GET", "/vpic/newer.db.gz", (req) => serveFile(newerVpic, req));
  // A file that stops half-way through its gzip stream, and one that is no SQLite database at all.
  files.on("GET", "/vpic/truncated.db.gz", (req) => serveFile(newerVpic.subarray(0, 200_000), req));
  files.on("GET", "/vpic/garbage.db", (req) => serveFile(Buffer.alloc(4096, 7), req));
  // Buyer data: real-format FLAT_CMPL and vehicles.csv samples (tests/fixtures/buyer-data/SOURCES.md).
  files.on("GET", /^\/buyer\/[^/]+$/, (req) =>
    serveFile(readFileSync(path.join(root, "tests/fixtures/buyer-data", path.basename(req.path))), req),
  );

  nhtsa = await startFakeServer();
  nhtsa.on("GET", "/products/vehicle/models", () => ({
    body: { Count: 0, Message: "Results returned successfully", results: [] },
  }));
  nhtsa.on("GET", "/recalls/recallsByVehicle", () => ({
    body: { Count: 0, Message: "Results returned successfully", results: [] },
  }));

  served.set("FLAT_RCL_PRE_2010.zip", fixture("FLAT_RCL_PRE_2010.zip"));
  served.set("FLAT_RCL_POST_2010.zip", fixture("FLAT_RCL_POST_2010.zip"));
  app = await startApp({
    env: {
      DATA_DIR: dataDir,
      VPIC_DB_PATH: BUNDLED_VPIC,
      NHTSA_API_BASE_URL: nhtsa.url,
      SYNC_RECALLS_URL: `${files.url}/rcl`,
      SYNC_VPIC_URL: `${files.url}/vpic/newer.db.gz`,
      SYNC_IDLE_TIMEOUT_MS: "1500",
      REPORT_SECTION_MEMO_MS: "0",
      // Live sources on the fake, so a test can see that a fresh buyer-data mirror asks none of them.
      COMPLAINTS_API_BASE_URL: nhtsa.url,
      FUEL_ECONOMY_API_BASE_URL: `${nhtsa.url}/epa`,
    },
  });
}, 120_000);

afterAll(async () => {
  if (idleRunner && idleRunner.child.exitCode === null) idleRunner.child.kill("SIGKILL");
  await idleRunner?.database.drop();
  await app?.stop();
  await files?.close();
  await nhtsa?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function sync(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      ...vinscopeCommand("sync", ...args),
      { cwd: root, env: { ...process.env, ...app.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const recalls = async (query: string) => {
  const res = await fetch(`${app.url}/api/recalls?${query}`);
  expect(res.status).toBe(200);
  return RecallsResponse.parse(await res.json());
};

/** Server processes reread the mirror's state every few seconds: how long a test here waits for it, unless it says otherwise. */
const WAIT_MS = 10_000;

/** Calls to NHTSA's recall API (its model names for recalls, issueType=r, included; complaints' are not). */
const nhtsaCalls = () =>
  nhtsa.requests.filter(
    (r) => r.path.startsWith("/recalls/") || (r.path.startsWith("/products/") && r.query.get("issueType") === "r"),
  ).length;
const jobStatus = async (name: string) => {
  const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
    jobs: {
      name: string;
      lastError: string | null;
      lastSuccessAt: string | null;
      lastOutcome: string | null;
      rowsChanged: number | null;
      schedule: string | null;
    }[];
  };
  return health.jobs.find((j) => j.name === name)!;
};

describe("recall mirror", () => {
  test("without a mirror the live API answers", async () => {
    const before = nhtsaCalls();
    const body = await recalls("make=ford&model=focus&year=2001");
    expect(nhtsaCalls()).toBeGreaterThan(before);
    expect(body.source).toContain("from api.nhtsa.gov");
    expect(body.asOf).toBe(body.checkedAt);
  });

  test("npm run sync -- recalls imports both files; then the mirror answers with no live call", async () => {
    const run = await sync(["recalls"]);
    expect(run.out).toContain("recalls: ok");
    expect(run.code).toBe(0);
    const status = await jobStatus("recalls");
    expect(status).toMatchObject({ lastOutcome: "ok", rowsChanged: 103, lastError: null, schedule: "17 5 * * *" });

    // Until a server process has read the mirror's job state and loaded its index, NHTSA still answers.
    const focus = await eventually(
      () => recalls("make=ford&model=focus&year=2001"),
      (b) => b.source.includes("mirror"),
      WAIT_MS,
    );
    const before = nhtsaCalls();
    expect(focus).toMatchObject({
      status: "ok",
      count: 1,
      asOf: status.lastSuccessAt,
      items: [{ campaignNumber: "02V288000" }],
    });
    // Not in the files: the complete file proves there are none.
    expect(await recalls("make=honda&model=accord&year=2003")).toMatchObject({
      status: "ok",
      count: 0,
      asOf: status.lastSuccessAt,
    });
    // The VIN report's recall section too.
    const report = await (await fetch(`${app.url}/api/public/vin/${ACCORD_VIN}?insight=false`)).json();
    expect(report.recalls).toMatchObject({ status: "ok", count: 0, asOf: status.lastSuccessAt });
    expect(report.recalls.source).toContain("mirror");
    expect(nhtsaCalls()).toBe(before);
  });

  test("a model year newer than the mirror's data still goes to the live API", async () => {
    const before = nhtsaCalls();
    const body = await recalls("make=hyundai&model=santa-fe&year=2025");
    expect(body.source).toContain("from api.nhtsa.gov");
    expect(nhtsaCalls()).toBeGreaterThan(before);
  });

  test("unchanged files cost one request each, answered 304", async () => {
    files.requests.length = 0;
    const run = await sync(["recalls"]);
    expect(run.out).toContain("recalls: unchanged");
    expect(files.requests.map((r) => r.path).sort()).toEqual([
      "/rcl/FLAT_RCL_POST_2010.zip",
      "/rcl/FLAT_RCL_PRE_2010.zip",
    ]);
    expect(files.requests.every((r) => typeof r.headers["if-none-match"] === "string")).toBe(true);
    expect(await jobStatus("recalls")).toMatchObject({ lastOutcome: "unchanged", rowsChanged: 0 });
  });

  test("a campaign gone from the next file is marked, not deleted, and no longer listed", async () => {
    served.set("FLAT_RCL_PRE_2010.zip", fixture("FLAT_RCL_PRE_2010.next.zip"));
    const run = await sync(["recalls"]);
    expect(run.out).toContain("1 no longer listed (marked)");
    const row = await app.db().recallCampaign.findUnique({ where: { campaignNumber: "02V288000" } });
    expect(row?.removedFromMirrorAt).toBeInstanceOf(Date);
    // The mirror's index is derived again in the background after a sync: within about a second.
    const focus = await eventually(
      () => recalls("make=ford&model=focus&year=2001"),
      (r) => r.count === 0,
      3000,
    );
    expect(focus).toMatchObject({ status: "ok", count: 0 });
    expect((await fetch(`${app.url}/api/recalls?campaign=02V288000`)).status).toBe(200);
  });

  test("a truncated zip fails the sync with the reason in the status; the old data keeps serving", async () => {
    const good = fixture("FLAT_RCL_PRE_2010.zip");
    served.set("FLAT_RCL_PRE_2010.zip", good.subarray(0, Math.floor(good.length * 0.6)));
    const lastGood = (await jobStatus("recalls")).lastSuccessAt;
    const run = await sync(["recalls"]);
    expect(run.code).toBe(1);
    const status = await jobStatus("recalls");
    expect(status.lastOutcome).toBe("failed");
    expect(status.lastError).toMatch(/central directory|end of central/i);
    expect(status.lastSuccessAt).toBe(lastGood);
    // Still the data of the last good sync, from the mirror, without NHTSA.
    const before = nhtsaCalls();
    expect(await recalls("make=volkswagen&model=beetle&year=2006")).toMatchObject({
      status: "ok",
      count: 1,
      items: [{ campaignNumber: "06V043000" }],
    });
    expect(nhtsaCalls()).toBe(before);
  });

  test("a server that hangs fails the sync after SYNC_IDLE_TIMEOUT_MS, and the old data keeps serving", async () => {
    served.set("FLAT_RCL_PRE_2010.zip", "hang");
    const started = Date.now();
    const run = await sync(["recalls"]);
    expect(run.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await jobStatus("recalls")).lastError).toContain("no data for 1500 ms");
    expect(await recalls("make=volkswagen&model=beetle&year=2006")).toMatchObject({ status: "ok", count: 1 });
    served.set("FLAT_RCL_PRE_2010.zip", fixture("FLAT_RCL_PRE_2010.zip"));
  });

  test("the job runner of two instances on one database: never two runs at once", async () => {
    // Every request gets a new file (so every run imports), slowly, and the file server records overlaps.
    let inFlight = 0;
    let overlaps = 0;
    let served = 0;
    files.on("GET", /^\/slow\/[^/]+$/, async (req) => {
      inFlight++;
      if (inFlight > 1) overlaps++;
      await new Promise((r) => setTimeout(r, 700));
      inFlight--;
      served++;
      const body = fixture(
        path.basename(req.path) === "FLAT_RCL_PRE_2010.zip" ? "FLAT_RCL_PRE_2010.zip" : "FLAT_RCL_POST_2010.zip",
      );
      return { body, headers: { etag: `"v${served}"` } };
    });
    const env = {
      ...process.env,
      ...app.env,
      SYNC_RECALLS_URL: `${files.url}/slow`,
      SYNC_VPIC_URL: "off",
      SYNC_RECALLS_SCHEDULE: "* * * * * *",
    };
    const runners = [0, 1].map(() =>
      spawn(...jobRunnerCommand(), {
        cwd: root,
        env,
        stdio: "ignore",
      }),
    );
    try {
      // Both runners try every second; wait for enough runs to have overlapped if the lease let them (each takes
      // a few seconds just to start on a busy machine, so wait for the runs, not for a time).
      await eventually(
        async () => served,
        (n) => n >= 4,
        50_000,
      );
    } finally {
      for (const r of runners) r.kill("SIGTERM");
      await Promise.all(
        runners.map((r) => new Promise((res) => (r.exitCode !== null ? res(null) : r.once("exit", res)))),
      );
    }
    expect(served).toBeGreaterThanOrEqual(4);
    expect(overlaps).toBe(0);
  }, 90_000);
});

describe("vPIC refresh", () => {
  const decode = async () => {
    const res = await fetch(`${app.url}/api/public/vin/${ACCORD_VIN}?insight=false&recalls=false`);
    const body = res.status === 200 ? ((await res.json()) as { vinCheck: { vpicDataDate: string } }) : null;
    return { status: res.status, body: body && { vpicDataDate: body.vinCheck.vpicDataDate } };
  };

  test("a corrupt vPIC file is refused with the reason in the status; the old data keeps serving", async () => {
    const before = await decode();
    expect(before.status).toBe(200);
    expect(before.body?.vpicDataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const [file, reason] of [
      ["truncated.db.gz", /gzip file is damaged/],
      ["garbage.db", /not a sound SQLite database/],
    ] as const) {
      const run = await sync(["vpic"], { SYNC_VPIC_URL: `${files.url}/vpic/${file}` });
      expect(run.code).toBe(1);
      const status = await jobStatus("vpic");
      expect(status.lastOutcome).toBe("failed");
      expect(status.lastError).toMatch(reason);
    }
    await new Promise((r) => setTimeout(r, 2500));
    expect(await decode()).toEqual(before);
  }, 60_000);

  test("a newer vPIC file is switched to under traffic with no failed request, and can be rolled back", async () => {
    const before = await decode();
    expect(before.body?.vpicDataDate).not.toBe("2026-10-01");
    let stop = false;
    const statuses: number[] = [];
    const dates = new Set<string>();
    const traffic = (async () => {
      while (!stop) {
        const r = await decode();
        statuses.push(r.status);
        if (r.body) dates.add(r.body.vpicDataDate);
      }
    })();
    const run = await sync(["vpic"]);
    expect(run.out).toContain("switched to vPIC data of 2026-10-01");
    const after = await eventually(decode, (r) => r.body?.vpicDataDate === "2026-10-01", 15_000);
    // The traffic's own request in flight may have started before the switch: let it see the new data too.
    await eventually(
      async () => dates.has("2026-10-01"),
      (seen) => seen,
      5_000,
    );
    stop = true;
    await traffic;
    expect(after.body?.vpicDataDate).toBe("2026-10-01");
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(dates).toEqual(new Set([before.body!.vpicDataDate, "2026-10-01"]));
    expect(await jobStatus("vpic")).toMatchObject({ lastOutcome: "ok", lastError: null });

    const rollback = await sync(["vpic-rollback"]);
    expect(rollback.code).toBe(0);
    expect((await eventually(decode, (r) => r.body?.vpicDataDate === before.body!.vpicDataDate, 15_000)).body).toEqual(
      before.body,
    );
  }, 120_000);
});

describe("npm run sync -- status", () => {
  test("lists every job with its schedule, last run and next run, and the mirror's age", async () => {
    const run = await sync(["status"]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^recalls: Recall mirror/m);
    expect(run.out).toMatch(/^vpic: vPIC refresh/m);
    expect(run.out).toMatch(/last success\s+\d{4}-/);
    expect(run.out).toMatch(/recall mirror: fresh \(as of /);
  });

  test("an unknown job is a usage error", async () => {
    const run = await sync(["nope"]);
    expect(run.code).toBe(2);
    expect(run.out).toContain(
      "unknown job: nope (jobs: recalls, vpic, complaints, fuel-economy, investigations, bulletins, canada-recalls, webhooks, recall-digest, or all)",
    );
  });
});

describe("buyer-data syncs", () => {
  test("fuel-economy and complaints: downloaded, imported, answered; unchanged files are not imported again", async () => {
    const fuelUrl = { SYNC_FUEL_ECONOMY_URL: `${files.url}/buyer/vehicles-sample.csv` };
    const first = await sync(["fuel-economy"], fuelUrl);
    expect(first.code).toBe(0);
    expect(first.out).toContain("vehicles-sample.csv: 4 rows imported (skipped: 1 incomplete)");
    expect(await jobStatus("fuel-economy")).toMatchObject({ lastOutcome: "ok", rowsChanged: 4 });
    const again = await sync(["fuel-economy"], fuelUrl);
    expect(again.out).toContain("unchanged");
    // The server processes hold the imported rows in memory and reload them within about a second of the import.
    const json = (p: string) => fetch(`${app.url}${p}`).then((r) => r.json());
    const fuel = await eventually(
      () => json("/api/public/fuel-economy/2015/audi/a3"),
      (f) => f.status === "ok",
      WAIT_MS,
    );
    expect(fuel).toMatchObject({ status: "ok", selection: "several" });
    expect(fuel.source).toContain("vehicles.csv");

    const complaints = await sync(["complaints"], { SYNC_COMPLAINTS_URL: `${files.url}/buyer/FLAT_CMPL_sample.txt` });
    expect(complaints.code).toBe(0);
    expect(complaints.out).toContain("FLAT_CMPL_sample.txt: 4 rows imported");
    // The rows show once the index is derived again (its stamp is read every second); `ok` once the server
    // processes have also read the mirror's job state (every 5 s): until then the same rows are `stale`.
    const answer = await eventually(
      () => json("/api/public/complaints/2015/audi/a3"),
      (a) => a.count === 3 && a.status === "ok",
      WAIT_MS,
    );
    expect(answer).toMatchObject({ status: "ok", count: 3 });
    expect(answer.source).toContain("local mirror of NHTSA's FLAT_CMPL file");

    // Fresh mirrors answer with no live call: a vehicle they hold, and one of a year they cover that has none.
    const live = () =>
      nhtsa.requests.filter(
        (r) => r.path.startsWith("/complaints") || r.path.startsWith("/epa") || r.query.get("issueType") === "c",
      ).length;
    // The server processes read the mirrors' job state every 5 s, in the background.
    await eventually(
      () => json("/api/public/fuel-economy/2015/audi/a4"),
      (f) => f.status === "ok",
      WAIT_MS,
    );
    await eventually(
      () => json("/api/public/complaints/2015/audi/a4"),
      (c) => c.status === "ok",
      WAIT_MS,
    );
    const before = live();
    expect(await json("/api/public/complaints/2015/audi/a4")).toMatchObject({ status: "ok", count: 0, newest: [] });
    expect(await json("/api/public/fuel-economy/2015/audi/a4")).toMatchObject({ status: "ok", variants: [] });
    expect(await json("/api/public/complaints/2015/audi/a3")).toMatchObject({ status: "ok", count: 3 });
    expect(live()).toBe(before);
    // A model year newer than the mirrors' goes live.
    await json("/api/public/complaints/2016/audi/a3");
    await json("/api/public/fuel-economy/2016/audi/a3");
    expect(live()).toBeGreaterThan(before);
  });

  test("a job whose URL is off cannot run, and says why", async () => {
    const run = await sync(["complaints"], { SYNC_COMPLAINTS_URL: "off" });
    expect(run.out).toContain("SYNC_COMPLAINTS_URL is off");
  });
});

describe("npm start", () => {
  test("runs the job runner: a recall mirror never synced is synced right after start and then answers", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-sync-start-"));
    const started = await startApp({
      npmStart: true,
      env: {
        DATA_DIR: dir,
        VPIC_DB_PATH: BUNDLED_VPIC,
        WEB_CONCURRENCY: "1",
        NHTSA_API_BASE_URL: "off",
        SYNC_RECALLS_URL: `${files.url}/rcl`,
      },
    });
    try {
      type Health = {
        jobs: { name: string; lastSuccessAt: string | null; lastOutcome: string | null; nextRunAt: string | null }[];
        recallMirror: { state: string };
      };
      const health = () => fetch(`${started.url}/api/health`).then((r) => r.json() as Promise<Health>);
      const after = await eventually(health, (h) => h.recallMirror.state === "fresh", 30_000);
      expect(after.jobs.find((j) => j.name === "recalls")).toMatchObject({
        lastOutcome: "ok",
        nextRunAt: expect.stringMatching(/T05:17:00\.000Z$/),
      });
      expect(after.jobs.find((j) => j.name === "vpic")).toMatchObject({ nextRunAt: null, lastSuccessAt: null });
      const body = await eventually(
        () =>
          fetch(`${started.url}/api/recalls?make=volkswagen&model=beetle&year=2006`).then(
            (r) => r.json() as Promise<{ source: string }>,
          ),
        (b) => b.source.includes("mirror"),
        WAIT_MS,
      );
      expect(body).toMatchObject({ status: "ok", count: 1 });
    } finally {
      await started.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the job runner", () => {
  test("a recall sync that fails at start (the source unreachable) is retried after a backoff, not a day later", async () => {
    // The first request fails as an unreachable host would; later ones are served.
    let asked = 0;
    files.on("GET", /^\/flaky\/[^/]+$/, (req) => {
      asked++;
      if (asked === 1) return { status: 503, body: "unavailable" };
      return serveFile(fixture(path.basename(req.path)), req);
    });
    const database = await createTestDatabase();
    const env = {
      ...process.env,
      ...app.env,
      DATABASE_URL: database.url,
      SYNC_RECALLS_URL: `${files.url}/flaky`,
      SYNC_VPIC_URL: "off",
      SYNC_RETRY_SECONDS: "1",
      LOG_LEVEL: "info",
    };
    const runner = spawn(...jobRunnerCommand(), {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [runner.stdout, runner.stderr]) stream?.on("data", (c: Buffer) => (output += c.toString()));
    const db = createDb(parseConfig({ DATABASE_URL: database.url }, root).database);
    try {
      // Once it succeeded, the next run is the schedule's again (daily, 05:17 UTC), not the retry.
      const status = await eventually(
        () => db.jobStatus.findUnique({ where: { name: "recalls" } }),
        (r) => r?.lastOutcome === "ok" && /T05:17:00\.000Z$/.test(r.nextRunAt?.toISOString() ?? ""),
        45_000,
      );
      expect(status).toMatchObject({ lastOutcome: "ok", lastError: null, rowsChanged: 103 });
      expect(status?.nextRunAt?.toISOString()).toMatch(/T05:17:00\.000Z$/);
      expect(output).toMatch(/"failures":1,"retryInSeconds":1,"msg":"job failed: retrying after a backoff"/);
      expect(asked).toBeGreaterThanOrEqual(3);
    } finally {
      runner.kill("SIGTERM");
      await new Promise((r) => (runner.exitCode !== null ? r(null) : runner.once("exit", r)));
      await db.$disconnect();
      await database.drop();
    }
  }, 60_000);

  (testProvider() === "postgresql" ? test : test.skip)(
    "SIGTERM stops it within seconds while its sync waits on a table another connection has locked",
    async () => {
      files.on("GET", /^\/locked\/[^/]+$/, (req) => serveFile(fixture(path.basename(req.path)), req));
      const database = await createTestDatabase();
      const locks = await lockPostgresTables(database.url);
      let runner: ChildProcess | undefined;
      try {
        runner = spawn(...jobRunnerCommand(), {
          cwd: root,
          env: { ...process.env, ...app.env, DATABASE_URL: database.url, SYNC_RECALLS_URL: `${files.url}/locked` },
          stdio: "ignore",
        });
        // The runner's first query waits on the lock.
        await eventually(
          () => locks.someoneWaits(),
          (waits) => waits,
          30_000,
        );
        const exited = new Promise<number | null>((r) => runner!.once("exit", r));
        const stopping = Date.now();
        runner.kill("SIGTERM");
        const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 15_000))]);
        expect({ code, within15s: Date.now() - stopping < 15_000 }).toEqual({ code: 0, within15s: true });
      } finally {
        runner?.kill("SIGKILL");
        await locks.close();
        await database.drop();
      }
    },
    60_000,
  );

  test("with every job off, it stays up (a minute and more) instead of exiting to be restarted", async () => {
    // Started before the rest of this file ran: only what is left of the minute is waited for here.
    const wait = idleRunner.startedAt + 61_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    expect(idleRunner.child.exitCode).toBeNull();
    expect(idleRunner.output).toContain("job runner started");
    expect(idleRunner.output).toMatch(/job not scheduled: SYNC_RECALLS_URL is off/);
    idleRunner.child.kill("SIGTERM");
    const code = await new Promise((r) => idleRunner.child.once("exit", (c) => r(c)));
    expect(code).toBe(0);
  }, 90_000);
});
