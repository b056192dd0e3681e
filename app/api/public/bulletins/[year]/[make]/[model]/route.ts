// GET /api/public/bulletins/{year}/{make}/{model}: NHTSA's manufacturer communications of the year/make/model.
import { operations } from "@/lib/api/operations";
import { bulletinsByVehicle, bulletinsDegraded } from "@/lib/bulletins";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(operations.getServiceBulletins, async (_req, { params, query }) => {
  const body = await bulletinsByVehicle(params, query);
  return json(body, bulletinsDegraded(body) ? { cache: "degraded" } : {});
});
