/**
 * The VIN decoder's public surface. Other modules import from here only.
 */
export { normalizeVin } from "./format";
export { checkDigit, computeCheckDigit } from "./check-digit";
export { normalizeDriveType } from "./decoded-vehicle";
export { decodeVin, decodeVinWith, vpicData, type DecodeResult } from "./decoder";
export { wmisForMake, findVpicModel, makesForVin, modelYearPatternsIn } from "./catalog";
export type { VpicData } from "./vpic-data";
export { decodeVinEnriched, decodeVinsEnriched } from "./enrichment";
export { wmiOnlyDecode, type WmiOnlyResult } from "./wmi-only";
export { countryOf, regionOf, isNorthAmericanVin } from "./wmi-origin";
export {
  LIGHT_VEHICLE_TYPES,
  findCatalogModel,
  listMakes,
  listModels,
  warmCatalog,
  type YearRange,
} from "./vehicle-catalog";
export { makesAnswer, modelsAnswer, wmiAnswer } from "./catalog-lookups";
