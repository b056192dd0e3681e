/** The VIN report: composed once here, used by /api/public/vin/{vin}, /vin/{vin} and the MCP decode_vin tool. */
export { buildVinReport, reportIsDegraded } from "./vin-report";
export { buildVinBatch, splitVins, batchDegraded } from "./vin-batch";
export {
  safetyRatingsByVehicle,
  complaintsByVehicle,
  fuelEconomyByVehicle,
  buyerDataDegraded,
} from "./sections-by-vehicle";
export { buildVehicleReport } from "./vehicle-report";
export { vehicleFeed } from "./vehicle-feed";

// Reached from outside the room (issue 46: every import of it comes through this door).
export { VehicleReport } from "./vehicle-report-answers";
export { EntryProblem, VIN_BATCH_LIMIT, VinBatchQuery, VinBatchResponse } from "./vin-batch-answers";
export { VinDecodeResponse, VinPathParams, VinPricingSection, VinReportQuery } from "./vin-report-answers";
export { warmReportData } from "./warm";
