// GET /api/public/complaints/{year}/{make}/{model}: NHTSA owner complaints of the year/make/model (issue 18).
import { InsightPathParams } from "@/lib/api/insights";
import { parseInput } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, complaintsByVehicle } from "@/lib/report";

type Params = { params: Promise<{ year: string; make: string; model: string }> };

export const dynamic = "force-dynamic";

export const GET = route<Params>({ name: "getComplaints", cache: "buyerData" }, async (_req, ctx) => {
  const body = await complaintsByVehicle(parseInput(InsightPathParams, await ctx.params));
  return json(body, buyerDataDegraded("complaints", body) ? { cache: "degraded" } : {});
});
