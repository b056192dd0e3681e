import { execFile } from "node:child_process";
import path from "node:path";
import { createTestDb, testingPostgres, type TestDb } from "@/tests/support/pricing-db";
import { createDb } from "../db";
import { aggregatePricing } from "./aggregate-pricing";
import { DEMO_CATALOG } from "./demo-catalog";
import { DEMO_DEAL_COUNT, DEMO_MARKER_KEY, demoAsOf, generateDemoDeals, seedDemoDeals } from "./demo-seed";
import { US_STATE_CODES } from "../contract/us-states";

describe("the demo generator", () => {
  const today = demoAsOf(new Date());
  const deals = [...generateDemoDeals()];
  const DAY = 86_400_000;

  it("is deterministic for a given day", () => {
    const again = [...generateDemoDeals(200)];
    expect(again).toEqual(deals.slice(0, 200));
    expect(deals[0].id).toBe("demo-000001");
    const later = new Date("2027-06-15T18:30:00Z");
    expect([...generateDemoDeals(200, undefined, later)]).toEqual([
      ...generateDemoDeals(200, undefined, new Date("2027-06-15T02:00:00Z")),
    ]);
  });

  it("ends at the day it is generated: every model year's newest deals are of the last weeks before it", () => {
    const newest = (ds: typeof deals) => Math.max(...ds.map((d) => d.purchaseDate.getTime()));
    expect(newest(deals)).toBeLessThanOrEqual(today.getTime());
    expect(newest(deals)).toBeGreaterThan(today.getTime() - 3 * DAY);
    for (const year of [2023, 2024, 2025, 2026]) {
      expect(newest(deals.filter((d) => d.year === year))).toBeGreaterThan(today.getTime() - 14 * DAY);
    }
    // Another day, the same vehicles, prices and states: only the dates end elsewhere.
    const asOf = new Date("2027-06-15T00:00:00Z");
    const then = [...generateDemoDeals(5000, undefined, asOf)];
    expect(newest(then)).toBeLessThanOrEqual(asOf.getTime());
    expect(newest(then)).toBeGreaterThan(asOf.getTime() - 3 * DAY);
    expect(then.map(({ purchaseDate: _, ...rest }) => rest)).toEqual(
      deals.slice(0, 5000).map(({ purchaseDate: _, ...rest }) => rest),
    );
  });

  it(`draws ${DEMO_DEAL_COUNT} deals over at least 80 current models (MY 2023-2026) and every state + DC`, () => {
    expect(deals).toHaveLength(DEMO_DEAL_COUNT);
    expect(DEMO_DEAL_COUNT).toBeGreaterThanOrEqual(20_000);
    const models = new Set(deals.map((d) => `${d.make} ${d.model}`));
    expect(models.size).toBeGreaterThanOrEqual(80);
    expect(new Set(deals.map((d) => d.year))).toEqual(new Set([2023, 2024, 2025, 2026]));
    expect(new Set(deals.map((d) => d.state))).toEqual(new Set(US_STATE_CODES));
    expect(US_STATE_CODES).toHaveLength(51);
    expect(new Set(deals.map((d) => d.dealType))).toEqual(new Set(["lease", "cash", "finance"]));
    expect(deals.every((d) => d.source === "demo" && d.vin === null)).toBe(true);
  });

  it("keeps prices plausible: MSRP near the catalog's trim price, discounts within -2 % … 22 %", () => {
    const base = new Map(
      DEMO_CATALOG.flatMap((m) => m.trims.map(([trim, msrp]) => [`${m.make}|${m.model}|${trim}`, msrp])),
    );
    for (const d of deals) {
      const msrp2025 = base.get(`${d.make}|${d.model}|${d.trim}`)!;
      expect(d.msrp).toBeGreaterThanOrEqual(msrp2025 * 0.94);
      expect(d.msrp).toBeLessThanOrEqual(msrp2025 * 1.11);
      const pct = ((d.msrp - d.sellingPrice) / d.msrp) * 100;
      expect(pct).toBeGreaterThanOrEqual(-2.01);
      expect(pct).toBeLessThanOrEqual(22.01);
    }
  });

  it("sells each model year from July 1 of the year before, never after the day the set is made", () => {
    const outside = deals.filter(
      (d) => d.purchaseDate.getTime() > today.getTime() || d.purchaseDate.getTime() < Date.UTC(d.year - 1, 6, 1),
    );
    expect(outside).toEqual([]);
  });

  it("discounts pickups and EVs more than Toyota's compact SUVs (segments and brands differ)", () => {
    const avg = (pred: (d: (typeof deals)[number]) => boolean) => {
      const xs = deals.filter(pred).map((d) => (d.msrp - d.sellingPrice) / d.msrp);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(avg((d) => d.model === "1500")).toBeGreaterThan(avg((d) => d.model === "RAV4") + 0.05);
    expect(avg((d) => d.model === "Mustang Mach-E")).toBeGreaterThan(avg((d) => d.model === "Civic"));
  });
});

const root = path.resolve(__dirname, "../..");

function seedInChild(databaseUrl: string): Promise<{ seeded: boolean }> {
  const code = `import { createDb } from "./lib/db"; import { seedDemoDeals } from "./lib/pricing/demo-seed";
    const db = createDb({ provider: "sqlite", url: process.env.SEED_DB_URL! });
    seedDemoDeals(db, 3000).then((r) => { process.stdout.write("RESULT" + JSON.stringify(r) + "\\n"); return db.$disconnect(); });`;
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["--eval", code],
      { cwd: root, env: { ...process.env, SEED_DB_URL: databaseUrl, LOG_LEVEL: "silent" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const line = stdout.split("\n").find((l) => l.startsWith("RESULT"));
        if (!line) return reject(new Error(`no result: ${stdout} ${stderr}`));
        resolve(JSON.parse(line.slice("RESULT".length)));
      },
    );
  });
}

describe(`seedDemoDeals (${testingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(async () => {
    await t.drop();
  });

  it("seeds an empty database once and is labelled", async () => {
    const first = await seedDemoDeals(t.db, 2000);
    expect(first).toMatchObject({ seeded: true, deals: 2000 });
    expect(await seedDemoDeals(t.db, 2000)).toEqual({ seeded: false, reason: "already_seeded" });
    expect(await t.db.deal.count()).toBe(2000);
    expect((await t.db.setting.findUnique({ where: { key: DEMO_MARKER_KEY } }))?.value).toMatch(/^seeded 2000/);
    const r = await aggregatePricing(t.db, { makeSlug: "ford", modelSlug: "f-150", year: 2025, state: null });
    expect(r.found && r.pricing.source).toMatch(/demo data/);
    // "newest …" on the pricing page is of the weeks before the seeding day, /market's "last changed".
    const day = new Date().toISOString().slice(0, 10);
    expect((await t.db.setting.findUnique({ where: { key: DEMO_MARKER_KEY } }))?.value).toContain(`as of ${day}`);
    const newest = r.found ? Date.parse(r.pricing.lastUpdated) : 0;
    expect(newest).toBeLessThanOrEqual(Date.parse(day));
    expect(newest).toBeGreaterThan(Date.parse(day) - 90 * 86_400_000);
  });

  it("leaves a database that already holds deals alone", async () => {
    await t.db.deal.create({
      data: {
        id: "real-1",
        year: 2025,
        make: "Mazda",
        model: "CX-5",
        makeSlug: "mazda",
        modelSlug: "cx-5",
        trim: "2.5 S",
        state: "CA",
        msrp: 30000,
        sellingPrice: 29000,
        dealType: "cash",
        purchaseDate: new Date("2025-01-02"),
        source: "verified-purchase",
      },
    });
    expect(await seedDemoDeals(t.db, 100)).toEqual({ seeded: false, reason: "deals_present" });
    expect(await t.db.deal.count()).toBe(1);
  });

  it("seeds exactly once when two instances start at the same time", async () => {
    if (t.provider === "sqlite") {
      // better-sqlite3 is synchronous: two seeders in one process would block each other's event loop, so
      // the two instances are two processes, as in production.
      const results = await Promise.all([seedInChild(t.database.url), seedInChild(t.database.url)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      expect(await t.db.deal.count()).toBe(3000);
      return;
    }
    const other = createDb(t.database);
    try {
      const results = await Promise.all([seedDemoDeals(t.db, 3000), seedDemoDeals(other, 3000)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      expect(await t.db.deal.count()).toBe(3000);
      const summed = await t.db.dealSummary.aggregate({ _sum: { dealCount: true } });
      expect(summed._sum.dealCount).toBe(3000);
    } finally {
      await other.$disconnect();
    }
  }, 30_000); // two child processes each load Prisma and seed: seconds on a busy 2-core machine
});
