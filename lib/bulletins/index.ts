/**
 * NHTSA's manufacturer communications (technical service bulletins, service campaigns, warranty extensions,
 * over-the-air updates): the MFR_COMMS file's reader and importer, and the answers by year/make/model for the VIN
 * report, the route and MCP. See service.ts for when an answer is known.
 */
export {
  bulletinsForVehicle,
  bulletinsDegradedSection,
  bulletinsList,
  bulletinsDegraded,
  BULLETINS_JOB,
  BULLETINS_WORDS,
} from "./service";
export { bulletinsByVehicle } from "./by-vehicle";
export { importBulletinsFile, type BulletinsImportSummary } from "./import";
export { currentPeriod, currentPeriodFile, periodFiles } from "./period";
export { BulletinItem, BulletinsQuery, BulletinsResponse, BulletinsSection } from "./answers";
