/**
 * Abuse control against the built app: per-address limits on the public API and /api/mcp with the
 * IETF RateLimit-Policy / RateLimit headers, 429 with Retry-After and recovery, X-Forwarded-For believed only
 * from trusted proxies, exemptions, counters shared by the processes of one `npm start` and by two instances on
 * one PostgreSQL (within the batched counters' stated bound), a counter store that fails without a 500, and the dealer API's daily-volume flag and
 * optional per-key limit. Windows are seconds long so the suite stays quick.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Client } from "pg";
import { resetConfigForTests } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { issueKey } from "../lib/dealers";
import { computeCheckDigit } from "../lib/vin";
import { startApp, type TestApp } from "./support/app";
import { createTestDatabase, postgresTablesOf, testProvider, type TestDatabase } from "./support/test-database";
import { vinscopeCommand } from "./support/vinscope-cli";

const VIN = "4T1G11AK7RU000001";
const EXEMPT = "192.0.2.50";
const root = path.resolve(__dirname, "..");

const rpc = (method: string) => JSON.stringify({ jsonrpc: "2.0", id: 1, method });

/** `"address";r=4;t=2` → { name, r, t } */
function parseRateLimit(value: string | null): { name: string; r: number; t: number } | null {
  const match = value && /^"(\w+)";r=(\d+);t=(\d+)$/.exec(value);
  return match ? { name: match[1], r: Number(match[2]), t: Number(match[3]) } : null;
}

/** A GET on a connection of its own (so `npm start`'s primary hands it to the next server process in turn). */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; rateLimit: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, rateLimit: res.headers.ratelimit as string | undefined }),
        );
      })
      .on("error", reject);
  });
}

describe("public rate limits behind a trusted proxy (5 requests per 2 s)", () => {
  let app: TestApp;
  // Loopback is the trusted proxy, so each test speaks for client addresses of its own via X-Forwarded-For.
  const from = (address: string, extra: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...extra });
  const vin = (address: string) => fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, { headers: from(address) });
  const mcp = (address: string) =>
    fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: from(address, { "content-type": "application/json" }),
      body: rpc("tools/list"),
    });

  beforeAll(async () => {
    app = await startApp({
      env: {
        RATE_LIMIT_REQUESTS: "5",
        RATE_LIMIT_WINDOW_SECONDS: "2",
        TRUSTED_PROXIES: "127.0.0.1, ::1",
        RATE_LIMIT_EXEMPT: `${EXEMPT}, 2001:db8:e::/48`,
      },
    });
  }, 90_000);
  afterAll(async () => app?.stop());

  test("every answer of a limited route carries RateLimit-Policy and RateLimit; other routes carry neither", async () => {
    const routes: [string, () => Promise<Response>][] = [
      ["vin 200", () => vin("198.51.100.1")],
      ["vin 400", () => fetch(`${app.url}/api/public/vin/SHORT`, { headers: from("198.51.100.2") })],
      ["batch", () => fetch(`${app.url}/api/public/vins?vins=${VIN}`, { headers: from("198.51.100.3") })],
      ["pricing", () => fetch(`${app.url}/api/public/pricing/toyota/camry/2024`, { headers: from("198.51.100.4") })],
      ["market", () => fetch(`${app.url}/api/market-data`, { headers: from("198.51.100.5") })],
      ["recalls 400", () => fetch(`${app.url}/api/recalls`, { headers: from("198.51.100.6") })],
      ["insight 400", () => fetch(`${app.url}/api/vin-insights/1899/toyota/camry`, { headers: from("198.51.100.7") })],
      ["openapi", () => fetch(`${app.url}/api/public/openapi.json`, { headers: from("198.51.100.8") })],
      ["mcp", () => mcp("198.51.100.9")],
      ["mcp GET 405", () => fetch(`${app.url}/api/mcp`, { headers: from("198.51.100.10") })],
    ];
    for (const [name, call] of routes) {
      const res = await call();
      expect({ name, status: res.status < 500, policy: res.headers.get("ratelimit-policy") }).toEqual({
        name,
        status: true,
        policy: '"address";q=5;w=2',
      });
      expect({ name, limit: parseRateLimit(res.headers.get("ratelimit")) }).toEqual({
        name,
        limit: { name: "address", r: 4, t: expect.any(Number) },
      });
      expect(parseRateLimit(res.headers.get("ratelimit"))!.t).toBeLessThanOrEqual(2);
    }
    const health = await fetch(`${app.url}/api/health`, { headers: from("198.51.100.1") });
    expect(health.headers.get("ratelimit-policy")).toBeNull();
    expect(health.headers.get("ratelimit")).toBeNull();
    // Browser clients may read them (CORS).
    expect((await vin("198.51.100.20")).headers.get("access-control-expose-headers")).toMatch(
      /RateLimit, RateLimit-Policy, Retry-After/,
    );
  });

  test("past the quota: 429 problem with Retry-After; after the window the client is served again", async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await vin("203.0.113.10");
      expect(res.status).toBe(200);
      remaining.push(parseRateLimit(res.headers.get("ratelimit"))!.r);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await vin("203.0.113.10");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(refused.headers.get("ratelimit-policy")).toBe('"address";q=5;w=2');
    expect(parseRateLimit(refused.headers.get("ratelimit"))).toMatchObject({ r: 0 });
    const body = await refused.json();
    expect(body).toMatchObject({
      status: 429,
      reason: "rate_limited",
      limit: 5,
      windowSeconds: 2,
      retryAfterSeconds: retryAfter,
    });
    expect(body.type).toMatch(/\/docs#problem-rate_limited$/);
    // Another address is not affected.
    expect((await vin("203.0.113.11")).status).toBe(200);

    await sleep(retryAfter * 1000 + 100);
    const again = await vin("203.0.113.10");
    expect(again.status).toBe(200);
    expect(parseRateLimit(again.headers.get("ratelimit"))).toMatchObject({ r: 4 });
  });

  test("MCP over HTTP answers 429 past the quota", async () => {
    for (let i = 0; i < 5; i++) expect((await mcp("203.0.113.20")).status).toBe(200);
    const refused = await mcp("203.0.113.20");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^[12]$/);
    expect(await refused.json()).toMatchObject({ reason: "rate_limited" });
  });

  test("a trusted proxy's X-Forwarded-For is believed from the right: a forged leftmost entry changes nothing", async () => {
    for (let i = 0; i < 5; i++) expect((await vin(`10.0.${i}.1, 203.0.113.30`)).status).toBe(200);
    expect((await vin("10.9.9.9, 203.0.113.30")).status).toBe(429);
  });

  test("exempt addresses and ranges are never limited and carry no rate-limit headers", async () => {
    for (const address of [EXEMPT, "2001:db8:e:1::7"]) {
      for (let i = 0; i < 8; i++) {
        const res = await vin(address);
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit")).toBeNull();
      }
    }
  });

  test("IPv6 clients are counted per /64", async () => {
    for (let i = 0; i < 5; i++) expect((await vin(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
    expect((await vin("2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await vin("2001:db8:1:3::1")).status).toBe(200);
  });
});

describe("public rate limits with no trusted proxy", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      env: { RATE_LIMIT_REQUESTS: "6", RATE_LIMIT_WINDOW_SECONDS: "30", RATE_LIMIT_EXEMPT: EXEMPT },
    });
    // The contract check may fetch the OpenAPI document on the first checked answer (once per build,
    // tests/support/contract.ts): spend that before counting.
    expect((await fetch(`${app.url}/api/public/openapi.json`)).status).toBe(200);
  }, 90_000);
  afterAll(async () => app?.stop());

  test("X-Forwarded-For and the internal peer header are ignored: every request counts against the socket address", async () => {
    const seen: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 8 && !refused; i++) {
      const res = await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, {
        // A different claimed client each time, and a forged peer address naming an exempt address.
        headers: { "x-forwarded-for": `198.51.100.${i + 1}`, "x-vinscope-peer-address": EXEMPT },
      });
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(200);
        seen.push(parseRateLimit(res.headers.get("ratelimit"))!.r);
      }
    }
    // One counter throughout (6, less what the set-up above spent): each request took one, down to none left.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual(seen.map((_, i) => seen.length - 1 - i));
    expect(refused?.status).toBe(429);
  });
});

const describeSqlite = testProvider() === "sqlite" ? describe : describe.skip;

describeSqlite("npm start with WEB_CONCURRENCY=2", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      npmStart: true,
      env: {
        WEB_CONCURRENCY: "2",
        RATE_LIMIT_REQUESTS: "6",
        RATE_LIMIT_WINDOW_SECONDS: "60",
        TRUSTED_PROXIES: "127.0.0.1",
      },
    });
  }, 120_000);
  afterAll(async () => app?.stop());

  test("both server processes count in the primary's counters: 6 answers in all, not 6 per process", async () => {
    const results = [];
    // Each request on a new connection: the primary hands connections to the processes in turn.
    for (let i = 0; i < 14; i++)
      results.push(
        await getOnNewConnection(`${app.url}/api/public/vin/${VIN}?insight=false`, {
          "x-forwarded-for": "203.0.113.40",
        }),
      );
    expect(results.map((r) => r.status)).toEqual([...Array(6).fill(200), ...Array(8).fill(429)]);
    expect(results.slice(0, 6).map((r) => parseRateLimit(r.rateLimit ?? null)?.r)).toEqual([5, 4, 3, 2, 1, 0]);
  });
});

const describePostgres = testProvider() === "postgresql" ? describe : describe.skip;

describePostgres("two instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  const env = { RATE_LIMIT_REQUESTS: "6", RATE_LIMIT_WINDOW_SECONDS: "60", TRUSTED_PROXIES: "127.0.0.1" };
  beforeAll(async () => {
    database = await createTestDatabase();
    [one, two] = await Promise.all([startApp({ database, env }), startApp({ database, env })]);
  }, 120_000);
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await database?.drop();
  });

  test("share one quota per client address: held within Q + (S − 1)·⌊Q/S⌋, never refused before Q", async () => {
    // Q = 6 and S = 2 server processes (one per instance): at most 6 + 1·3 = 9 answers in the window. Quotas
    // per instance would let 12 of these through.
    const statuses: number[] = [];
    // A connection per request: a kept-alive one, idle while the other instance answers, can be closed under
    // the client by a busy server.
    const ask = async (i: number) => {
      const res = await getOnNewConnection(`${(i % 2 ? two : one).url}/api/public/vin/${VIN}?insight=false`, {
        "x-forwarded-for": "203.0.113.50",
      });
      statuses.push(res.status);
      if (res.status === 200)
        expect(parseRateLimit(res.rateLimit ?? null)).toMatchObject({ name: "address", r: expect.any(Number) });
      return res.status;
    };
    for (let i = 0; i < 16; i++) await ask(i);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(200));
    // Once each instance has sent its counts (every 250 ms), both refuse; every answer on the way is counted too.
    let refusedInARow = 0;
    for (let i = 0; refusedInARow < 4; i++) {
      expect(i).toBeLessThan(200);
      refusedInARow = (await ask(i)) === 429 ? refusedInARow + 1 : 0;
      if (refusedInARow === 0) await sleep(50);
    }
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(6);
    expect(admitted).toBeLessThanOrEqual(9);
  });

  test("when the counter table is gone, requests are still answered (counted per process meanwhile), with a warning", async () => {
    const { connectionString, schema } = postgresTablesOf(database.url);
    const admin = new Client({ connectionString });
    await admin.connect();
    await admin.query(`DROP TABLE "${schema}"."rate_limit_counters"`);
    await admin.end();
    const res = await fetch(`${one.url}/api/public/vin/${VIN}?insight=false`, {
      headers: { "x-forwarded-for": "203.0.113.51" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe('"address";q=6;w=60');
    expect(parseRateLimit(res.headers.get("ratelimit"))).toMatchObject({ r: 5 });
    expect(one.output()).toContain("rate-limit store failed");
  });
});

describePostgres("RATE_LIMIT_STORE=instance on PostgreSQL", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      env: {
        RATE_LIMIT_STORE: "instance",
        RATE_LIMIT_REQUESTS: "3",
        RATE_LIMIT_WINDOW_SECONDS: "60",
        TRUSTED_PROXIES: "127.0.0.1",
      },
    });
  }, 90_000);
  afterAll(async () => app?.stop());

  test("limits from the instance's own counters and never writes them to the database", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, {
            headers: { "x-forwarded-for": "203.0.113.60" },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const { connectionString, schema } = postgresTablesOf(app.database.url);
    const admin = new Client({ connectionString });
    await admin.connect();
    // The table is the migrations' (prisma/schema.prisma: RateLimitCounter); this instance leaves it empty.
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM "${schema}"."rate_limit_counters"`);
    await admin.end();
    expect(rows[0].n).toBe(0);
  });
});

describe("dealer usage: the daily VIN volume flag and an optional per-key limit", () => {
  let app: TestApp;
  let database: TestDatabase;
  let key: string;
  let exemptKey: string;
  beforeAll(async () => {
    // Keys first, straight into the database, so the exempt one's prefix can be configured.
    database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
    resetConfigForTests();
    key = (await issueKey({ name: "Volume Motors", email: "volume@motors.example" })).key;
    exemptKey = (await issueKey({ name: "Exempt Motors", email: "exempt@motors.example" })).key;
    app = await startApp({
      database,
      env: {
        DEALER_DAILY_VIN_FLAG: "3",
        DEALER_RATE_LIMIT_REQUESTS: "3",
        DEALER_RATE_LIMIT_WINDOW_SECONDS: "60",
        RATE_LIMIT_EXEMPT_KEYS: exemptKey.slice(0, 16),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await disconnectDb();
    await app?.stop();
    await database?.drop();
  });

  let serial = 0;
  const vins = (n: number) =>
    Array.from({ length: n }, () => {
      const raw = `1FTFW1E50PF${String(400000 + ++serial).slice(-6)}`;
      return raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
    });
  const provision = (apiKey: string, list: string[]) =>
    fetch(`${app.url}/api/dealer/v1/provision`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ vins: list }),
    });

  test("past the daily volume the key still works, its answers say so, and `npm run keys -- list` flags it", async () => {
    const calm = await provision(key, vins(2));
    expect(calm.status).toBe(200);
    expect(calm.headers.get("vinscope-daily-volume")).toBeNull();
    expect(calm.headers.get("ratelimit-policy")).toBe('"key";q=3;w=60');
    expect(parseRateLimit(calm.headers.get("ratelimit"))).toMatchObject({ name: "key", r: 2 });

    const busy = await provision(key, vins(2));
    expect(busy.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(busy.headers.get("vinscope-daily-volume")).toBe(`exceeded;vins=4;threshold=3;day="${day}"`);

    const { stdout } = await promisify(execFile)(...vinscopeCommand("keys", "list", "--json"), {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...app.env } as unknown as NodeJS.ProcessEnv,
    });
    const listed = JSON.parse(stdout);
    expect(listed.dailyVinFlag).toBe(3);
    const entry = listed.keys.find((k: { prefix: string }) => k.prefix === key.slice(4, 16));
    expect(entry).toMatchObject({ flagged: true, today: { vins: 4, requests: 2, flagged: true } });
    expect(listed.keys.find((k: { prefix: string }) => k.prefix === exemptKey.slice(4, 16))).toMatchObject({
      flagged: false,
    });
  });

  test("with DEALER_RATE_LIMIT_REQUESTS each key has its own quota; an exempt key has none", async () => {
    const third = await provision(key, vins(1));
    expect(third.status).toBe(200);
    const refused = await provision(key, vins(1));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ reason: "rate_limited", limit: 3, windowSeconds: 60 });
    for (let i = 0; i < 5; i++) {
      const res = await provision(exemptKey, vins(1));
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit")).toBeNull();
    }
  });

  test("a listed exempt key also lifts the per-address limit on the public API, but only as the whole valid key", async () => {
    // The public limit here is the harness's high default; the exemption shows as the missing headers.
    const exempt = await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, {
      headers: { "x-api-key": exemptKey },
    });
    expect(exempt.status).toBe(200);
    expect(exempt.headers.get("ratelimit-policy")).toBeNull();
    const forged = await fetch(`${app.url}/api/public/vin/${VIN}?insight=false`, {
      headers: { "x-api-key": `${exemptKey.slice(0, 17)}${"A".repeat(43)}` },
    });
    expect(forged.status).toBe(200);
    expect(forged.headers.get("ratelimit-policy")).not.toBeNull();
  });
});
