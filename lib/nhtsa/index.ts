/**
 * NHTSA's clients in one place, each a small client on lib/outside (deadline per call, retry, typed failures;
 * breakers and caches stay with the services that know what a failure of their answer means):
 *
 *   vpic-client.ts        vPIC API: DecodeVinValues for the elements the local vPIC tables lack (lib/vin)
 *   recalls-client.ts     recalls API: recalls by vehicle, by campaign, recall model names (lib/recalls)
 *   recalls-rows.ts       the recalls API's row shape, mapped to RecallRecord (also read by the JSON import)
 *   ratings-client.ts     SafetyRatings API: tested variants and their NCAP ratings (lib/ratings)
 *   ratings-rows.ts       the SafetyRatings answers' shapes
 *   complaints-client.ts  complaints API: complaint model names and complaints by vehicle (lib/complaints)
 *
 * Bulk files (FLAT_RCL, FLAT_CMPL, the vPIC snapshot) are downloaded by lib/jobs' sync jobs instead.
 */
import type { VehicleQuery } from "../vehicle";

export { fetchVinValues } from "./vpic-client";
export { fetchCampaign, fetchRecallModels, fetchRecallsByVehicle, nhtsaOnline, type NhtsaFailure } from "./recalls-client";
export { fetchNcapRatings, fetchNcapVariants, ratingsOnline } from "./ratings-client";
export { fetchComplaintModels, fetchComplaints, complaintsOnline } from "./complaints-client";

/** NHTSA's public page of a year/make/model (ratings, recalls, complaints), the link a section cites. */
export function nhtsaVehiclePageUrl(q: VehicleQuery): string {
  return `https://www.nhtsa.gov/vehicle/${q.year}/${encodeURIComponent(q.make.toUpperCase())}/${encodeURIComponent(q.model.toUpperCase())}`;
}
