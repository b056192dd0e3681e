import { createTestDb, testingPostgres, type TestDb } from "@/tests/support/pricing-db";
import { MarketOverview } from "./answers";
import { bumpDataVersion } from "../db/data-version";
import { rebuildDealSummary } from "./deal-summary";
import type { DealRow } from "./deal-rows";
import { MARKET_MIN_DEALS, marketOverview } from "./market-overview";
import { slugify } from "../vehicle";

let t: TestDb;
let seq = 0;

function deals(make: string, model: string, n: number, discountPct: number, state = "CA", year = 2025): DealRow[] {
  return Array.from({ length: n }, () => ({
    id: `m-${++seq}`,
    vin: null,
    year,
    make,
    model,
    makeSlug: slugify(make),
    modelSlug: slugify(model),
    trim: "Base",
    state,
    msrp: 40000,
    sellingPrice: 40000 * (1 - discountPct / 100),
    dealType: "cash" as const,
    purchaseDate: new Date("2025-06-01T00:00:00Z"),
    source: "verified-purchase",
  }));
}

async function load(rows: DealRow[]) {
  await t.db.deal.createMany({ data: rows });
  await rebuildDealSummary(t.db);
  await bumpDataVersion(t.db, "deals");
}

beforeAll(async () => {
  t = await createTestDb();
  await load([
    // 3 deals at 30 % off: far above everyone, but too few to rank
    ...deals("Jeep", "Wagoneer", 3, 30, "NY"),
    // exactly the minimum sample, split over two model years
    ...deals("Nissan", "Altima", MARKET_MIN_DEALS - 5, 9, "TX", 2024),
    ...deals("Nissan", "Altima", 5, 9, "TX", 2025),
    ...deals("Ram", "1500", 40, 12, "TX"),
    ...deals("Toyota", "RAV4", 60, 2, "CA"),
    ...deals("Honda", "CR-V", 30, 2, "WY"),
  ]);
});

afterAll(async () => {
  await t.drop();
});

describe(`marketOverview (${testingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  it("ranks models by average discount, only those with the minimum sample", async () => {
    const { overview, modelLinks } = await marketOverview(t.db);
    MarketOverview.parse(overview);
    expect(overview.totalDeals).toBe(3 + MARKET_MIN_DEALS + 40 + 60 + 30);
    expect(overview.models).toEqual([
      { make: "Ram", model: "1500", avgDiscountPercent: 12, avgPrice: 35200, dealCount: 40 },
      { make: "Nissan", model: "Altima", avgDiscountPercent: 9, avgPrice: 36400, dealCount: MARKET_MIN_DEALS },
      // equal discount: more deals first
      { make: "Toyota", model: "RAV4", avgDiscountPercent: 2, avgPrice: 39200, dealCount: 60 },
      { make: "Honda", model: "CR-V", avgDiscountPercent: 2, avgPrice: 39200, dealCount: 30 },
    ]);
    expect(modelLinks[1]).toEqual({ makeSlug: "nissan", modelSlug: "altima", latestYear: 2025 });
    expect(overview.source).toMatch(/verified buyer deals/);
  });

  it("lists every state with deals by deal count", async () => {
    const { overview } = await marketOverview(t.db);
    expect(overview.states).toEqual([
      {
        state: "TX",
        dealCount: 40 + MARKET_MIN_DEALS,
        avgDiscountPercent: expect.closeTo((40 * 12 + MARKET_MIN_DEALS * 9) / (40 + MARKET_MIN_DEALS), 1),
      },
      { state: "CA", dealCount: 60, avgDiscountPercent: 2 },
      { state: "WY", dealCount: 30, avgDiscountPercent: 2 },
      { state: "NY", dealCount: 3, avgDiscountPercent: 30 },
    ]);
  });

  it("is memoised until the deals change", async () => {
    const first = await marketOverview(t.db);
    expect(await marketOverview(t.db)).toBe(first);
    await load(deals("Jeep", "Wagoneer", MARKET_MIN_DEALS, 30, "NY"));
    const second = await marketOverview(t.db);
    expect(second).not.toBe(first);
    expect(second.overview.models[0]).toMatchObject({
      make: "Jeep",
      model: "Wagoneer",
      dealCount: MARKET_MIN_DEALS + 3,
    });
    expect(new Date(second.overview.updated).getTime()).toBeGreaterThanOrEqual(
      new Date(first.overview.updated).getTime(),
    );
  });
});
