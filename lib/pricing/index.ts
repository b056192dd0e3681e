/**
 * The pricing domain's public surface, for routes, pages, the VIN report and MCP tools alike.
 *
 *   getVehiclePricing({ make, model, year, state })  names or slugs in, PricingResult out (or the 404 no-data body)
 *   vehicleHasDeals({ make, model, year })           from memory: whether getVehiclePricing would find deals
 *   getMarketOverview()                              the memoised market overview + page links
 *   seedDemoDeals(db) / seedDemoPricing()            the labelled demo set, on an empty database only
 */
import { db } from "../db";
import { aggregatePricing, statesForSlice, type PricingResult } from "./aggregate-pricing";
import { seedDemoDeals } from "./demo-seed";
import { marketOverview, type MarketData } from "./market-overview";
import { sliceHasDeals, yearsWithDeals } from "./slice-index";
import { slugify, type VehicleQuery } from "../vehicle";

export type { PricingResult } from "./aggregate-pricing";
export { MARKET_MIN_DEALS, type MarketData } from "./market-overview";
export { US_STATES, isUsStateCode, stateName } from "../contract/us-states";
export { DEMO_SOURCE_TEXT, VERIFIED_SOURCE_TEXT, demoSentence, isDemoText, sourceText } from "./deal-source";
export { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "./pricing-years";

/**
 * Pricing of a make/model/year (and state). Names are slugified, so "Land Rover" / "Range Rover Sport" and
 * "land-rover" / "range-rover-sport" ask for the same data (the VIN report passes decoded names).
 */
export function getVehiclePricing(input: VehicleQuery & { state?: string | null }): Promise<PricingResult> {
  return aggregatePricing(db(), {
    makeSlug: slugify(input.make),
    modelSlug: slugify(input.model),
    year: input.year,
    state: input.state ? input.state.toUpperCase() : null,
  });
}

/**
 * Whether a make/model/year has any deals, answered from a per-process index (lib/pricing/slice-index.ts)
 * rather than a query: the VIN report's shortcut for the many vehicles without deals.
 */
export function vehicleHasDeals(input: VehicleQuery): Promise<boolean> {
  return sliceHasDeals(db(), { makeSlug: slugify(input.make), modelSlug: slugify(input.model), year: input.year });
}

/** The model years of a make/model (slugs) that have deals, oldest first, from the same per-process index. */
export function getYearsWithDeals(makeSlug: string, modelSlug: string): Promise<number[]> {
  return yearsWithDeals(db(), { makeSlug, modelSlug });
}

/** States with deals for a make/model/year (slugs), most deals first. */
export function getStatesWithDeals(makeSlug: string, modelSlug: string, year: number) {
  return statesForSlice(db(), { makeSlug, modelSlug, year });
}

export function getMarketOverview(): Promise<MarketData> {
  return marketOverview(db());
}

/** The start-up seeder (lib/seed.ts): seeds the labelled demo deals into an empty database, says what it did. */
export async function seedDemoPricing(): Promise<string> {
  const result = await seedDemoDeals(db());
  if (result.seeded) return `pricing: seeded ${result.deals} demo deals in ${result.ms} ms (labelled as demo data)`;
  const why = {
    already_seeded: "demo deals already seeded",
    deals_present: "deals present, demo data not needed",
    demo_removed: "demo data was replaced by imported deals",
  }[result.reason];
  return `pricing: ${why}`;
}

// Reached from outside the room (issue 46: every import of it comes through this door).
export { aggregatePricing } from "./aggregate-pricing";
export { DataStatus, MarketOverview, PriceBand, PricingNoData, PricingResponse, demoDeals } from "./answers";
export { insertDealRows } from "./deal-rows";
export type { DealRow } from "./deal-rows";
export { rebuildDealSummary } from "./deal-summary";
export { generateDemoDeals, seedDemoDeals } from "./demo-seed";
export { importDeals } from "./import-deals";
export type { ImportProgress } from "./import-deals";
export { computeMarketOverview, marketOverview } from "./market-overview";
export { PricingPathParams, PricingQuery, PricingStatePathParams, PricingYear } from "./params";
