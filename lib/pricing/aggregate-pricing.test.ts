/**
 * The aggregation against a real database (temporary SQLite, or a fresh schema in TEST_DATABASE_URL's
 * PostgreSQL), on hand-made fixtures whose figures are worked out below.
 */
import { createTestDb, testingPostgres, type TestDb } from "@/tests/support/pricing-db";
import { PricingNoData, PricingResponse } from "./answers";
import { aggregatePricing, type PricingQuery } from "./aggregate-pricing";
import { rebuildDealSummary } from "./deal-summary";
import { DEMO_SOURCE_TEXT, VERIFIED_SOURCE_TEXT } from "./deal-source";
import type { DealRow } from "./deal-rows";
import { slugify } from "../vehicle";

let t: TestDb;
let seq = 0;

function deal(over: Partial<DealRow> & { make?: string; model?: string }): DealRow {
  const make = over.make ?? "Mazda";
  const model = over.model ?? "CX-5";
  return {
    id: `t-${++seq}`,
    vin: null,
    year: 2025,
    make,
    model,
    makeSlug: slugify(make),
    modelSlug: slugify(model),
    trim: "2.5 S",
    state: "CA",
    msrp: 30000,
    sellingPrice: 28000,
    dealType: "finance",
    purchaseDate: new Date("2025-05-01T00:00:00Z"),
    source: "verified-purchase",
    ...over,
  };
}

async function load(rows: DealRow[]) {
  await t.db.deal.createMany({ data: rows });
  await rebuildDealSummary(t.db);
}

const q = (over: Partial<PricingQuery>): PricingQuery => ({
  makeSlug: "mazda",
  modelSlug: "cx-5",
  year: 2025,
  state: null,
  ...over,
});

async function pricing(over: Partial<PricingQuery>) {
  const r = await aggregatePricing(t.db, q(over));
  if (!r.found) throw new Error(`expected data for ${JSON.stringify(over)}`);
  return PricingResponse.parse(r.pricing);
}

beforeAll(async () => {
  t = await createTestDb();
  // 2025 Mazda CX-5, 10 deals: prices 27000..36000 step 1000 (MSRP = price + 2000, i.e. discount 2000 each)
  await load(
    Array.from({ length: 10 }, (_, i) =>
      deal({
        sellingPrice: 27000 + i * 1000,
        msrp: 29000 + i * 1000,
        trim: i < 5 ? "2.5 S" : i < 8 ? "2.5 S Premium" : "Turbo Signature",
        state: i < 6 ? "CA" : "TX",
        dealType: i % 3 === 0 ? "lease" : i % 3 === 1 ? "cash" : "finance",
        purchaseDate: new Date(Date.UTC(2025, 3, 1 + i)),
      }),
    ),
  );
  // Threshold slices: Honda Civic 2024 with 3 deals, 2025 with 4, 2026 with 9 (Civic 2023: none)
  const civic = (year: number, n: number) =>
    Array.from({ length: n }, (_, i) =>
      deal({ make: "Honda", model: "Civic", year, trim: "Sport", msrp: 26000, sellingPrice: 25000 + i * 100 }),
    );
  await load([...civic(2024, 3), ...civic(2025, 4), ...civic(2026, 9)]);
  // Rounding: two deals whose averages end in .5
  await load([
    deal({ make: "Ford", model: "F-150", year: 2024, msrp: 50001, sellingPrice: 45000, state: "TX" }),
    deal({ make: "Ford", model: "F-150", year: 2024, msrp: 50000, sellingPrice: 45001, state: "TX" }),
    deal({ make: "Ford", model: "F-150", year: 2024, msrp: 50000, sellingPrice: 45000, state: "TX" }),
    deal({ make: "Ford", model: "F-150", year: 2024, msrp: 50000, sellingPrice: 45000, state: "TX" }),
  ]);
  // Demo rows, for the source text
  await load([
    deal({
      make: "Land Rover",
      model: "Range Rover Sport",
      year: 2024,
      source: "demo",
      state: "NY",
      msrp: 92000,
      sellingPrice: 88000,
    }),
  ]);
});

afterAll(async () => {
  await t.drop();
});

describe(`aggregatePricing (${testingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  it("computes averages, the price band and the split on a 10-deal slice", async () => {
    const p = await pricing({});
    expect(p).toMatchObject({
      make: "Mazda",
      model: "CX-5",
      year: 2025,
      state: null,
      sampleSize: 10,
      demoDeals: 0,
      dataStatus: "sufficient",
      averageMsrp: 33500,
      averageSellingPrice: 31500,
      averageDiscountAmount: 2000,
      rebatesIncluded: false,
      lastUpdated: "2025-04-10",
      // i % 3 === 0 → i = 0, 3, 6, 9
      dealTypeSplit: { lease: 4, cashFinance: 6 },
    });
    // numpy.percentile([27000..36000], [10, 50, 90]) = 27900, 31500, 35100
    expect(p.priceBand).toEqual({ low: 27900, typical: 31500, high: 35100 });
    // mean of 2000 / msrp * 100 over msrp 29000..38000
    const expected = Array.from({ length: 10 }, (_, i) => 200000 / (29000 + i * 1000)).reduce((a, b) => a + b) / 10;
    expect(p.averageDiscountPercent).toBe(Math.round(expected * 10) / 10);
    expect(p.url).toBe("http://localhost:3000/pricing/mazda/cx-5/2025");
    expect(p.source).toBe(VERIFIED_SOURCE_TEXT);
    expect(p.citation).toContain("2025 Mazda CX-5");
    expect(p.citation).toContain(p.url);
    expect(p.recommendation.length).toBeGreaterThan(0);
  });

  it("orders trims by deal count, then name, with their averages", async () => {
    const p = await pricing({});
    expect(p.topTrims).toEqual([
      { trim: "2.5 S", dealCount: 5, avgPrice: 29000, avgDiscount: expect.any(Number) },
      { trim: "2.5 S Premium", dealCount: 3, avgPrice: 33000, avgDiscount: expect.any(Number) },
      { trim: "Turbo Signature", dealCount: 2, avgPrice: 35500, avgDiscount: expect.any(Number) },
    ]);
    // 2.5 S: prices 27000..31000, msrp +2000 each
    const s = [29000, 30000, 31000, 32000, 33000].map((m) => 200000 / m).reduce((a, b) => a + b) / 5;
    expect(p.topTrims[0].avgDiscount).toBe(Math.round(s * 10) / 10);
  });

  it("filters by state, with the state in the url", async () => {
    const ca = await pricing({ state: "CA" });
    expect(ca).toMatchObject({ state: "CA", sampleSize: 6, dataStatus: "limited", averageSellingPrice: 29500 });
    // numpy.percentile([27000..32000], [10, 50, 90]) = 27500, 29500, 31500
    expect(ca.priceBand).toEqual({ low: 27500, typical: 29500, high: 31500 });
    expect(ca.url).toBe("http://localhost:3000/pricing/mazda/cx-5/2025/CA");
    const tx = await pricing({ state: "TX" });
    expect(tx).toMatchObject({ sampleSize: 4, dataStatus: "limited" });
  });

  it.each([
    [2024, 3, "insufficient"],
    [2025, 4, "limited"],
    [2026, 9, "limited"],
  ])("Civic %d: %d deals → %s", async (year, n, status) => {
    const p = await pricing({ makeSlug: "honda", modelSlug: "civic", year });
    expect(p.sampleSize).toBe(n);
    expect(p.dataStatus).toBe(status);
    if (status === "insufficient") {
      expect(p).toMatchObject({
        averageMsrp: null,
        averageSellingPrice: null,
        averageDiscountAmount: null,
        averageDiscountPercent: null,
        priceBand: null,
        topTrims: [],
        dealTypeSplit: { lease: 0, cashFinance: 3 },
      });
    } else {
      expect(p.priceBand).not.toBeNull();
      expect(p.averageSellingPrice).not.toBeNull();
      expect(p.topTrims).toHaveLength(1);
    }
  });

  it("is sufficient at 10 deals (the Mazda slice) and limited at 9", async () => {
    expect((await pricing({})).dataStatus).toBe("sufficient");
    expect((await pricing({ makeSlug: "honda", modelSlug: "civic", year: 2026 })).dataStatus).toBe("limited");
  });

  it("rounds money to whole dollars and percents to one decimal", async () => {
    const p = await pricing({ makeSlug: "ford", modelSlug: "f-150", year: 2024 });
    // msrp sum 200001 / 4 = 50000.25 → 50000; price 180001 / 4 = 45000.25 → 45000; discount 5000.0
    expect(p).toMatchObject({ averageMsrp: 50000, averageSellingPrice: 45000, averageDiscountAmount: 5000 });
    expect(Number.isInteger(p.priceBand!.low)).toBe(true);
    expect(p.averageDiscountPercent).toBe(10);
    expect(p.averageDiscountPercent! * 10).toBe(Math.round(p.averageDiscountPercent! * 10));
  });

  it("says so when the data is demo data", async () => {
    const p = await pricing({ makeSlug: "land-rover", modelSlug: "range-rover-sport", year: 2024 });
    expect(p.source).toBe(DEMO_SOURCE_TEXT);
    expect(p.demoDeals).toBe(p.sampleSize);
    expect(p.citation).toContain("demo data");
    expect(p.make).toBe("Land Rover");
    expect(p.model).toBe("Range Rover Sport");
  });

  it("answers the 2.7 body when nothing matches, with canonical names when the model is known", async () => {
    const known = await aggregatePricing(t.db, q({ makeSlug: "honda", modelSlug: "civic", year: 2023 }));
    expect(known).toEqual({
      found: false,
      noData: { make: "Honda", year: 2023, model: "Civic", state: null, dataStatus: "none", sampleSize: 0 },
    });
    const inState = await aggregatePricing(t.db, q({ state: "WY" }));
    expect(inState.found).toBe(false);
    if (!inState.found)
      expect(inState.noData).toEqual({
        make: "Mazda",
        year: 2025,
        model: "CX-5",
        state: "WY",
        dataStatus: "none",
        sampleSize: 0,
      });
    const unknown = await aggregatePricing(t.db, q({ makeSlug: "tesla", modelSlug: "model-3", year: 2025 }));
    if (unknown.found) throw new Error("expected no data");
    expect(PricingNoData.parse(unknown.noData)).toEqual({
      make: "tesla",
      year: 2025,
      model: "model-3",
      state: null,
      dataStatus: "none",
      sampleSize: 0,
    });
  });
});
