// GET /api/public/fuel-economy/{year}/{make}/{model}: EPA fuel economy of the year/make/model.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, fuelEconomyByVehicle } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route(operations.getFuelEconomy, async (_req, { params }) => {
  const body = await fuelEconomyByVehicle(params);
  return json(body, buyerDataDegraded("fuelEconomy", body) ? { cache: "degraded" } : {});
});
