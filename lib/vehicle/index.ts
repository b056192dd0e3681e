/**
 * Vehicle identity: the year/make/model type, and every rule about its names (matching keys, URL slugs,
 * display names) and its model year in a URL. Pure: no data, no I/O, usable from pages, client components,
 * the decoder, importers and tests alike.
 */
export type { VehicleQuery } from "./vehicle";
export { SLUG_MAX_LENGTH, SLUG_PATTERN, nameFromSlug, slugify, vehicleSlugKey } from "./slugs";
export { makeKey, modelIdentity, nameKey, sameModel, sameModelIdentity, type ModelIdentity } from "./names";
export { displayMake, withDisplayMake } from "./display-name";
export { MakeName } from "./make-name";
export { MODEL_YEAR_PATTERN, modelYearWithin, newestModelYear, parseModelYear, yearsOfRanges } from "./model-year";
export { nhtsaVehiclePageUrl } from "./nhtsa-page";
