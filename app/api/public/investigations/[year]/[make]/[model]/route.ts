// GET /api/public/investigations/{year}/{make}/{model}: NHTSA's defect investigations of the year/make/model.
import { operations } from "@/lib/api/operations";
import { investigationsByVehicle, investigationsDegraded } from "@/lib/investigations";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(operations.getInvestigations, async (_req, { params }) => {
  const body = await investigationsByVehicle(params);
  return json(body, investigationsDegraded(body) ? { cache: "degraded" } : {});
});
