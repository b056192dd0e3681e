// GET /api/public/pricing/{make}/{model}/{year}[?state=XX]: aggregate pricing (spec 2.6), 404 body 2.7.
import { PricingPathParams, PricingQuery } from "@/lib/api/pricing";
import { json, route } from "@/lib/http/route";
import { parseInput, queryObject } from "@/lib/http/params";
import { getVehiclePricing } from "@/lib/pricing";

type Params = { params: Promise<{ make: string; model: string; year: string }> };

export const GET = route<Params>({ name: "getVehiclePricing", cache: "pricing" }, async (req, ctx) => {
  const path = parseInput(PricingPathParams, await ctx.params);
  const query = parseInput(PricingQuery, queryObject(new URL(req.url)));
  const result = await getVehiclePricing({ ...path, state: query.state ?? null });
  return result.found ? json(result.pricing) : json(result.noData, { status: 404 });
});
