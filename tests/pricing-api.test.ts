/**
 * The pricing endpoints and the deal import, end to end: the built app on its own database (SQLite, or
 * PostgreSQL with TEST_DB_PROVIDER=postgresql), deals loaded through the real `npm run import:deals` script.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MarketOverview, PricingResponse } from "@/lib/pricing";
import { startApp, type TestApp } from "./support/app";
import { expectInvalidParameter } from "./support/problems";
import { vinscopeCommand } from "./support/vinscope-cli";

const root = path.resolve(__dirname, "..");
const fixtures = path.join(__dirname, "fixtures/deals");
const HEADER = "deal_id,vin,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source";

let app: TestApp;
const tmp = mkdtempSync(path.join(os.tmpdir(), "vinscope-pricing-it-"));

function importCsv(file: string, ...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ...vinscopeCommand("import", "deals", file, ...flags),
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...app.env } as unknown as NodeJS.ProcessEnv,
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function csv(name: string, rows: string[]): string {
  const file = path.join(tmp, name);
  writeFileSync(file, [HEADER, ...rows].join("\n") + "\n");
  return file;
}

/** n deals of one vehicle at a given percent off a 40,000 MSRP. */
function rows(
  prefix: string,
  make: string,
  model: string,
  n: number,
  pct: number,
  state = "CA",
  year = 2025,
): string[] {
  return Array.from({ length: n }, (_, i) =>
    [
      `${prefix}-${i}`,
      "",
      year,
      make,
      model,
      "Base",
      state,
      40000,
      Math.round(40000 * (1 - pct / 100)) + i,
      "finance",
      "2025-06-01",
      "",
    ].join(","),
  );
}

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers });

beforeAll(async () => {
  app = await startApp();
  const good = await importCsv(path.join(fixtures, "good.csv"));
  expect(good).toMatchObject({ code: 0 });
  const market = csv("market.csv", [
    ...rows("ram", "Ram", "1500", 30, 12, "TX"),
    ...rows("rav", "Toyota", "RAV4", 40, 2, "CA"),
    ...rows("wag", "Jeep", "Wagoneer", 3, 30, "NY"),
  ]);
  expect(await importCsv(market)).toMatchObject({ code: 0 });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("GET /api/public/pricing/{make}/{model}/{year}", () => {
  it("answers PricingResponse with a one-hour cache", async () => {
    const res = await get("/api/public/pricing/mazda/cx-5/2025");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=3600/);
    expect(res.headers.get("etag")).toBeTruthy();
    const body = PricingResponse.parse(await res.json());
    expect(body).toMatchObject({
      url: `${app.url}/pricing/mazda/cx-5/2025`,
      make: "Mazda",
      model: "CX-5",
      year: 2025,
      state: null,
      sampleSize: 5,
      demoDeals: 0,
      dataStatus: "limited",
      rebatesIncluded: false,
      lastUpdated: "2025-06-01",
      dealTypeSplit: { lease: 1, cashFinance: 4 },
    });
    expect(body.source).not.toMatch(/demo/);
    // numpy.percentile([27990, 28100, 29450, 29700, 38200], 50) = 29450
    expect(body.priceBand?.typical).toBe(29450);
  });

  it("honours If-None-Match with 304", async () => {
    const first = await get("/api/public/pricing/mazda/cx-5/2025");
    const etag = first.headers.get("etag")!;
    const again = await get("/api/public/pricing/mazda/cx-5/2025", { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("narrows to a state with ?state=, upper-casing it", async () => {
    const res = await get("/api/public/pricing/mazda/cx-5/2025?state=tx");
    expect(res.status).toBe(200);
    const body = PricingResponse.parse(await res.json());
    expect(body).toMatchObject({
      state: "TX",
      sampleSize: 2,
      dataStatus: "insufficient",
      priceBand: null,
      averageSellingPrice: null,
      topTrims: [],
    });
    expect(body.url).toBe(`${app.url}/pricing/mazda/cx-5/2025/TX`);
  });

  it("answers 404 with exactly the no-data body", async () => {
    const res = await get("/api/public/pricing/mazda/cx-5/2023");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      make: "Mazda",
      year: 2023,
      model: "CX-5",
      state: null,
      dataStatus: "none",
      sampleSize: 0,
    });
    const unknown = await get("/api/public/pricing/acme/rocket-sled/2025?state=WY");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      make: "acme",
      year: 2025,
      model: "rocket-sled",
      state: "WY",
      dataStatus: "none",
      sampleSize: 0,
    });
  });

  it.each([
    ["/api/public/pricing/mazda/cx-5/2019", "year"],
    ["/api/public/pricing/mazda/cx-5/2031", "year"],
    ["/api/public/pricing/mazda/cx-5/twenty", "year"],
    ["/api/public/pricing/mazda/cx_5/2025", "model"],
    ["/api/public/pricing/mazda/cx--5/2025", "model"],
    ["/api/public/pricing/ma%20zda/cx-5/2025", "make"],
    ["/api/public/pricing/mazda/cx-5/2025?state=PR", "state"],
    ["/api/public/pricing/mazda/cx-5/2025?state=California", "state"],
    ["/api/public/pricing/mazda/cx-5/2025?state=CA&state=TX", "state"],
    ["/api/public/pricing/mazda/cx-5/2025/XX", "state"],
    ["/api/public/pricing/mazda/cx-5/2025/guam", "state"],
  ])("%s → 400 naming %s", async (url, param) => {
    await expectInvalidParameter(await get(url), param);
  });
});

describe("GET /api/public/pricing/{make}/{model}/{year}/{state}", () => {
  it("answers the state's pricing", async () => {
    const res = await get("/api/public/pricing/mazda/cx-5/2025/ca");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=3600/);
    const body = PricingResponse.parse(await res.json());
    expect(body).toMatchObject({ state: "CA", sampleSize: 3, url: `${app.url}/pricing/mazda/cx-5/2025/CA` });
  });

  it("answers 404 with the same no-data body", async () => {
    const res = await get("/api/public/pricing/land-rover/range-rover-sport/2024/CA");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      make: "Land Rover",
      year: 2024,
      model: "Range Rover Sport",
      state: "CA",
      dataStatus: "none",
      sampleSize: 0,
    });
  });
});

describe("GET /api/market-data", () => {
  it("ranks models by discount with a minimum sample, and lists states", async () => {
    const res = await get("/api/market-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=3600/);
    const body = MarketOverview.parse(await res.json());
    expect(body.totalDeals).toBe(7 + 30 + 40 + 3);
    // The Wagoneer's 3 deals at 30 % off do not qualify; the Mazda and Land Rover have too few as well.
    expect(body.models.map((m) => `${m.make} ${m.model}`)).toEqual(["Ram 1500", "Toyota RAV4"]);
    expect(body.models[0]).toMatchObject({ dealCount: 30, avgDiscountPercent: expect.closeTo(12, 0) });
    expect(body.states.map((s) => s.state)).toEqual(["CA", "TX", "NY"]);
    expect(body.states[0].dealCount).toBe(40 + 3);
  });
});

describe("npm run import:deals", () => {
  it("rejects a bad file with line numbers and changes nothing", async () => {
    const before = await app.db().deal.count();
    const result = await importCsv(path.join(fixtures, "bad.csv"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("rejected, nothing imported (9 bad rows of 10)");
    expect(result.stderr).toContain("line 3: year must be between 2020 and 2030");
    expect(result.stderr).toContain("line 8: deal_id bad-1 already appears on line 2");
    expect(await app.db().deal.count()).toBe(before);
  });

  it("is idempotent: re-importing updates, and the answers stay the same", async () => {
    const before = await (await get("/api/public/pricing/mazda/cx-5/2025")).json();
    const count = await app.db().deal.count();
    const again = await importCsv(path.join(fixtures, "good.csv"));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("created 0, updated 7");
    expect(await app.db().deal.count()).toBe(count);
    expect(await (await get("/api/public/pricing/mazda/cx-5/2025")).json()).toEqual(before);
  });

  it("is atomic: a file with one bad row among many good ones imports nothing", async () => {
    const count = await app.db().deal.count();
    const file = csv("mixed.csv", [
      ...rows("mixed", "Kia", "Telluride", 50, 5),
      "mixed-bad,,2025,Kia,Telluride,SX,ZZ,47000,45000,cash,2025-06-01,",
    ]);
    const result = await importCsv(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("line 52: state must be a 2-letter US state code");
    expect(await app.db().deal.count()).toBe(count);
    expect((await get("/api/public/pricing/kia/telluride/2025")).status).toBe(404);
  });

  it("prints usage for a missing file argument", async () => {
    const result = await importCsv("--replace-demo");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("missing required argument 'file'");
  });
});
