// GET /api/public/canada-recalls/{year}/{make}/{model}: Transport Canada recalls of the year/make/model.
import { operations } from "@/lib/api/operations";
import { canadaRecallsByVehicle, canadaRecallsDegraded } from "@/lib/canada-recalls";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(operations.getCanadaRecalls, async (_req, { params }) => {
  const body = await canadaRecallsByVehicle(params);
  return json(body, canadaRecallsDegraded(body) ? { cache: "degraded" } : {});
});
