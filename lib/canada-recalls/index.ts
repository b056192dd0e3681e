/**
 * Transport Canada recalls (the Motor Vehicle Safety Recalls Database): the public surface of the room (the VIN
 * report, the route, MCP, the CLI import and the sync). See service.ts for how an answer is made, import.ts for
 * how the files come in.
 */
export {
  canadaRecallItems,
  canadaRecallsByVehicle,
  canadaRecallsDegraded,
  canadaRecallsDegradedSection,
  canadaRecallsForVehicle,
  CANADA_RECALLS_JOB,
  CANADA_RECALLS_WORDS,
} from "./service";
export { CanadaRecallItem, CanadaRecallsResponse, CanadaRecallsSection, OGL_ATTRIBUTION } from "./answers";
export { importCanadaRecallsFile, type CanadaImportKind } from "./import";
export { VRDB_COLUMNS } from "./vrdb";
