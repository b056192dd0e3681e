import { z } from "zod";
import { MarketOverview, PricingNoData, PricingResponse } from "./answers";
import { PricingQuery, PricingStatePathParams } from "./params";
import { UsState } from "../contract/params";

describe("pricing schemas", () => {
  it.each([
    ["PricingResponse", PricingResponse],
    ["PricingNoData", PricingNoData],
    ["MarketOverview", MarketOverview],
  ] as const)("%s: its documented examples are valid", (_id, schema) => {
    const meta = z.globalRegistry.get(schema) as { examples?: unknown[] } | undefined;
    expect(meta?.examples?.length).toBeGreaterThan(0);
    for (const example of meta!.examples!) expect(() => schema.parse(example)).not.toThrow();
  });

  it("accepts the 50 states and DC, any case, and nothing else", () => {
    expect(UsState.parse("dc")).toBe("DC");
    expect(UsState.parse(" wy ")).toBe("WY");
    for (const bad of ["PR", "GU", "VI", "XX", "C", "CAL", ""]) expect(UsState.safeParse(bad).success).toBe(false);
  });

  it("reads the state path and a single ?state", () => {
    expect(PricingStatePathParams.parse({ make: "ford", model: "f-150", year: "2025", state: "tx" })).toEqual({
      make: "ford",
      model: "f-150",
      year: 2025,
      state: "TX",
    });
    expect(PricingQuery.parse({})).toEqual({});
    expect(PricingQuery.safeParse({ state: ["CA", "TX"] }).success).toBe(false);
  });

  it("keeps the no-data body to exactly the six spec fields", () => {
    const body = { make: "Ford", year: 2021, model: "F-150", state: null, dataStatus: "none", sampleSize: 0 };
    expect(Object.keys(PricingNoData.shape).sort()).toEqual(Object.keys(body).sort());
    expect(PricingNoData.safeParse({ ...body, sampleSize: 1 }).success).toBe(false);
  });

  it("has every PricingResponse field of the contract", () => {
    expect(Object.keys(PricingResponse.shape).sort()).toEqual(
      [
        "source",
        "url",
        "make",
        "model",
        "year",
        "state",
        "sampleSize",
        "demoDeals",
        "dataStatus",
        "averageMsrp",
        "averageSellingPrice",
        "averageDiscountAmount",
        "averageDiscountPercent",
        "priceBand",
        "rebatesIncluded",
        "lastUpdated",
        "dealTypeSplit",
        "topTrims",
        "citation",
        "recommendation",
        "recommendationUrl",
      ].sort(),
    );
  });
});
