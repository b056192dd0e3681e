// GET /api/recalls?vin=… | ?make=…&model=…&year=… | ?campaign=… (spec 4.1; schemas in lib/api/recalls.ts)
import { RecallCampaignResponse, RecallsQuery, RecallsResponse, recallsRequest } from "@/lib/api/recalls";
import { json, route } from "@/lib/http/route";
import { parseInput, queryObject } from "@/lib/http/params";
import { recallCampaign } from "@/lib/recalls/campaign";
import { recallsForVin } from "@/lib/recalls/by-vin";
import { recallsForVehicle } from "@/lib/recalls/service";
import { canonicalVehicleNames } from "@/lib/recalls/vehicle-names";

export const dynamic = "force-dynamic";

export const GET = route({ name: "getRecalls", cache: "recalls" }, async (req) => {
  const request = recallsRequest(parseInput(RecallsQuery, queryObject(new URL(req.url))));
  const signal = req.signal;
  if (request.kind === "campaign") {
    const body: RecallCampaignResponse = await recallCampaign(request.campaign, { signal });
    return json(body);
  }
  if (request.kind === "vin") {
    const body: RecallsResponse = await recallsForVin(request.vin, { signal });
    return json(body, degraded(body));
  }
  // vPIC's spelling ("ford"/"f150" → FORD/F-150) is what NHTSA's recall names follow most closely.
  const vehicle = { year: request.year, ...(await canonicalVehicleNames(request.make, request.model)) };
  const body: RecallsResponse = { ...vehicle, ...(await recallsForVehicle(vehicle, { signal })) };
  return json(body, degraded(body));
});

// A stale or unavailable answer must not sit in shared caches for 6 hours once NHTSA is back.
function degraded(body: RecallsResponse) {
  return body.status === "ok" ? {} : { cache: "none" as const };
}
