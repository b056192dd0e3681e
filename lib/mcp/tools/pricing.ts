/** get_pricing and get_market_overview: lib/pricing, the same answers as the pricing routes and /api/market-data. */
import { z } from "zod";
import { operations } from "../../api/operations";
import {
  getMarketOverview,
  getVehiclePricing,
  MarketOverview,
  PricingResponse,
  PricingYear,
  PRICING_YEAR_MAX,
  PRICING_YEAR_MIN,
} from "../../pricing";
import { NO_ARGUMENTS, vehicleName, wholeNumberInput } from "../arguments";
import { marketSummary, pricingSummary } from "../summaries";
import { defineTool } from "../tool";
import { toolError, toolSuccess } from "../tool-result";

/** get_pricing: getVehiclePricing's vehicle, by names or slugs, and its state. */
const GetPricingArguments = z.object({
  make: vehicleName("make", "Toyota or land-rover"),
  model: vehicleName("model", "Camry or range-rover-sport"),
  year: wholeNumberInput(PricingYear, `model year, ${PRICING_YEAR_MIN} to ${PRICING_YEAR_MAX}, e.g. 2024`),
  state: operations.getVehiclePricing.query.shape.state,
});

export const getPricing = defineTool({
  name: "get_pricing",
  title: "Get buyer pricing",
  summary: "aggregate pricing of buyer deals by model year, make and model, optionally per US state",
  description:
    "Aggregate buyer-deal pricing of a model year (2020-2030), make and model, optionally in one US state: sample " +
    "size and dataStatus (10+ deals sufficient, 4-9 limited, under 4 figures withheld), average MSRP, price and " +
    "discount, the 10th/50th/90th percentile band, lease and cash/finance counts, top trims, source (it names the " +
    "demo deals) and citation. No deals is an error result.",
  arguments: GetPricingArguments,
  output: PricingResponse,
  openWorld: false,
  operation: operations.getVehiclePricing,
  handler: async ({ make, model, year, state }) => {
    const result = await getVehiclePricing({ make, model, year, state: state ?? null });
    if (!result.found) {
      const where = result.noData.state ? ` in ${result.noData.state}` : "";
      return toolError(`No deals for the ${result.noData.year} ${result.noData.make} ${result.noData.model}${where}.`);
    }
    return toolSuccess(result.pricing, pricingSummary(result.pricing));
  },
});

export const getMarket = defineTool({
  name: "get_market_overview",
  title: "Get the market overview",
  summary: "top models by discount, deals per state, total deals",
  description:
    "The server's buyer deals overall: total, models with the largest average discount off MSRP, and deals and " +
    "discount per US state; the source names the demo deals.",
  arguments: NO_ARGUMENTS,
  output: MarketOverview,
  openWorld: false,
  operation: operations.getMarketOverview,
  handler: async () => {
    const { overview } = await getMarketOverview();
    return toolSuccess(overview, marketSummary(overview));
  },
});
