import type { PricingResponse } from "../pricing/answers";
import type { VinDecodeResponse } from "../report/vin-report-answers";
import { DEMO_SOURCE_TEXT, VERIFIED_SOURCE_TEXT, sourceText } from "../pricing/deal-source";
import { marketSummary, pricingSummary, reportSummary } from "./summaries";

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
      "Pricing of the 2024 Toyota Camry: 137 demo deals (10 or more deals). These figures come from vinscope's generated demo data set, not from real transactions.",
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
      "Pricing from 137 demo deals (10 or more deals): average selling price $30,398, 4.1% off MSRP, 10th-90th percentile $27,000-$33,500. These figures come from vinscope's generated demo data set, not from real transactions.",
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
    expect(text).toMatch(/^Market overview of 30,000 demo deals, computed .*not from real transactions\./);
  });
});
