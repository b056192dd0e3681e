// GET /api/public/safety-ratings/{year}/{make}/{model}: NHTSA NCAP ratings of the year/make/model.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, safetyRatingsByVehicle } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route(operations.getSafetyRatings, async (_req, { params }) => {
  const body = await safetyRatingsByVehicle(params);
  return json(body, buyerDataDegraded("safetyRatings", body) ? { cache: "degraded" } : {});
});
