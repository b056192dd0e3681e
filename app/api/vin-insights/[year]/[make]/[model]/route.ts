// GET /api/vin-insights/{year}/{make}/{model}: the insight of a year/make/model (cached 30 days).
// Malformed year or slug → 400; a year/make/model that vPIC does not know → 404.
import type { InsightResponse } from "@/lib/insights";
import { notFound } from "@/lib/contract/errors";
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { FALLBACK_WRITER, lookupInsight } from "@/lib/insights";

export const GET = route(operations.getVehicleInsight, async (_req, { params }) => {
  const { year, make, model } = params;
  const answer = await lookupInsight({ year, make, model });
  if (!answer) {
    throw notFound(`NHTSA vPIC does not know a ${year} ${make} ${model}.`, { reason: "unknown_vehicle" });
  }
  const body: InsightResponse = answer;
  return json(body, { cache: answer.insight.model === FALLBACK_WRITER ? "insightsFallback" : "insights" });
});
