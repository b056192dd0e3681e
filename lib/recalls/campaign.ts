/**
 * One campaign by its NHTSA number: from the store when any source has brought it in, otherwise from NHTSA's
 * `recalls/campaignNumber` (and then stored). Unknown to both → 404; NHTSA unreachable with nothing stored
 * → 502, because "not found" would be a guess.
 */
import type { RecallCampaignResponse } from "./answers";
import { badGateway, notFound } from "../contract/errors";
import { fetchCampaign, nhtsaOnline } from "./nhtsa-client";
import { storedCampaign, upsertRecalls } from "./store";
import { displayMake } from "../vehicle";

const ATTRIBUTION = "NHTSA (U.S. National Highway Traffic Safety Administration) recall data";

export async function recallCampaign(
  campaignNumber: string,
  opts: { signal?: AbortSignal } = {},
): Promise<RecallCampaignResponse> {
  let stored = await storedCampaign(campaignNumber);
  if (!stored) {
    if (!nhtsaOnline()) {
      throw notFound(`Campaign ${campaignNumber} is not in the imported recall data (the service runs offline).`, {
        param: "campaign",
      });
    }
    const live = await fetchCampaign(campaignNumber, opts);
    // The number's format is checked before asking, so NHTSA rejecting it means it does not know it.
    if (!live.ok && (live.status === 400 || live.status === 404)) {
      throw notFound(`NHTSA has no recall campaign ${campaignNumber}.`, { param: "campaign" });
    }
    if (!live.ok) throw badGateway(`NHTSA's recalls API could not be reached (${live.reason}); try again later.`);
    const records = live.records.filter((r) => r.campaignNumber === campaignNumber);
    if (records.length === 0) throw notFound(`NHTSA has no recall campaign ${campaignNumber}.`, { param: "campaign" });
    await upsertRecalls(records, "nhtsa_api");
    stored = await storedCampaign(campaignNumber);
    if (!stored) throw notFound(`NHTSA has no recall campaign ${campaignNumber}.`, { param: "campaign" });
  }
  return {
    campaignNumber: stored.campaignNumber,
    manufacturer: stored.manufacturer,
    component: stored.component,
    summary: stored.summary,
    consequence: stored.consequence,
    remedy: stored.remedy,
    notes: stored.notes,
    reportReceivedDate: stored.reportReceivedDate ?? "",
    parkIt: stored.parkIt,
    parkOutside: stored.parkOutside,
    overTheAirUpdate: stored.overTheAirUpdate,
    potentiallyAffected: stored.potentiallyAffected,
    vehicles: stored.vehicles.map((v) => ({ ...v, make: displayMake(v.make) })),
    // One text whether the campaign was just fetched or read from the store: the body stays the same, so does its ETag.
    source: `${ATTRIBUTION}, as NHTSA published the campaign (api.nhtsa.gov or its FLAT_RCL files)`,
    checkedAt: stored.updatedAt.toISOString(),
  };
}
