/**
 * The VIN decoder's public surface. Other modules import from here only.
 */
import { warmMakeModelIndex } from "./catalog";
import { vpicData } from "./decoder";
import { elementsLackingIn } from "./enrichment";
import { warmCatalog } from "./vehicle-catalog";

export { normalizeVin } from "./format";
export { checkDigit, computeCheckDigit } from "./check-digit";
export { normalizeDriveType } from "./decoded-vehicle";
export { decodeVin, decodeVinWith, vpicData, type DecodeResult } from "./decoder";
export { wmisForMake, findVpicModel, makesForVin, modelYearPatternsIn } from "./catalog";
export type { VpicData } from "./vpic-data";
export { decodeVinEnriched, decodeVinsEnriched } from "./enrichment";
export { wmiOnlyDecode, type WmiOnlyResult } from "./wmi-only";
export { countryOf, regionOf, isNorthAmericanVin } from "./wmi-origin";
export { LIGHT_VEHICLE_TYPES, findCatalogModel, listMakes, listModels, type YearRange } from "./vehicle-catalog";
export { makesAnswer, modelsAnswer, wmiAnswer } from "./catalog-lookups";

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
