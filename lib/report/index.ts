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
