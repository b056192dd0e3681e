// GET /api/public/pricing/{make}/{model}/{year}/{state}: state-level pricing; its 404 carries the 2.7 body too.
import { PricingStatePathParams } from "@/lib/api/pricing";
import { json, route } from "@/lib/http/route";
import { parseInput } from "@/lib/http/params";
import { getVehiclePricing } from "@/lib/pricing";

type Params = { params: Promise<{ make: string; model: string; year: string; state: string }> };

export const GET = route<Params>({ name: "getVehiclePricingByState", cache: "pricing" }, async (_req, ctx) => {
  const path = parseInput(PricingStatePathParams, await ctx.params);
  const result = await getVehiclePricing(path);
  return result.found ? json(result.pricing) : json(result.noData, { status: 404 });
});
