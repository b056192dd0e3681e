/**
 * The MCP tools' contract: their arguments, and their own answers (the check-digit result and the
 * service description). The other tools answer with the public API's schemas (VinDecodeResponse,
 * RecallsResponse, PricingResponse, VinBatchResponse). Each tool's arguments are built from the operation it
 * mirrors (lib/api/operations.ts): the same fields, bounds and section flags, in the JSON types an agent sends
 * (a boolean, not "true"; a number, or digits, for a year).
 */
import { z } from "zod";
import { slugify } from "../vehicle";
import { operations } from "./operations";
import { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "../pricing/pricing-years";
import { PricingYear } from "../pricing/params";
import { RECALL_MIN_YEAR, recallMaxYear } from "../recalls/answers";
import { VIN_BATCH_LIMIT } from "../report/vin-batch-answers";
import { MakesQuery, ModelsQuery, WmiPathParams } from "../vin/catalog-answers";
import { ValueSource } from "../vin/extended-answers";
import { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../buyer-data/answers";
import { WmiOnlyVehicleSchema } from "../vin/answers";

/**
 * Agents often send numbers as JSON strings (`"year": "2024"`). An argument that takes a whole number takes a
 * string of digits as well, and its input schema says so (anyOf integer | digit string, no words needed).
 */
function wholeNumberInput(schema: z.ZodInt, description: string) {
  return z
    .union(
      [
        schema,
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, { message: 'must be a whole number, or a string of digits such as "2024"' })
          .transform(Number)
          .pipe(schema),
      ],
      { error: 'must be a whole number, or a string of digits such as "2024"' },
    )
    .meta({ description });
}

/**
 * A VIN argument as typed: any case, surrounding spaces, at most 64 characters. What is wrong with a malformed
 * one is said by the tool's own check (lib/vin's normaliser), which names the rule it breaks.
 */
const vinArgument = (description: string) => z.string().max(64).meta({ description });

/**
 * The section flags of a query (VinReportQuery, VinBatchQuery) as tool arguments: the same names and defaults,
 * as optional booleans. The name says which section and `default` what is left out: no prose repeated per flag
 * (the tool's description says that sections can be switched). `sectionFlags` parses them with the query.
 */
function toolFlags<Q extends z.ZodObject>(query: Q) {
  const defaults = query.parse({}) as Record<string, boolean>;
  const out: Record<string, z.ZodOptional<z.ZodBoolean>> = {};
  for (const name of Object.keys(query.shape)) out[name] = z.boolean().optional().meta({ default: defaults[name] });
  return out as { [K in keyof Q["shape"]]: z.ZodOptional<z.ZodBoolean> };
}

/** The flags given as booleans, with the query's own defaults for those left out. */
export function sectionFlags<Q extends z.ZodObject>(query: Q, args: Record<string, unknown>): z.output<Q> {
  const text: Record<string, string> = {};
  for (const name of Object.keys(query.shape)) if (typeof args[name] === "boolean") text[name] = String(args[name]);
  return query.parse(text);
}

/** decode_vin: decodeVin's VIN and section flags. */
export const DecodeVinArguments = z.object({
  vin: vinArgument("the 17-character VIN (case and surrounding spaces do not matter)"),
  ...toolFlags(operations.decodeVin.query),
});

/** decode_vins: decodeVins's VINs (as a list rather than one comma-separated text) and section flags. */
export const BatchSectionQuery = operations.decodeVins.query.omit({ vins: true });
export const DecodeVinsArguments = z.object({
  vins: z
    .array(z.string().max(64))
    .min(1)
    .max(VIN_BATCH_LIMIT)
    .meta({ description: `the VINs, 1 to ${VIN_BATCH_LIMIT} (case and surrounding spaces do not matter)` }),
  ...toolFlags(BatchSectionQuery),
});

/**
 * check_recalls: getRecalls's vin and make/model/year forms (its query's fields; the tool parses the arguments
 * with that query too, so the rule "exactly one form" is stated once).
 */
const recallsQuery = operations.getRecalls.query;
export const CheckRecallsArguments = z.object({
  vin: recallsQuery.shape.vin,
  year: wholeNumberInput(
    z.int().min(RECALL_MIN_YEAR).max(recallMaxYear()),
    `model year, ${RECALL_MIN_YEAR} to the current year + 2, e.g. 2022`,
  ).optional(),
  make: recallsQuery.shape.make,
  model: recallsQuery.shape.model,
});

/** A make or model as a name or a slug (get_pricing slugs it, as the pricing pages do). */
const vehicleName = (what: string, example: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(80)
    .refine((v) => slugify(v).length > 0, { message: `must contain letters or digits` })
    .meta({ description: `${what}, as a name or a slug, e.g. ${example}` });

/** get_pricing: getVehiclePricing's vehicle, by names or slugs, and its state. */
export const GetPricingArguments = z.object({
  make: vehicleName("make", "Toyota or land-rover"),
  model: vehicleName("model", "Camry or range-rover-sport"),
  year: wholeNumberInput(PricingYear, `model year, ${PRICING_YEAR_MIN} to ${PRICING_YEAR_MAX}, e.g. 2024`),
  state: operations.getVehiclePricing.query.shape.state,
});

/**
 * A model year, make and model, by names or slugs: the path of getSafetyRatings, getComplaints, getFuelEconomy
 * and getVehicleInsight (the tools parse the arguments with that path's own schema, slugs made from the names).
 */
export const VehicleArguments = z.object({
  year: wholeNumberInput(z.int(), "model year, e.g. 2022"),
  make: vehicleName("make", "Honda or land-rover"),
  model: vehicleName("model", "CR-V or range-rover-sport"),
});

/** list_makes: listMakes's query (the year as a number too). */
export const ListMakesArguments = z.object({
  year: wholeNumberInput(z.int(), "only makes with a model in this model year").optional(),
  type: MakesQuery.shape.type,
  q: MakesQuery.shape.q,
});

/** list_models: listModels's query. */
export const ListModelsArguments = z.object({
  make: ModelsQuery.shape.make,
  year: wholeNumberInput(z.int(), "only models vPIC's patterns cover in this model year").optional(),
  type: ModelsQuery.shape.type,
});

/** lookup_wmi: lookupWmi's path parameter. */
export const LookupWmiArguments = z.object({
  wmi: z.string().max(16).meta({ description: WmiPathParams.shape.wmi.description }),
});

/** get_recall_campaign: getRecalls's campaign form. */
export const RecallCampaignArguments = z.object({
  campaign: z.string().max(16).meta({ description: "NHTSA recall campaign number, e.g. 24V436000" }),
});

/** validate_vin_check_digit: one VIN. */
export const CheckDigitArguments = z.object({
  vin: vinArgument("the VIN to check (case and surrounding spaces do not matter)"),
});

export const CheckDigitResult = z
  .object({
    vin: z.string().meta({ description: "the VIN as checked: trimmed and upper-cased" }),
    valid: z.boolean().meta({ description: "true when position 9 equals the computed check digit" }),
    expected: z.string().meta({ description: "the check digit the other 16 characters call for: 0-9 or X (for 10)" }),
    actual: z.string().meta({ description: "the character at position 9 of the VIN" }),
    reason: z.enum(["check_digit_matches", "check_digit_mismatch"]),
    explanation: z.string().meta({ description: "the result in words" }),
  })
  .meta({
    id: "CheckDigitResult",
    description:
      "Offline check of a VIN's check digit (position 9) per ISO 3779 and 49 CFR 565.15: letters are " +
      "transliterated, each position weighted, the sum taken modulo 11 (10 is written X).",
  });
export type CheckDigitResult = z.infer<typeof CheckDigitResult>;

export const AboutService = z
  .object({
    name: z.string(),
    description: z.string(),
    version: z.string().meta({ description: "version of this vinscope server" }),
    apiVersion: z.string().meta({ description: "version of the public API contract (OpenAPI document)" }),
    tools: z.array(z.string()).meta({ description: "names of the tools this server offers" }),
    dataSources: z.object({
      vpic: z.object({
        name: z.string(),
        dataDate: z
          .string()
          .nullable()
          .meta({ description: "newest change date in the local vPIC tables (YYYY-MM-DD); null if unreadable" }),
        liveEnrichment: z
          .boolean()
          .meta({ description: "true when elements the local tables lack are asked of NHTSA's live vPIC API" }),
      }),
      recalls: z.object({
        name: z.string(),
        mode: z.enum(["live", "offline"]).meta({
          description: "live: NHTSA's recall API is asked (answers cached 6 hours); offline: stored data only",
        }),
        campaigns: z.int().min(0).meta({ description: "recall campaigns held in the local store" }),
        lastSync: z
          .string()
          .nullable()
          .meta({ description: "ISO date-time of the newest stored recall data or NHTSA answer; null when none" }),
      }),
      pricing: z.object({
        label: z.string().meta({ description: "what the deals are (says so when they are demo data)" }),
        deals: z.int().min(0).meta({ description: "number of deals in the data set" }),
        demoDeals: z
          .int()
          .min(0)
          .meta({ description: "how many of them are vinscope's generated demo deals, not real transactions" }),
      }),
      insights: z.object({
        model: z.string().nullable().meta({
          description:
            "AI model id writing vehicle insights; null when no Anthropic API key is configured (insights are then composed from the facts by fixed rules)",
        }),
        enabled: z
          .boolean()
          .meta({ description: "false when no model API key is configured: insights are then a factual fallback" }),
      }),
    }),
    attribution: z.string().meta({ description: "attribution requested when the data is shown to end users" }),
  })
  .meta({ id: "AboutService", description: "What this MCP server is and where its data comes from." });
export type AboutService = z.infer<typeof AboutService>;

/**
 * For tools/list only (lib/api/mcp-tools.ts `briefly`): decoded.extended by its general shape, group → field →
 * `{ value, source }` or null; the OpenAPI document names every field.
 */
export const ExtendedRecordBrief = z.record(
  z.string(),
  z.record(
    z.string(),
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]), source: ValueSource }).nullable(),
  ),
);

/** For tools/list only: `decoded` is one shape, its year, make and model null when only the WMI was decoded. */
export const DecodedVehicleBrief = WmiOnlyVehicleSchema.extend({ model: z.string().nullable() });

/**
 * For tools/list only: decode_vin's NCAP, complaints and fuel-economy sections by their status and source;
 * get_safety_ratings, get_complaints and get_fuel_economy describe the same sections in full.
 */
export const BuyerSectionBriefs = ([SafetyRatingsSection, ComplaintsSection, FuelEconomySection] as z.ZodObject[]).map(
  (section) => [section, z.looseObject({ status: section.shape.status, source: section.shape.source })] as const,
);

/** For tools/list only: a batch entry's problem by the members that say what went wrong. */
export const BatchProblemBrief = z.looseObject({ status: z.int(), detail: z.string(), reason: z.string().optional() });

/** For tools/list only: a batch entry's report is decode_vin's answer, whose outputSchema describes it. */
export const VinReportBrief = z.looseObject({
  vin: z.string(),
  decoded: z.looseObject({}),
  coverage: z.enum(["vpic", "wmi_only"]),
});
