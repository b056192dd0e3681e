/**
 * The VIN decoder's public surface: the room's one door. Code outside lib/vin imports from here only (eslint.config.mjs
 * enforces it); the exception is the client components, which take the pure format.ts and check-digit.ts directly,
 * because this door loads the vPIC decoder, which no browser bundle can hold.
 */
import { warmMakeModelIndex } from "./catalog";
import { vpicData } from "./decoder";
import { elementsLackingIn } from "./enrichment";
import { warmCatalog } from "./vehicle-catalog";

export { compactVinInput, normalizeVin, type Vin } from "./format";
export { checkDigit, computeCheckDigit } from "./check-digit";
export { normalizeDriveType, type DecodedVehicle } from "./decoded-vehicle";
export { decodeValidVin, decodeVin, decodeVinWith, vpicData, type DecodeResult } from "./decoder";
export { wmisForMake, findVpicModel, makesForVin, modelYearPatternsIn } from "./catalog";
export { loadVpicData, type VpicData } from "./vpic-data";
export { asksVpic, closeEnrichment, decodeVinEnriched, finishDecode, planDecode } from "./enrichment";
export { wmiOnlyDecode, type WmiOnlyResult } from "./wmi-only";
export { countryOf, regionOf, isNorthAmericanVin } from "./wmi-origin";
export { LIGHT_VEHICLE_TYPES, findCatalogModel, listMakes, listModels, type YearRange } from "./vehicle-catalog";
export { makesAnswer, modelsAnswer, wmiAnswer } from "./catalog-lookups";
// The answers' schemas (the operations' contract) and the request parameter of a VIN.
export { DecodedVehicleSchema, WmiOnlyVehicleSchema } from "./answers";
export {
  CATALOG_YEAR_MIN,
  MakesQuery,
  MakesResponse,
  ModelsQuery,
  ModelsResponse,
  WmiPathParams,
  WmiResponse,
} from "./catalog-answers";
export { VPIC_ERROR_CODES } from "./error-codes";
export { ExtendedRecordSchema, ValueSource, type ExtendedRecord } from "./extended-answers";
export { toExtendedRecord } from "./extended-record";
export { parseVin, vinParam } from "./vin-param";
// Body, fuel and drive of a VIN, matched against other sources' variants (ratings, fuel economy, insights).
export {
  bodyKind,
  fuelKind,
  markFits,
  sameDrive,
  vinTraits,
  type BodyKind,
  type Drive,
  type VinTraits,
} from "./variant-fit";
// The vPIC database file: the bundled copy, the active one a refresh swapped in.
export { activeVpicPath, readActiveVpic, writeActiveVpic, type ActiveVpic } from "./active-vpic";
export { checkVpicDatabase, ensureBundledVpic } from "./vpic-file";
// Synthetic VINs, for benchmarks and evaluations.
export { synthesiseVins } from "./sample-vins";

/**
 * Loads the vPIC tables and builds every index the decoder, the catalog and the enrichment derive from them, ahead
 * of the first request (server start-up), so no visitor waits for them.
 */
export function warmVinIndexes(): void {
  const data = vpicData();
  warmCatalog();
  warmMakeModelIndex(data);
  elementsLackingIn(data);
}
