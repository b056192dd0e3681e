/**
 * The MCP tools, in one list: each tool's name, title, description, arguments and answer, and the HTTP
 * operation it mirrors (its answer is that operation's). lib/mcp serves them; /llms.txt, the home page, /docs,
 * the OpenAPI document's introduction and `about_service` list them from here, so no page counts them by hand.
 *
 * Descriptions say what a tool returns and where the data comes from; they carry no instructions to the agent.
 */
import { z } from "zod";
import { MakesResponse, ModelsResponse, WmiResponse } from "../vin/catalog-answers";
import { ComplaintsResponse, FuelEconomyResponse, SafetyRatingsResponse } from "../buyer-data/answers";
import { InsightResponse } from "../insights/answers";
import {
  AboutService,
  BatchProblemBrief,
  BuyerSectionBriefs,
  CheckDigitArguments,
  CheckDigitResult,
  CheckRecallsArguments,
  DecodeVinArguments,
  DecodeVinsArguments,
  DecodedVehicleBrief,
  ExtendedRecordBrief,
  GetPricingArguments,
  ListMakesArguments,
  ListModelsArguments,
  LookupWmiArguments,
  RecallCampaignArguments,
  VehicleArguments,
  VinReportBrief,
} from "./mcp";
import { ExtendedRecordSchema } from "../vin/extended-answers";
import { operations, type OperationSpec } from "./operations";
import { MarketOverview, PricingResponse } from "../pricing/answers";
import { RecallCampaignResponse, RecallsResponse } from "../recalls/answers";
import { EntryProblem, VIN_BATCH_LIMIT, VinBatchResponse } from "../report/vin-batch-answers";
import { VinDecodeResponse } from "../report/vin-report-answers";

export interface McpToolSpec {
  name: string;
  title: string;
  /** One line, for lists (llms.txt, the home page, /docs). */
  summary: string;
  /** For `tools/list`: what the tool returns and its source. */
  description: string;
  arguments: z.ZodObject;
  output: z.ZodObject;
  /** True when the tool may ask an outside system (NHTSA, EPA, an AI model) rather than only the server's own data. */
  openWorld: boolean;
  /** The HTTP operation whose answer the tool gives. */
  operation?: OperationSpec;
  /**
   * Parts of the answer that `tools/list` describes by a shorter schema (each pair: the part, its brief), to keep
   * the list small; the answer itself is unchanged and the OpenAPI document describes every field.
   */
  briefly?: readonly (readonly [z.ZodType, z.ZodType])[];
}

const NO_ARGUMENTS = z.object({});

/**
 * The one isError policy of every tool for an answer its source could not give: a successful result that says
 * so (status unavailable or pending, counts null); isError only for bad input or the tool failing.
 */
const UNKNOWN_IS_A_RESULT = "Not known (status unavailable or pending, counts null) is a result, not an error.";

const tools = [
  {
    name: "decode_vin",
    title: "Decode a VIN",
    summary: "a VIN's report: specifications, pricing, open recalls, insight, NCAP ratings, complaints, fuel economy",
    description:
      "The VIN report of a 17-character VIN: the vehicle as NHTSA's vPIC data and rules decode it (year, make, model, " +
      "trim, body, drive, fuel, engine, transmission, plant, equipment), buyer pricing, NHTSA recalls with severity flags, " +
      "NCAP ratings, owner complaints and EPA fuel economy (variants marked against the VIN), an insight, the check digit, " +
      "a permalink and a citation. Each section can be left out and states its status and source (demo deals say so); " +
      "a section not known is part of the result. " +
      "A malformed or undecodable VIN is an error result.",
    arguments: DecodeVinArguments,
    output: VinDecodeResponse,
    briefly: [
      [VinDecodeResponse.shape.decoded, DecodedVehicleBrief],
      [ExtendedRecordSchema, ExtendedRecordBrief],
      ...BuyerSectionBriefs,
    ],
    openWorld: true,
    operation: operations.decodeVin,
  },
  {
    name: "decode_vins",
    title: "Decode many VINs",
    summary: `up to ${VIN_BATCH_LIMIT} VINs in one call, each its report or its problem`,
    description:
      `Up to ${VIN_BATCH_LIMIT} VINs in input order, each decode_vin's report (ok: true) or its problem (malformed, ` +
      "unknown manufacturer, no matching pattern). Pricing, recalls and insight only when switched on.",
    arguments: DecodeVinsArguments,
    output: VinBatchResponse,
    briefly: [
      [VinDecodeResponse, VinReportBrief],
      [EntryProblem, BatchProblemBrief],
    ],
    openWorld: true,
    operation: operations.decodeVins,
  },
  {
    name: "check_recalls",
    title: "Check safety recalls",
    summary: "NHTSA recall campaigns by VIN or by model year, make and model",
    description:
      "NHTSA recall campaigns of a VIN's decoded vehicle, or of a model year, make and model: number, component, " +
      "summary, consequence, remedy, date and flags parkIt (do not drive), parkOutside (fire risk), overTheAirUpdate; " +
      "status and source (recall mirror or NHTSA's API). " +
      UNKNOWN_IS_A_RESULT,
    arguments: CheckRecallsArguments,
    output: RecallsResponse,
    openWorld: true,
    operation: operations.getRecalls,
  },
  {
    name: "get_recall_campaign",
    title: "Get a recall campaign",
    summary: "one NHTSA recall campaign by its number, with every vehicle it covers",
    description:
      "One NHTSA recall campaign by number (e.g. 24V436000): manufacturer, component, summary, consequence, remedy, " +
      "date, flags, units affected and every vehicle it covers. From the recall store or NHTSA's API; unknown is an error result.",
    arguments: RecallCampaignArguments,
    output: RecallCampaignResponse,
    openWorld: true,
    operation: operations.getRecalls,
  },
  {
    name: "get_pricing",
    title: "Get buyer pricing",
    summary: "aggregate pricing of buyer deals by model year, make and model, optionally per US state",
    description:
      "Aggregate buyer-deal pricing of a model year (2020-2030), make and model, optionally in one US state: sample " +
      "size and dataStatus (10+ deals sufficient, 4-9 limited, under 4 figures withheld), average MSRP, price and " +
      "discount, the 10th/50th/90th percentile band, lease and cash/finance counts, top trims, source (it names the " +
      "demo deals) and citation. No deals is an error result.",
    arguments: GetPricingArguments,
    output: PricingResponse,
    openWorld: false,
    operation: operations.getVehiclePricing,
  },
  {
    name: "get_market_overview",
    title: "Get the market overview",
    summary: "top models by discount, deals per state, total deals",
    description:
      "The server's buyer deals overall: total, models with the largest average discount off MSRP, and deals and " +
      "discount per US state; the source names the demo deals.",
    arguments: NO_ARGUMENTS,
    output: MarketOverview,
    openWorld: false,
    operation: operations.getMarketOverview,
  },
  {
    name: "get_safety_ratings",
    title: "Get NCAP safety ratings",
    summary: "NHTSA NCAP crash-test stars of every tested variant of a model year, make and model",
    description:
      "NHTSA NCAP (5-Star) ratings of every variant crash-tested for a model year, make and model: overall, frontal, " +
      "side, side pole and rollover stars and rollover risk, with status and source. From NHTSA's SafetyRatings API. " +
      UNKNOWN_IS_A_RESULT,
    arguments: VehicleArguments,
    output: SafetyRatingsResponse,
    openWorld: true,
    operation: operations.getSafetyRatings,
  },
  {
    name: "get_complaints",
    title: "Get owner complaints",
    summary: "NHTSA owner complaints of a model year, make and model: count, by component, newest",
    description:
      "Owner complaints filed with NHTSA for a model year, make and model: count, crashes, fires, injuries, deaths, " +
      "counts per component and the newest few, with status and source (NHTSA's API or FLAT_CMPL). " +
      UNKNOWN_IS_A_RESULT,
    arguments: VehicleArguments,
    output: ComplaintsResponse,
    openWorld: true,
    operation: operations.getComplaints,
  },
  {
    name: "get_fuel_economy",
    title: "Get EPA fuel economy",
    summary: "EPA MPG, annual fuel cost and electric range of every rated variant",
    description:
      "EPA fuel economy of every rated variant of a model year, make and model: city, highway and combined MPG (MPGe " +
      "for EVs), annual fuel cost, electric range, with status and source (vehicles.csv or fueleconomy.gov). " +
      UNKNOWN_IS_A_RESULT,
    arguments: VehicleArguments,
    output: FuelEconomyResponse,
    openWorld: true,
    operation: operations.getFuelEconomy,
  },
  {
    name: "get_vehicle_insight",
    title: "Get a vehicle insight",
    summary: "a short factual paragraph about a model year, make and model",
    description:
      "A factual paragraph (at most 60 words) on a model year, make and model from vinscope's data, AI-written or, " +
      "when no model answers, composed by fixed rules (insight.model vinscope-facts-v1). Unknown to vPIC is an error result.",
    arguments: VehicleArguments,
    output: InsightResponse,
    openWorld: true,
    operation: operations.getVehicleInsight,
  },
  {
    name: "list_makes",
    title: "List makes",
    summary: "the makes NHTSA vPIC knows, optionally for a model year, with their slugs",
    description:
      "The makes in NHTSA's vPIC data, A-Z, each with its slug (what the other tools take), vehicle types and model " +
      "years. Filters: year, type (default light: cars, MPVs, trucks) and q (text in the name).",
    arguments: ListMakesArguments,
    output: MakesResponse,
    openWorld: false,
    operation: operations.listMakes,
  },
  {
    name: "list_models",
    title: "List a make's models",
    summary: "a make's models, optionally for a model year, with their slugs and years",
    description:
      "A make's models in NHTSA's vPIC data, A-Z, with slugs, vehicle types and model years; with year, only those " +
      "vPIC's patterns cover that year. The make by name or slug; unknown is an error result.",
    arguments: ListModelsArguments,
    output: ModelsResponse,
    openWorld: false,
    operation: operations.listModels,
  },
  {
    name: "lookup_wmi",
    title: "Look up a manufacturer code",
    summary: "what a WMI (VIN positions 1-3, or 6 for small makers) names",
    description:
      "What a WMI (VIN positions 1-3, or 1-3 and 12-14 when position 3 is 9) names: manufacturer, makes with slugs, " +
      "ISO 3780 country and region, vehicle types, model years. From vPIC's WMI list or vinscope's list of well-known " +
      "codes vPIC does not publish; unknown is an error result.",
    arguments: LookupWmiArguments,
    output: WmiResponse,
    openWorld: false,
    operation: operations.lookupWmi,
  },
  {
    name: "validate_vin_check_digit",
    title: "Validate a VIN check digit",
    summary: "offline check-digit validation per ISO 3779 and 49 CFR 565.15",
    description:
      "Whether a VIN's check digit (position 9) is right per ISO 3779 and 49 CFR 565.15, computed offline: valid, " +
      "expected and actual digit, reason. Mandatory for North American vehicles only. A malformed VIN is an error result.",
    arguments: CheckDigitArguments,
    output: CheckDigitResult,
    openWorld: false,
  },
  {
    name: "about_service",
    title: "About this service",
    summary: "the server's version, tools and data sources",
    description:
      "This server's name, version and tools, and where its data comes from (vPIC data date, recall source and last " +
      "sync, the pricing data set and its size, the insight model), with the attribution requested when showing it.",
    arguments: NO_ARGUMENTS,
    output: AboutService,
    openWorld: false,
  },
] as const satisfies readonly McpToolSpec[];

export type McpToolName = (typeof tools)[number]["name"];
type ToolNamed<K extends McpToolName> = Extract<(typeof tools)[number], { name: K }>;
/** A tool's arguments as its handler gets them (parsed). */
export type McpToolArguments<K extends McpToolName> = z.output<ToolNamed<K>["arguments"]>;

export const MCP_TOOLS: readonly McpToolSpec[] = tools;
export const MCP_TOOL_NAMES: McpToolName[] = tools.map((t) => t.name);

/** "decode_vin, decode_vins, … and about_service": for sentences on pages. */
export function toolNamesInWords(): string {
  const names = [...MCP_TOOL_NAMES];
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The resource templates (lib/mcp/resources.ts reads them). */
export const MCP_RESOURCE_TEMPLATES = {
  vinReport: {
    name: "vin-report",
    uriTemplate: "vinscope://vin/{vin}",
    title: "VIN report",
    description: "The report of a 17-character VIN, as decode_vin answers it (JSON).",
  },
  vehicleReport: {
    name: "vehicle-report",
    uriTemplate: "vinscope://vehicle/{year}/{make}/{model}",
    title: "Vehicle report",
    description:
      "What is known about a model year, make and model without a VIN (make and model as slugs, e.g. 2022/honda/cr-v): " +
      "pricing, open recalls, NCAP ratings and EPA fuel economy of every variant, owner complaints by component, the insight (JSON).",
  },
} as const;

/** The prompts (lib/mcp/prompts.ts reads them). */
export const MCP_PROMPTS = {
  checkUsedCar: {
    name: "check_used_car",
    title: "Check a used car before buying",
    description:
      "A used car's VIN report (recalls, owner complaints, NCAP ratings, fuel economy, what buyers paid) with a request to review it as a buyer.",
  },
  compareVehicles: {
    name: "compare_vehicles",
    title: "Compare two vehicles",
    description:
      "Two vehicles' reports side by side (each a VIN, or a model year, make and model) with a request to compare them for a buyer.",
  },
} as const;
