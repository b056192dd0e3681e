/**
 * Outside systems failing, against the built app: NHTSA's recalls API refusing connections, hanging
 * and answering 500, each followed by its recovery; a manufacturer host hanging while dealers disconnect.
 * What a client must see: the section degraded at once once the breaker is open (no waiting on a system that
 * is down), unknown recalls never read as zero, degraded answers never cached as healthy, and the service
 * back to normal without a restart when the system is.
 */
import http from "node:http";
import { startApp, type TestApp } from "./support/app";
import { startFakeManufacturer, refusedPort, type FakeManufacturer } from "./fixtures/fake-manufacturer";
import { resetConfigForTests } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { issueKey } from "../lib/dealers";
import { computeCheckDigit } from "../lib/vin";

type Mode = "ok" | "hang" | "error";

/** NHTSA's recalls API on a fixed loopback port, which can stop listening (connection refused) and come back. */
class FakeNhtsa {
  mode: Mode = "ok";
  requests = 0;
  private server: http.Server | null = null;
  constructor(readonly port: number) {}

  async listen(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.requests++;
      if (this.mode === "hang") return; // never answers: the client's deadline must end it
      if (this.mode === "error") {
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("upstream error");
      }
      const url = new URL(req.url ?? "/", "http://nhtsa");
      const year = url.searchParams.get("modelYear");
      const results = [
        {
          Manufacturer: "Toyota Motor Engineering & Manufacturing",
          NHTSACampaignNumber: `${String(year).slice(2)}V100000`,
          parkIt: false,
          parkOutSide: false,
          overTheAirUpdate: false,
          ReportReceivedDate: "05/03/2024",
          Component: "ELECTRICAL SYSTEM",
          Summary: "A wiring harness may chafe.",
          Consequence: "A short circuit increases the risk of a fire.",
          Remedy: "Dealers will repair the harness, free of charge.",
          Notes: "",
          ModelYear: year,
          Make: "TOYOTA",
          Model: "CAMRY",
        },
      ];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ Count: 1, Message: "Results returned successfully", results }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// Long enough that the timed requests made while the breaker is open all fall inside it, on a loaded machine too.
const COOLDOWN_MS = 3000;
const NHTSA_TIMEOUT_MS = 600;

let nhtsa: FakeNhtsa;
let app: TestApp;
let nextYear = 1995;

beforeAll(async () => {
  nhtsa = new FakeNhtsa(await refusedPort()); // nothing listens there yet: connections are refused
  app = await startApp({
    env: {
      NHTSA_API_BASE_URL: `http://127.0.0.1:${nhtsa.port}`,
      NHTSA_API_TIMEOUT_MS: String(NHTSA_TIMEOUT_MS),
      OUTSIDE_BREAKER_FAILURES: "2",
      OUTSIDE_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
      OUTSIDE_FAILURE_MEMO_MS: "5000",
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await nhtsa?.stop();
});

/** Recalls for a vehicle never asked about before (a new model year each time): no cache can answer it. */
async function recallsOfNewVehicle() {
  const year = nextYear++;
  const started = Date.now();
  const res = await fetch(`${app.url}/api/recalls?make=toyota&model=camry&year=${year}`);
  return { res, body: await res.json(), ms: Date.now() - started, year };
}

async function nhtsaBreaker(): Promise<{ state: string } | undefined> {
  const health = await (await fetch(`${app.url}/api/health`)).json();
  return health.outside.find((b: { name: string }) => b.name === "nhtsa-recalls");
}

async function recoverAfterCooldown() {
  await new Promise((r) => setTimeout(r, COOLDOWN_MS + 200));
  const probe = await recallsOfNewVehicle(); // the probe call closes the breaker
  expect(probe.res.status).toBe(200);
  expect(probe.body).toMatchObject({ status: "ok", count: 1 });
  expect(probe.res.headers.get("cache-control")).toMatch(/max-age=\d{4,}/);
  expect((await nhtsaBreaker())?.state).toBe("closed");
}

/** Two failures in a row open the breaker; then distinct vehicles are answered unavailable at once. */
async function expectBreakerOpensAndAnswersAtOnce() {
  for (let i = 0; i < 2; i++) {
    const { res, body } = await recallsOfNewVehicle();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "unavailable", count: null, items: [] });
    expect(res.headers.get("cache-control")).toBe("no-store");
  }
  expect((await nhtsaBreaker())?.state).toBe("open");
  const asked = nhtsa.requests;
  for (let i = 0; i < 5; i++) {
    const { res, body, ms } = await recallsOfNewVehicle();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "unavailable", count: null });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(ms).toBeLessThan(NHTSA_TIMEOUT_MS / 2); // not waiting on NHTSA
  }
  expect(nhtsa.requests).toBe(asked); // while open, NHTSA is not asked at all
}

describe("NHTSA's recalls API failing, then back", () => {
  test("refusing connections: unavailable (count null, no-store), breaker open, then recovered without a restart", async () => {
    await expectBreakerOpensAndAnswersAtOnce();
    await nhtsa.listen();
    await recoverAfterCooldown();
  });

  test("hanging: each answer within the deadline, then at once while the breaker is open; recovered after", async () => {
    nhtsa.mode = "hang";
    const { ms, body } = await recallsOfNewVehicle();
    expect(body).toMatchObject({ status: "unavailable", count: null });
    expect(ms).toBeLessThan(NHTSA_TIMEOUT_MS + 1500);
    await expectBreakerOpensAndAnswersAtOnce();
    nhtsa.mode = "ok";
    await recoverAfterCooldown();
  });

  test("answering 500: a burst for one vehicle makes one call; breaker open; recovered after", async () => {
    nhtsa.mode = "error";
    const before = nhtsa.requests;
    const year = nextYear++;
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${app.url}/api/recalls?make=toyota&model=camry&year=${year}`).then((r) => r.json()),
      ),
    );
    for (const body of burst) expect(body).toMatchObject({ status: "unavailable", count: null });
    // One call shared by the burst (the client retries a 5xx once: at most two requests)...
    const burstCalls = nhtsa.requests - before;
    expect(burstCalls).toBeGreaterThanOrEqual(1);
    expect(burstCalls).toBeLessThanOrEqual(2);
    // ...and the failure is remembered: asking again about that vehicle does not ask NHTSA again.
    const again = await (await fetch(`${app.url}/api/recalls?make=toyota&model=camry&year=${year}`)).json();
    expect(again).toMatchObject({ status: "unavailable", count: null });
    expect(nhtsa.requests - before).toBe(burstCalls);
    await expectBreakerOpensAndAnswersAtOnce();
    nhtsa.mode = "ok";
    await recoverAfterCooldown();
  });
});

describe("caching honest answers", () => {
  const CAMRY_2024 = "4T1G11AK7RU000001"; // Toyota Camry SE (real-format VIN, decodes locally)
  const AVENGER_2011 = "1B3BD1FG9BN510278"; // Dodge Avenger, real VIN

  test("healthy answers have stable bodies: their ETags revalidate to 304 (checkedAt is NHTSA's time, not now)", async () => {
    nhtsa.mode = "ok";
    for (const path of [
      "/api/recalls?make=toyota&model=camry&year=2024",
      `/api/public/vin/${CAMRY_2024}?insight=false`,
    ]) {
      const first = await fetch(`${app.url}${path}`);
      const body = await first.json();
      expect((body.recalls ?? body).status).toBe("ok");
      await new Promise((r) => setTimeout(r, 1100)); // a clock-second later: a "now" in the body would change it
      const second = await fetch(`${app.url}${path}`);
      expect(await second.json()).toEqual(body);
      const etag = second.headers.get("etag")!;
      expect(etag).toBe(first.headers.get("etag"));
      const revalidated = await fetch(`${app.url}${path}`, { headers: { "If-None-Match": etag } });
      expect(revalidated.status).toBe(304);
    }
  });

  test("a report with recalls unavailable is never cached for a day", async () => {
    nhtsa.mode = "error";
    try {
      const res = await fetch(`${app.url}/api/public/vin/${AVENGER_2011}?insight=false`);
      expect(res.status).toBe(200);
      expect((await res.json()).recalls).toMatchObject({ status: "unavailable", count: null });
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect(cacheControl).not.toMatch(/86400/);
      expect(cacheControl).toMatch(/no-store|max-age=([0-9]|[1-9][0-9]|[12][0-9]{2}|300)\b/); // at most 5 minutes
    } finally {
      nhtsa.mode = "ok";
    }
  });
});

describe("a manufacturer host hanging while dealers disconnect", () => {
  let stickerApp: TestApp;
  let fake: FakeManufacturer;
  let key: string;

  beforeAll(async () => {
    fake = await startFakeManufacturer({ slowMs: 60_000 });
    stickerApp = await startApp({
      env: {
        ...fake.env(),
        STICKER_TIMEOUT_MS: "20000",
        STICKER_HOST_INTERVAL_MS: "0",
        STICKER_HOST_CONCURRENCY: "2",
        STICKER_HOST_QUEUE_MAX: "3",
      },
    });
    process.env.DATABASE_URL = stickerApp.database.url;
    resetConfigForTests();
    key = (await issueKey({ name: "Hang Motors", email: "hang@motors.example" })).key;
  });

  afterAll(async () => {
    await disconnectDb();
    await stickerApp?.stop();
    await fake?.stop();
  });

  const gmVin = (n: number) => {
    const raw = `1GCUYDED0NZ${String(400000 + n).slice(-6)}`;
    return raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
  };
  const sticker = (vin: string, signal?: AbortSignal) =>
    fetch(`${stickerApp.url}/api/dealer/v1/window-sticker?vin=${vin}`, { headers: { "x-api-key": key }, signal });

  test("a full queue answers 503 at once; clients that leave free their places and abort their fetches", async () => {
    const fetching = new AbortController();
    const waiting = new AbortController();
    const vins = Array.from({ length: 5 }, (_, i) => gmVin(i));
    for (const v of vins) fake.set(v, "slow");
    // Two fetches fill the host's concurrency...
    const inFlight = vins.slice(0, 2).map((v) => sticker(v, fetching.signal).catch(() => null));
    await waitFor(() => fake.requests.length === 2);
    // ...and three more fill its queue (nothing outside says when they have joined it: give them time).
    const queued = vins.slice(2).map((v) => sticker(v, waiting.signal).catch(() => null));
    await new Promise((r) => setTimeout(r, 2000));
    expect(fake.requests.length).toBe(2);

    const overflow = gmVin(10);
    fake.set(overflow, "slow");
    const started = Date.now();
    const refused = await sticker(overflow);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ status: 503, reason: "manufacturer_busy" });

    // The three waiting dealers hang up: they leave the queue without ever being fetched...
    waiting.abort();
    await Promise.all(queued);
    // ...then the two being served hang up: both fetches are aborted, and nobody is left to take their places.
    await new Promise((r) => setTimeout(r, 300));
    fetching.abort();
    await Promise.all(inFlight);
    await waitFor(() => fake.inFlight() === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.requests.length).toBe(2);

    // The host's places are free again: a new request is fetched at once.
    const ready = gmVin(20);
    fake.set(ready, "pdf");
    const res = await sticker(ready);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
