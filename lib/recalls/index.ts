/**
 * Recalls: the public surface other domains use (VIN report, MCP tools, pages, scripts).
 * See service.ts for how live NHTSA answers and imported data combine.
 */
export { recallsForVehicle, recallPageUrl } from "./service";
export type { VehicleRecalls } from "./service";
export { recallsForVin } from "./by-vin";
export { recallsForYearMakeModel } from "./by-vehicle";
export { recallCampaign } from "./campaign";
export { nhtsaOnline } from "./nhtsa-client";
export { recallMirrorStatus } from "./mirror";

// Reached from outside the room (issue 46: every import of it comes through this door).
export {
  RecallCampaignResponse,
  RecallItem,
  RecallStatus,
  RecallsAsOf,
  RecallsQuery,
  RecallsResponse,
  recallsRequest,
  RECALL_MIN_YEAR,
  recallMaxYear,
} from "./answers";
export { parseFlatRclLine } from "./flat-rcl";
export { importRecallFile } from "./import";
export type { MirrorFileState, RecallMirrorState } from "./mirror";
export { importMirrorFile } from "./mirror-import";
export type { OpenedCoverage } from "./mirror-import";
export { CAMPAIGN_NUMBER, type RecallRecord } from "./record";
export { campaignTexts, campaignsByManufacturerNumber, upsertRecalls } from "./store";
export type { StoredRecall } from "./store";
export { canonicalVehicleNames, knownVehicleNames } from "./vehicle-names";
