// GET /api/public/pricing/{make}/{model}/{year}[?state=XX]: aggregate pricing, or 404 no-data.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { getVehiclePricing } from "@/lib/pricing";

export const GET = route(operations.getVehiclePricing, async (_req, { params, query }) => {
  const result = await getVehiclePricing({ ...params, state: query.state ?? null });
  return result.found ? json(result.pricing) : json(result.noData, { status: 404 });
});
