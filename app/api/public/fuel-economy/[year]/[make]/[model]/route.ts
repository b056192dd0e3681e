// GET /api/public/fuel-economy/{year}/{make}/{model}: EPA fuel economy of the year/make/model (issue 18).
import { InsightPathParams } from "@/lib/api/insights";
import { parseInput } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, fuelEconomyByVehicle } from "@/lib/report";

type Params = { params: Promise<{ year: string; make: string; model: string }> };

export const dynamic = "force-dynamic";

export const GET = route<Params>({ name: "getFuelEconomy", cache: "buyerData" }, async (_req, ctx) => {
  const body = await fuelEconomyByVehicle(parseInput(InsightPathParams, await ctx.params));
  return json(body, buyerDataDegraded("fuelEconomy", body) ? { cache: "degraded" } : {});
});
