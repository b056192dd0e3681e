import { type PricingResponse, DEMO_SOURCE_TEXT, VERIFIED_SOURCE_TEXT, sourceText } from "../pricing";
import type { VinDecodeResponse } from "../report";
import type { RecallsResponse } from "../recalls";
import type { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../sources";
import {
  complaintsLine,
  fuelEconomyLine,
  insightWriterLine,
  marketSummary,
  pricingProvenanceLine,
  pricingSummary,
  ratingsLine,
  recallsSummary,
  reportSummary,
} from "./summaries";

const pricing = (source: string, demoDeals: number): PricingResponse => ({
  source,
  url: "http://localhost:3000/pricing/toyota/camry/2024",
  make: "Toyota",
  model: "Camry",
  year: 2024,
  state: null,
  sampleSize: 137,
  demoDeals,
  dataStatus: "sufficient",
  averageMsrp: 31700,
  averageSellingPrice: 30398,
  averageDiscountAmount: 1302,
  averageDiscountPercent: 4.1,
  priceBand: { low: 27000, typical: 30400, high: 33500 },
  rebatesIncluded: false,
  lastUpdated: "2026-10-30",
  dealTypeSplit: { lease: 40, cashFinance: 97 },
  topTrims: [{ trim: "SE", dealCount: 1, avgPrice: 30000, avgDiscount: 4 }],
  citation: "vinscope",
  recommendation: "",
  recommendationUrl: "http://localhost:3000/dealers",
});

describe("prices say when they come from the bundled demo deals (an agent quotes the text)", () => {
  test("get_pricing", () => {
    const demo = pricingSummary(pricing(DEMO_SOURCE_TEXT, 137));
    expect(demo.split("\n")[0]).toBe(
      "Pricing of the 2024 Toyota Camry: 137 deals (sufficient: 10 or more). These figures come from vinscope's generated demo data set, not from real transactions.",
    );
    expect(pricingSummary(pricing(VERIFIED_SOURCE_TEXT, 0))).not.toMatch(/demo/);
    expect(pricingSummary(pricing(sourceText(137, 20), 20))).toMatch(
      /Some of these figures come from vinscope's generated demo data set: 20 of 137 deals/,
    );
    expect(pricingSummary(pricing(VERIFIED_SOURCE_TEXT, 0))).toContain("SE (1 deal, avg $30,000, 4% off)");
  });

  test("decode_vin's pricing line", () => {
    const report = {
      vin: "4T1G11AK7RU000001",
      coverage: "vpic",
      decoded: {
        year: "2024",
        make: "TOYOTA",
        model: "Camry",
        trim: "SE",
        bodyStyle: null,
        driveType: null,
        fuelType: null,
        engine: { cylinders: null, displacementLiters: null },
        transmission: null,
        plant: { city: null, state: null, country: null },
        manufacturer: null,
      },
      vinCheck: { checkDigit: { valid: true, expected: "7", actual: "7" }, checkDigitMandatory: true },
      pricing: {
        available: true,
        reason: null,
        sampleSize: 137,
        demoDeals: 137,
        dataStatus: "sufficient",
        averageSellingPrice: 30398,
        averageDiscountPercent: 4.1,
        priceBand: { low: 27000, typical: 30400, high: 33500 },
        url: null,
        citation: null,
        source: DEMO_SOURCE_TEXT,
      },
      citation: "vinscope",
    } as unknown as VinDecodeResponse;
    const text = reportSummary(report);
    expect(text).toMatch(/^VIN 4T1G11AK7RU000001: 2024 Toyota Camry SE\./);
    expect(text).toContain(
      "Pricing from 137 deals (sufficient: 10 or more): average selling price $30,398, 4.1% off MSRP, 10th-90th percentile $27,000-$33,500. These figures come from vinscope's generated demo data set, not from real transactions.",
    );
  });

  test("get_market_overview", () => {
    const text = marketSummary({
      source: DEMO_SOURCE_TEXT,
      updated: "2026-11-26T00:00:00.000Z",
      totalDeals: 30000,
      demoDeals: 30000,
      models: [],
      states: [],
    });
    expect(text).toMatch(/^Market overview of 30,000 deals, computed .*not from real transactions\./);
  });
});

describe("the data status is worded once, beside the deal count", () => {
  test.each([
    ["sufficient", 139, "139 deals (sufficient: 10 or more)."],
    ["limited", 5, "5 deals (limited: 4-9)."],
    ["insufficient", 2, "2 deals (insufficient: fewer than 4)."],
  ] as const)("%s", (dataStatus, sampleSize, words) => {
    const withheld = dataStatus === "insufficient";
    const text = pricingSummary({
      ...pricing(VERIFIED_SOURCE_TEXT, 0),
      dataStatus,
      sampleSize,
      ...(withheld ? { averageSellingPrice: null, priceBand: null } : {}),
    });
    expect(text.split("\n")[0]).toBe(`Pricing of the 2024 Toyota Camry: ${words}`);
    // "deals" once per statement: not "5 deals (… 4-9 deals)", nor a second "fewer than 4".
    expect(text.split("\n")[0].match(/deal/g)).toHaveLength(1);
    expect(text.match(/fewer than 4/gi) ?? []).toHaveLength(dataStatus === "insufficient" ? 1 : 0);
  });
});

describe("about_service", () => {
  test("names no model when no Anthropic key is configured", () => {
    expect(insightWriterLine({ model: null, enabled: false })).toBe(
      "Insights: composed by vinscope from its data by fixed rules, not AI-written (no Anthropic API key is configured).",
    );
    expect(insightWriterLine({ model: "claude-haiku-4-5", enabled: true })).toBe(
      "Insights: AI-written by claude-haiku-4-5.",
    );
  });

  test("states the share of demo deals once", () => {
    const all = pricingProvenanceLine({ label: DEMO_SOURCE_TEXT, deals: 500, demoDeals: 500 });
    expect(all).toBe(
      "Pricing: 500 deals. These figures come from vinscope's generated demo data set, not from real transactions.",
    );
    const some = pricingProvenanceLine({ label: sourceText(500, 20), deals: 500, demoDeals: 20 });
    expect(some.match(/20 of 500/g)).toHaveLength(1);
    expect(some.match(/demo/g)).toHaveLength(1);
    expect(pricingProvenanceLine({ label: VERIFIED_SOURCE_TEXT, deals: 9, demoDeals: 0 })).toBe(
      `Pricing: ${VERIFIED_SOURCE_TEXT}; 9 deals.`,
    );
  });
});

describe("a section still being asked is stated as a fact, with no instruction to the agent", () => {
  const pending = { status: "pending", checkedAt: "2026-11-29T00:00:00.000Z", url: "http://localhost:3000/x" };
  const source =
    "vinscope: NHTSA did not answer within 300 ms; the answer is being fetched and stored, ask again shortly";
  test.each([
    [
      "check_recalls",
      () =>
        recallsSummary({
          ...pending,
          year: 2022,
          make: "Honda",
          model: "Accord",
          count: null,
          items: [],
          source,
        } as unknown as RecallsResponse),
      "Recalls of the 2022 Honda Accord: not known yet; NHTSA is being asked, and its answer is stored when it comes.",
    ],
    [
      "get_safety_ratings",
      () => ratingsLine({ ...pending, variants: [], source } as unknown as SafetyRatingsSection),
      "NCAP ratings: not known yet; NHTSA is being asked, and its answer is stored when it comes.",
    ],
    [
      "get_complaints",
      () => complaintsLine({ ...pending, count: null, byComponent: [], source } as unknown as ComplaintsSection),
      "Owner complaints: not known yet; NHTSA is being asked, and its answer is stored when it comes.",
    ],
    [
      "get_fuel_economy",
      () => fuelEconomyLine({ ...pending, variants: [], source } as unknown as FuelEconomySection),
      "Fuel economy: not known yet; fueleconomy.gov is being asked, and its answer is stored when it comes.",
    ],
  ])("%s", (_tool, summary, first) => {
    const text = summary();
    expect(text.split("\n")[0]).toBe(first);
    expect(text).not.toMatch(/ask again|0 recall/i);
  });
});

describe("a section not known is worded by the one presenter: facts, no reason code, no wait in milliseconds", () => {
  const unknown = {
    status: "unavailable",
    reason: "breaker_open",
    checkedAt: "2026-11-29T00:00:00.000Z",
    url: "http://localhost:3000/x",
    source: "NHTSA: could not be reached (breaker_open); did not answer within 0 ms",
  };
  test.each([
    [
      "check_recalls",
      () =>
        recallsSummary({
          ...unknown,
          year: 2022,
          make: "Honda",
          model: "Accord",
          count: null,
          items: [],
        } as unknown as RecallsResponse),
      "Recalls of the 2022 Honda Accord: not known; NHTSA could not be reached, and no earlier answer is stored.",
    ],
    [
      "get_safety_ratings",
      () => ratingsLine({ ...unknown, variants: [] } as unknown as SafetyRatingsSection),
      "NCAP ratings: not known; NHTSA could not be reached, and no earlier answer is stored.",
    ],
    [
      "get_fuel_economy",
      () => fuelEconomyLine({ ...unknown, reason: "timeout", variants: [] } as unknown as FuelEconomySection),
      "Fuel economy: not known; fueleconomy.gov did not answer in time, and no earlier answer is stored.",
    ],
  ])("%s", (_tool, summary, first) => {
    const text = summary();
    expect(text.split("\n")[0]).toBe(first);
    expect(text).not.toMatch(/breaker_open|within 0 ms|\bms\b/);
  });
});
