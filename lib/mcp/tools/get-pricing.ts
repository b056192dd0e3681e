/** get_pricing: aggregate pricing of verified buyer deals (lib/pricing, the same answer as GET /api/public/pricing/…). */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { GetPricingArguments } from "../../api/mcp";
import { PricingResponse } from "../../api/pricing";
import { getVehiclePricing } from "../../pricing";
import { runTool, toolError, toolSuccess } from "../tool-result";

export const GET_PRICING = "get_pricing";

export function registerGetPricing(server: McpServer): void {
  server.registerTool(
    GET_PRICING,
    {
      title: "Get buyer pricing",
      description:
        "Aggregate pricing of verified buyer deals for a make, model and model year (2020-2030), optionally " +
        "in one US state. Returns the sample size, dataStatus (sufficient: 10+ deals, limited: 4-9, " +
        "insufficient: under 4, figures withheld), average MSRP and selling price, average discount amount and " +
        "percent off MSRP, the price band (10th percentile, median, 90th percentile selling price), lease and " +
        "cash/finance counts, the top trims, the data source and a citation. No deals for the vehicle is an error result.",
      inputSchema: GetPricingArguments,
      outputSchema: PricingResponse.shape,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ make, model, year, state }) =>
      runTool(GET_PRICING, async () => {
        const result = await getVehiclePricing({ make, model, year, state: state ?? null });
        if (!result.found) {
          const where = result.noData.state ? ` in ${result.noData.state}` : "";
          return toolError(
            `No deals for the ${result.noData.year} ${result.noData.make} ${result.noData.model}${where}: ` +
              "dataStatus none, sample size 0.",
          );
        }
        return toolSuccess(result.pricing, pricingSummary(result.pricing));
      }),
  );
}

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

function pricingSummary(p: PricingResponse): string {
  const vehicle = `${p.year} ${p.make} ${p.model}${p.state ? ` in ${p.state}` : ""}`;
  const lines = [`Pricing of the ${vehicle}: ${p.sampleSize} deal${p.sampleSize === 1 ? "" : "s"} (${p.dataStatus}).`];
  if (p.averageSellingPrice !== null) {
    const discount =
      p.averageDiscountPercent !== null && p.averageMsrp !== null
        ? `, ${p.averageDiscountPercent}% off an average MSRP of ${usd(p.averageMsrp)}`
        : "";
    lines.push(`Average selling price ${usd(p.averageSellingPrice)}${discount}.`);
  } else {
    lines.push("Fewer than 4 deals: averages and price band are withheld.");
  }
  if (p.priceBand) {
    lines.push(`Price band: ${usd(p.priceBand.low)} (10th pct) / ${usd(p.priceBand.typical)} (median) / ${usd(p.priceBand.high)} (90th pct).`);
  }
  if (p.topTrims.length) {
    lines.push(
      `Top trims: ${p.topTrims.map((t) => `${t.trim} (${t.dealCount} deals, avg ${usd(t.avgPrice)}, ${t.avgDiscount}% off)`).join("; ")}.`,
    );
  }
  // Under 4 deals the split and the newest date could point at one purchase: the pages withhold them too.
  if (p.dataStatus !== "insufficient") {
    lines.push(`Leases ${p.dealTypeSplit.lease}, cash/finance ${p.dealTypeSplit.cashFinance}. Newest deal ${p.lastUpdated}.`);
  }
  lines.push(`Source: ${p.source}. ${p.url}`);
  return lines.join("\n");
}
