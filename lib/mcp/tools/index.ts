/**
 * The one list of tools, in the order `tools/list` gives them: each tool is defined whole (definition, argument
 * schema, answer schema, handler) in a file of this folder and registered here.
 */
import { aboutService } from "./about-service";
import { getServiceBulletins } from "./bulletins";
import { getInvestigations } from "./investigations";
import { listMakes, listModels, lookupWmi } from "./catalog";
import { getMarket, getPricing } from "./pricing";
import { checkRecalls, getRecallCampaign } from "./recalls";
import { checkCanadaRecalls } from "./canada-recalls";
import { getComplaints, getFuelEconomy, getSafetyRatings, getVehicleInsight } from "./vehicle";
import { decodeVin, decodeVins, validateVinCheckDigit } from "./vin";

export const MCP_TOOLS = [
  decodeVin,
  decodeVins,
  checkRecalls,
  getRecallCampaign,
  checkCanadaRecalls,
  getPricing,
  getMarket,
  getSafetyRatings,
  getComplaints,
  getFuelEconomy,
  getServiceBulletins,
  getInvestigations,
  getVehicleInsight,
  listMakes,
  listModels,
  lookupWmi,
  validateVinCheckDigit,
  aboutService,
] as const;

export type McpToolName = (typeof MCP_TOOLS)[number]["name"];
export const MCP_TOOL_NAMES: McpToolName[] = MCP_TOOLS.map((t) => t.name);

/** "decode_vin, decode_vins, … and about_service": for sentences on pages. */
export function toolNamesInWords(): string {
  const names = [...MCP_TOOL_NAMES];
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
