/** Every tool's handler, by the tool's name (lib/api/mcp-tools.ts lists the tools): one handler per tool, checked by the types. */
import type { McpToolArguments, McpToolName } from "../../api/mcp-tools";
import type { ToolHandler } from "../tool-result";
import { aboutService } from "./about-service";
import { listMakes, listModels, lookupWmi } from "./catalog";
import { getMarket, getPricing } from "./pricing";
import { checkRecalls, getRecallCampaign } from "./recalls";
import { getComplaints, getFuelEconomy, getSafetyRatings, getVehicleInsight } from "./vehicle";
import { decodeVin, decodeVins, validateVinCheckDigit } from "./vin";

export const TOOL_HANDLERS: { [K in McpToolName]: ToolHandler<McpToolArguments<K>> } = {
  decode_vin: decodeVin,
  decode_vins: decodeVins,
  check_recalls: checkRecalls,
  get_recall_campaign: getRecallCampaign,
  get_pricing: getPricing,
  get_market_overview: getMarket,
  get_safety_ratings: getSafetyRatings,
  get_complaints: getComplaints,
  get_fuel_economy: getFuelEconomy,
  get_vehicle_insight: getVehicleInsight,
  list_makes: listMakes,
  list_models: listModels,
  lookup_wmi: lookupWmi,
  validate_vin_check_digit: validateVinCheckDigit,
  about_service: aboutService,
};
