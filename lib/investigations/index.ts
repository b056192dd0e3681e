/**
 * NHTSA's defect investigations (ODI: preliminary evaluations, engineering analyses, recall queries, defect
 * petitions, audit queries, information requests): the FLAT_INV file's reader and importer, and the answers by
 * year/make/model for the VIN report, the route and MCP. See service.ts for when an answer is known.
 */
export {
  investigationsForVehicle,
  investigationsDegradedSection,
  investigationsList,
  investigationsDegraded,
  investigationItems,
} from "./service";
export { INVESTIGATIONS_JOB, INVESTIGATIONS_WORDS } from "./source";
export { investigationsByVehicle } from "./by-vehicle";
export { importInvestigationsFile, type InvestigationsImportSummary } from "./import";
export { InvestigationItem, InvestigationsResponse, InvestigationsSection } from "./answers";
