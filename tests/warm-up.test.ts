/**
 * A server process's warm-up under `npm start` (lib/http/warm-up.ts): /api/health answers 503 `warming_up` until
 * each process has sent its warm-up reports through the port, and then 200. The warm-up asks no outside system
 * (every source here is a loopback fake that counts its calls), uses none of the public quota, keeps nothing a
 * later report could be answered from, and a client cannot pass its own requests off as warm-up requests.
 */
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { loadBundledVpic } from "./support/bundled-vpic";
import { warmUpVins } from "../lib/http/warm-up";

const WARM_UP = 150;
const QUOTA = 40;

let sources: FakeServer;
let app: TestApp;
/** The first VIN every process's warm-up reports on. */
let warmedVin: string;
let firstHealth: { status: number; retryAfter: string | null; body: { status: string; warmUp: { state: string } } };

beforeAll(async () => {
  [warmedVin] = warmUpVins(loadBundledVpic(), 1); // seconds: the vPIC tables are compiled in this process too
  // vPIC, NHTSA's recalls, ratings and complaints APIs and fueleconomy.gov: one fake, answering at once.
  sources = await startFakeServer();
  sources.on("GET", /.*/, (req) =>
    req.path.startsWith("/epa/")
      ? { body: { menuItem: [] } }
      : { body: { Count: 0, Message: "Results returned successfully", results: [], Results: [] } },
  );
  app = await startApp({
    npmStart: true,
    allowUnhealthy: true,
    env: {
      WEB_CONCURRENCY: "2",
      SERVER_WARM_UP_REQUESTS: String(WARM_UP),
      VPIC_API_BASE_URL: sources.url,
      NHTSA_API_BASE_URL: sources.url,
      RATINGS_API_BASE_URL: sources.url,
      COMPLAINTS_API_BASE_URL: sources.url,
      FUEL_ECONOMY_API_BASE_URL: `${sources.url}/epa`,
      RATE_LIMIT_REQUESTS: String(QUOTA),
      LOG_LEVEL: "info",
    },
  });
  const res = await fetch(`${app.url}/api/health`);
  firstHealth = { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  // Ready: both processes answer 200 (each connection of its own goes to the next process in turn).
  const deadline = Date.now() + 60_000;
  for (let ok = 0; ok < 4 && Date.now() < deadline;) {
    const health = await fetch(`${app.url}/api/health`, { headers: { connection: "close" } });
    ok = health.status === 200 ? ok + 1 : 0;
    if (health.status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await sources?.close();
});

test("health is 503 warming_up while a process warms up, then 200 with what its warm-up did", async () => {
  expect(firstHealth).toMatchObject({ status: 503, retryAfter: "1", body: { status: "warming_up" } });
  expect(firstHealth.body.warmUp.state).toBe("warming");
  const res = await fetch(`${app.url}/api/health`);
  expect(res.status).toBe(200);
  expect((await res.json()).warmUp).toMatchObject({ state: "ready", requests: WARM_UP, failed: 0 });
  expect(app.output().match(/server process warmed up/g)).toHaveLength(2);
  // A process warming up is not failing: its 503s are logged as requests.
  expect(app.output()).not.toMatch(/"route":"health"[^\n]*"request failed"/);
});

test("the warm-up asked no outside system and used none of the quota, and its requests were not logged", async () => {
  expect(sources.requests).toHaveLength(0);
  // 2 × WARM_UP reports came from 127.0.0.1, and the quota of QUOTA a minute is all but whole: this request, and the
  // contract check's fetch of the OpenAPI document on the first checked answer (tests/support/contract.ts).
  const res = await fetch(`${app.url}/api/public/vin/4T1G11AK7RU000001?insight=false`);
  expect(res.status).toBe(200);
  const left = Number(/;r=(\d+);/.exec(res.headers.get("ratelimit") ?? "")?.[1]);
  expect(left).toBeGreaterThanOrEqual(QUOTA - 2);
  const logged = app.output().match(/"route":"decodeVin"/g) ?? [];
  expect(logged.length).toBeLessThan(5);
});

test("a vehicle the warm-up reported on is answered afresh: nothing it answered offline was kept", async () => {
  const asked = sources.requests.length;
  const res = await fetch(`${app.url}/api/public/vin/${warmedVin}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.recalls).toMatchObject({ status: "ok" });
  expect(body.recalls.source).not.toMatch(/offline|imported/);
  expect(sources.requests.length).toBeGreaterThan(asked);
  expect(res.headers.get("cache-control")).toContain("max-age=86400");
});

test("a client's own warm-up header is an ordinary request: sources asked, quota counted", async () => {
  const asked = sources.requests.length;
  const res = await fetch(`${app.url}/api/public/vin/1HGCV1F37JA000001?insight=false`, {
    headers: { "x-vinscope-warm-up": "a guess" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("ratelimit")).toMatch(/r=\d+;/);
  expect(sources.requests.length).toBeGreaterThan(asked);
});
