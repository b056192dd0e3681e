/** get_pricing and get_market_overview: lib/pricing, the same answers as the pricing routes and /api/market-data. */
import type { McpToolArguments } from "../../api/mcp-tools";
import { getMarketOverview, getVehiclePricing } from "../../pricing";
import { marketSummary, pricingSummary } from "../summaries";
import { toolError, toolSuccess, type ToolHandler } from "../tool-result";

export const getPricing: ToolHandler<McpToolArguments<"get_pricing">> = async ({ make, model, year, state }) => {
  const result = await getVehiclePricing({ make, model, year, state: state ?? null });
  if (!result.found) {
    const where = result.noData.state ? ` in ${result.noData.state}` : "";
    return toolError(`No deals for the ${result.noData.year} ${result.noData.make} ${result.noData.model}${where}.`);
  }
  return toolSuccess(result.pricing, pricingSummary(result.pricing));
};

export const getMarket: ToolHandler<McpToolArguments<"get_market_overview">> = async () => {
  const { overview } = await getMarketOverview();
  return toolSuccess(overview, marketSummary(overview));
};
