// GET /api/recalls?vin=… | ?make=…&model=…&year=… | ?campaign=… (schemas in lib/recalls/answers.ts)
import { operations } from "@/lib/api/operations";
import { RecallCampaignResponse, RecallsResponse, recallsRequest } from "@/lib/recalls";
import { json, route } from "@/lib/http/route";
import { recallCampaign } from "@/lib/recalls";
import { recallsForVin } from "@/lib/recalls";
import { recallsForYearMakeModel } from "@/lib/recalls";

export const dynamic = "force-dynamic";

export const GET = route(operations.getRecalls, async (req, { query }) => {
  const request = recallsRequest(query);
  const signal = req.signal;
  if (request.kind === "campaign") {
    const body: RecallCampaignResponse = await recallCampaign(request.campaign, { signal });
    return json(body);
  }
  if (request.kind === "vin") {
    const body: RecallsResponse = await recallsForVin(request.vin, { signal });
    return json(body, degraded(body));
  }
  const body: RecallsResponse = await recallsForYearMakeModel(request, { signal });
  return json(body, degraded(body));
});

// A stale or unavailable answer must not sit in shared caches for 6 hours once NHTSA is back.
function degraded(body: RecallsResponse) {
  return body.status === "ok" ? {} : { cache: "none" as const };
}
