// GET /api/public/complaints/{year}/{make}/{model}: NHTSA owner complaints of the year/make/model.
import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { buyerDataDegraded, complaintsByVehicle } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route(operations.getComplaints, async (_req, { params }) => {
  const body = await complaintsByVehicle(params);
  return json(body, buyerDataDegraded("complaints", body) ? { cache: "degraded" } : {});
});
