// GET /api/public/pricing/{make}/{model}/{year}/{state}: state-level pricing; its 404 carries the 2.7 body too.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { getVehiclePricing } from "@/lib/pricing";

export const GET = route(operations.getVehiclePricingByState, async (_req, { params }) => {
  const result = await getVehiclePricing(params);
  return result.found ? json(result.pricing) : json(result.noData, { status: 404 });
});
