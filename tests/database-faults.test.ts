/**
 * Database faults: while the database cannot serve, every affected route answers 503 problem with
 * Retry-After (never a 500, never a hang) and /api/health says so; when the fault clears, the same running
 * app serves again without a restart.
 *
 * SQLite faults are made on the app's real file: write-protected (`chattr +i` on the file and its WAL: writes
 * fail with an I/O error, as on a disk remounted read-only), locked by another process's write transaction,
 * and deleted. PostgreSQL's outage is a TCP proxy on loopback between the app and the server that the test
 * cuts and restores (a stopped server and a network outage look the same to the app: refused connections),
 * so the shared PostgreSQL cluster is never stopped. A PostgreSQL pool with no free connection (its one
 * connection held by a query stuck behind a lock) answers the same way.
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import net from "node:net";
import Database from "better-sqlite3";
import { freePort, startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import {
  createTestDatabase,
  migrateDatabase,
  lockPostgresTables,
  testProvider,
  type TestDatabase,
} from "./support/test-database";

jest.setTimeout(120_000);

/** Every answer within this: a hang is a failure. */
const ANSWER_WITHIN_MS = 15_000;

function fakeNhtsa(server: FakeServer): void {
  server.on("GET", "/recalls/recallsByVehicle", (req) => ({
    body: {
      Count: 1,
      Message: "Results returned successfully",
      results: [
        {
          Manufacturer: "Honda",
          NHTSACampaignNumber: "03V999000",
          ReportReceivedDate: "05/09/2024",
          Component: "AIR BAGS",
          Summary: "A fault.",
          Consequence: "An injury.",
          Remedy: "Dealers will repair.",
          Notes: "",
          ModelYear: req.query.get("modelYear"),
          Make: "HONDA",
          Model: req.query.get("model")!.toUpperCase(),
        },
      ],
    },
  }));
  server.on("GET", "/products/vehicle/models", (req) => ({
    body: {
      Count: 1,
      Message: "ok",
      results: [{ modelYear: req.query.get("modelYear"), make: "HONDA", model: "ACCORD" }],
    },
  }));
}

const get = (app: TestApp, path: string) =>
  fetch(`${app.url}${path}`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });

/** A year whose recalls nobody asked for yet: the app must fetch them and write them down. */
let nextYear = 1995;
const uncachedRecalls = (app: TestApp) => get(app, `/api/recalls?make=honda&model=accord&year=${nextYear++}`);

async function expectUnavailable(res: Response): Promise<Record<string, unknown>> {
  expect(res.status).toBe(503);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = await res.json();
  expect(body).toMatchObject({ status: 503, reason: "database_unavailable" });
  expect(body.requestId).toEqual(expect.any(String));
  return body;
}

/**
 * The pages (and the sitemap) a person or a crawler asks for: each reads the database, or composes what does. The
 * VIN is a real Toyota's (the example VIN): decoded from vPIC, then its pricing and recalls.
 */
const PAGES = [
  "/",
  "/vin/4T1G11AK7RU000001",
  "/recalls/2024/toyota/camry",
  "/pricing/toyota/camry/2024",
  "/market",
  "/sitemap.xml",
];
/** The pages that need the database on every request, whatever the process holds in memory. */
const DATABASE_PAGES = ["/recalls/2024/toyota/camry", "/pricing/toyota/camry/2024", "/market", "/sitemap.xml"];

/**
 * A page's answer to a database fault: 503 with Retry-After, never a 500; a page a person can read (HTML saying
 * the service is briefly unavailable), and for the sitemap plain text a crawler takes for "come back later".
 */
async function expectUnavailablePage(path: string, res: Response): Promise<void> {
  const body = await res.text();
  expect({ path, status: res.status }).toEqual({ path, status: 503 });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-request-id")).toEqual(expect.any(String));
  if (path.endsWith(".xml")) {
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(body).toMatch(/^503 Service Unavailable: /);
  } else {
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(body).toMatch(/<h1>[^<]*briefly unavailable[^<]*<\/h1>/i);
    expect(body).toContain('<html lang="en">');
  }
  // Nothing of what went wrong inside: no driver message, path or stack.
  expect(body).not.toMatch(/prisma|sqlite|\.db\b|at .*\(/i);
}

/** A page that can answer from memory: served (200), or else a 503 page as above. */
async function expectServedOrUnavailable(path: string, res: Response): Promise<void> {
  if (res.status === 200) await res.arrayBuffer();
  else await expectUnavailablePage(path, res);
}

/** Polls until `probe` answers 200 (the app recovers by itself); fails past `ms`. */
async function recovers(what: string, probe: () => Promise<Response>, ms = 20_000): Promise<Response> {
  const deadline = Date.now() + ms;
  let last = 0;
  while (Date.now() < deadline) {
    const res = await probe();
    last = res.status;
    if (res.status === 200) return res;
    expect(res.status).toBe(503); // never a 500 on the way back
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not recover within ${ms} ms (last status ${last})`);
}

/**
 * Each page's status while the database serves: 200, or 404 for a vehicle this app holds no deals for (the test
 * apps start without demo data); never a 5xx.
 */
async function pageStatuses(app: TestApp): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const path of PAGES) {
    const res = await get(app, path);
    await res.arrayBuffer();
    expect({ path, status: [200, 404].includes(res.status) }).toEqual({ path, status: true });
    statuses.set(path, res.status);
  }
  return statuses;
}

/** Polls each page until it answers as it did before the fault (503 pages on the way, never a 500). */
async function pagesRecover(app: TestApp, before: Map<string, number>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (const [path, status] of before) {
    for (;;) {
      const res = await get(app, path);
      await res.arrayBuffer();
      if (res.status === status) break;
      expect({ path, status: res.status }).toEqual({ path, status: 503 });
      if (Date.now() > deadline) throw new Error(`${path} did not recover within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

function chattrWorks(file: string): boolean {
  try {
    execFileSync("chattr", ["+i", file], { stdio: "ignore" });
    execFileSync("chattr", ["-i", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const sqliteOnly = testProvider() === "sqlite" ? describe : describe.skip;
const postgresOnly = testProvider() === "postgresql" ? describe : describe.skip;

sqliteOnly("SQLite faults and recovery without restart", () => {
  let nhtsa: FakeServer;
  let app: TestApp;
  let file: string;

  beforeAll(async () => {
    nhtsa = await startFakeServer();
    fakeNhtsa(nhtsa);
    app = await startApp({
      env: { NHTSA_API_BASE_URL: nhtsa.url, DATABASE_BUSY_TIMEOUT_MS: "1000", DATABASE_RETRY_AFTER_SECONDS: "3" },
    });
    file = app.env.DATABASE_URL.slice("file:".length);
  });

  afterAll(async () => {
    for (const f of [file, `${file}-wal`].filter((f) => existsSync(f))) {
      try {
        execFileSync("chattr", ["-i", f], { stdio: "ignore" });
      } catch {
        /* not protected */
      }
    }
    await app?.stop();
    await nhtsa?.close();
  });

  test("write-protected (I/O errors on write), then writable again: 503 + Retry-After, then recovery", async () => {
    if (!chattrWorks(file)) {
      console.warn("skipped: chattr +i is not available here (needs root on ext4/xfs)");
      return;
    }
    expect((await uncachedRecalls(app)).status).toBe(200);
    // The file and its WAL when there is one (the -shm is memory-mapped: protecting it would crash SQLite).
    const protect = [file, `${file}-wal`].filter((f) => existsSync(f));
    try {
      execFileSync("chattr", ["+i", ...protect]);
      const health = await get(app, "/api/health");
      expect((await expectUnavailable(health)).db).toMatchObject({ ok: false, provider: "sqlite" });
      // A few failed writes in a row: each must fail fast and leave nothing behind (no stuck transaction).
      for (let i = 0; i < 3; i++) {
        const body = await expectUnavailable(await uncachedRecalls(app));
        expect(["read_only", "io_error"]).toContain(body.fault);
      }
      // Reads that need no write keep working.
      expect((await get(app, "/api/public/vin/1HGCM82633A004352?insight=false")).status).toBe(200);
    } finally {
      execFileSync("chattr", ["-i", ...protect]);
    }
    await recovers("/api/health", () => get(app, "/api/health"));
    // The write path works again, several times over (the hang after a read-only fault came on the second request).
    for (let i = 0; i < 3; i++) {
      const res = await recovers("uncached /api/recalls", () => uncachedRecalls(app));
      expect(await res.json()).toMatchObject({ status: "ok", count: 1 });
    }
  });

  test("locked by another writer past the busy timeout: 503 + Retry-After, then recovery", async () => {
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE"); // holds the write lock; WAL readers are not blocked
    try {
      const body = await expectUnavailable(await uncachedRecalls(app));
      // "locked" from SQLite's busy timeout, or "timeout" when Prisma gave up first waiting to begin.
      expect(["locked", "timeout"]).toContain(body.fault);
      await expectUnavailable(await get(app, "/api/health"));
      expect((await get(app, "/api/public/vin/1HGCM82633A004352?insight=false")).status).toBe(200);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    await recovers("/api/health", () => get(app, "/api/health"));
    expect((await recovers("uncached /api/recalls", () => uncachedRecalls(app))).status).toBe(200);
  });

  test("deleted: every page answers a 503 page with Retry-After (never a 500), then serves again", async () => {
    const before = await pageStatuses(app);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    try {
      // Past the file check's half-second memo, every use knows the file is gone.
      await new Promise((r) => setTimeout(r, 600));
      for (const path of ["/", ...DATABASE_PAGES]) await expectUnavailablePage(path, await get(app, path));
      // The VIN report answers from memory where it can (its sections that need the database degrade instead).
      await expectServedOrUnavailable("/vin/4T1G11AK7RU000001", await get(app, "/vin/4T1G11AK7RU000001"));
      // A HEAD is answered the same, without a body.
      const head = await fetch(`${app.url}/market`, { method: "HEAD", signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
      expect(head.status).toBe(503);
      expect(Number(head.headers.get("retry-after"))).toBeGreaterThan(0);
      // A page that needs no database is served as usual.
      expect((await get(app, "/robots.txt")).status).toBe(200);
    } finally {
      migrateDatabase(`file:${file}`);
    }
    await pagesRecover(app, before);
  });

  test("deleted: noticed (no write goes to the vanished file), then a restored file is served", async () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    try {
      // Past the file check's half-second memo, every use knows the file is gone. (In WAL mode, which
      // `vinscope db migrate` sets on every database, SQLite itself goes on using the vanished file until then.)
      await new Promise((r) => setTimeout(r, 600));
      expect((await expectUnavailable(await get(app, "/api/health"))).db).toMatchObject({ ok: false, fault: "gone" });
      expect((await expectUnavailable(await uncachedRecalls(app))).fault).toBe("gone");
    } finally {
      migrateDatabase(`file:${file}`); // a migrated file in its place, as a restore from a backup would be
    }
    await recovers("/api/health", () => get(app, "/api/health"));
    const year = nextYear;
    expect((await recovers("uncached /api/recalls", () => uncachedRecalls(app))).status).toBe(200);
    // The write landed in the file on disk, where a restart would find it (not in the vanished inode).
    const check = new Database(file, { readonly: true });
    try {
      const row = check.prepare("SELECT count(*) AS n FROM RecallLookup WHERE year = ?").get(year) as { n: number };
      expect(row.n).toBeGreaterThan(0);
    } finally {
      check.close();
    }
  });
});

/** A loopback TCP proxy to PostgreSQL that the test can cut (refusing and dropping connections) and restore. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await listen();
  return {
    port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
    restore: listen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

postgresOnly(
  "PostgreSQL unreachable (connections cut), then back; a pool with no free connection: 503 + Retry-After, then recovery",
  () => {
    let nhtsa: FakeServer;
    let app: TestApp;
    let database: TestDatabase;
    let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;

    beforeAll(async () => {
      nhtsa = await startFakeServer();
      fakeNhtsa(nhtsa);
      database = await createTestDatabase();
      const direct = new URL(database.url);
      proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(database.url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      app = await startApp({
        env: {
          NHTSA_API_BASE_URL: nhtsa.url,
          DATABASE_URL: proxied.toString(),
          DATABASE_CONNECT_TIMEOUT_MS: "1500",
          DATABASE_RETRY_AFTER_SECONDS: "3",
          // One connection, so one stuck query exhausts the pool.
          DATABASE_POOL_SIZE: "1",
        },
      });
    });

    afterAll(async () => {
      await app?.stop();
      await proxy?.close();
      await database?.drop();
      await nhtsa?.close();
    });

    test("every database route answers 503 while cut, and serves again once restored, same process", async () => {
      expect((await uncachedRecalls(app)).status).toBe(200);
      await proxy.cut();
      const started = Date.now();
      const health = await expectUnavailable(await get(app, "/api/health"));
      expect(health.db).toMatchObject({ ok: false, provider: "postgresql" });
      for (let i = 0; i < 3; i++) await expectUnavailable(await uncachedRecalls(app));
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);

      await proxy.restore();
      await recovers("/api/health", () => get(app, "/api/health"));
      for (let i = 0; i < 3; i++) {
        const res = await recovers("uncached /api/recalls", () => uncachedRecalls(app));
        expect(await res.json()).toMatchObject({ status: "ok", count: 1 });
      }
    });

    test("every page that needs the database answers a 503 page with Retry-After while cut, and serves again once restored", async () => {
      const before = await pageStatuses(app);
      await proxy.cut();
      try {
        for (const path of DATABASE_PAGES) await expectUnavailablePage(path, await get(app, path));
        for (const path of ["/", "/vin/4T1G11AK7RU000001"]) await expectServedOrUnavailable(path, await get(app, path));
      } finally {
        await proxy.restore();
      }
      await pagesRecover(app, before);
    });

    test("an exhausted pool answers 503 with Retry-After within the connect timeout, and serves again once a connection frees", async () => {
      // The app's one connection is taken by a request stuck behind a lock the test holds on the app's tables.
      const locks = await lockPostgresTables(database.url, { except: "rate_limit_%" });
      try {
        const stuck = uncachedRecalls(app);
        for (let waited = 0; !(await locks.someoneWaits()); waited += 100) {
          expect(waited).toBeLessThan(ANSWER_WITHIN_MS);
          await new Promise((r) => setTimeout(r, 100));
        }
        const started = Date.now();
        const health = await expectUnavailable(await get(app, "/api/health"));
        expect(health.db).toMatchObject({ ok: false, provider: "postgresql", fault: "timeout" });
        await expectUnavailable(await uncachedRecalls(app));
        // Each waited for a connection for DATABASE_CONNECT_TIMEOUT_MS (1.5 s), not for the lock.
        expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);

        await locks.release();
        expect((await stuck).status).toBe(200);
        await recovers("/api/health", () => get(app, "/api/health"));
      } finally {
        await locks.close();
      }
    });
  },
);
