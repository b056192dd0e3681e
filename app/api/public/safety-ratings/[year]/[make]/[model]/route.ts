// GET /api/public/safety-ratings/{year}/{make}/{model}: NHTSA NCAP ratings of the year/make/model (issue 18).
import { InsightPathParams } from "@/lib/api/insights";
import { parseInput } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, safetyRatingsByVehicle } from "@/lib/report";

type Params = { params: Promise<{ year: string; make: string; model: string }> };

export const dynamic = "force-dynamic";

export const GET = route<Params>({ name: "getSafetyRatings", cache: "buyerData" }, async (_req, ctx) => {
  const body = await safetyRatingsByVehicle(parseInput(InsightPathParams, await ctx.params));
  return json(body, buyerDataDegraded("safetyRatings", body) ? { cache: "degraded" } : {});
});
