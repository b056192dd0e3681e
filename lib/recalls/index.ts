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
