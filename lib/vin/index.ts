/**
 * The VIN decoder's public surface. Other modules import from here only.
 */
export { normalizeVin, vinDescriptor, wmiOf, type NormalizeVinResult } from "./format";
export { checkDigit, computeCheckDigit, type CheckDigitResult } from "./check-digit";
export { normalizeDriveType, type DecodedVehicle, type DriveType } from "./decoded-vehicle";
export { decodeVin, decodeVinWith, vpicData, type DecodeResult } from "./decoder";
export { wmisForMake, findVpicModel, makesForVin, modelYearPatternsIn, type ModelYearPatterns } from "./catalog";
export type { VpicData } from "./vpic-data";
export { decodeVinEnriched, decodeVinsEnriched } from "./enrichment";
export { wmiOnlyDecode, yearFromPosition10, type WmiOnlyResult, type WmiOnlyVehicle } from "./wmi-only";
export { countryOf, regionOf, isNorthAmericanVin, knownWmi } from "./wmi-origin";
