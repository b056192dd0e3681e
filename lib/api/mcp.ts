/**
 * The MCP tools' contract (spec 4.3): their arguments, and their own answers (the check-digit result and the
 * service description). The other tools answer with the public API's schemas (VinDecodeResponse,
 * RecallsResponse, PricingResponse, VinBatchResponse). Each tool's arguments are built from the operation it
 * mirrors (lib/api/operations.ts): the same fields, bounds and section flags, in the JSON types an agent sends
 * (a boolean, not "true"; a number, or digits, for a year).
 */
import { z } from "zod";
import { slugify } from "../vehicle";
import { flagPurpose } from "./common";
import { operations } from "./operations";
import { PRICING_YEAR_MAX, PRICING_YEAR_MIN, PricingYear } from "./pricing";
import { RECALL_MIN_YEAR, recallMaxYear } from "./recalls";
import { VIN_BATCH_LIMIT } from "./vin-batch";

/**
 * Agents often send numbers as JSON strings (`"year": "2024"`). An argument that takes a whole number takes a
 * string of digits as well, and its input schema says so (anyOf integer | digit string).
 */
function wholeNumberInput(schema: z.ZodInt, description: string) {
  return z
    .union([
      schema,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, { message: "must be a whole number, or a string of digits such as \"2024\"" })
        .transform(Number)
        .pipe(schema),
    ], { error: 'must be a whole number, or a string of digits such as "2024"' })
    .meta({ description: `${description} (a number, or a string of digits)` });
}

/**
 * A VIN argument as typed: any case, surrounding spaces, at most 64 characters. What is wrong with a malformed
 * one is said by the tool's own check (lib/vin's normaliser), which names the rule it breaks.
 */
const vinArgument = (description: string) => z.string().max(64).meta({ description });

/**
 * The section flags of a query (VinReportQuery, VinBatchQuery) as tool arguments: the same names, meanings and
 * defaults, as optional booleans. `sectionFlags` parses the arguments with the query itself.
 */
function toolFlags<Q extends z.ZodObject>(query: Q) {
  const defaults = query.parse({}) as Record<string, boolean>;
  const out: Record<string, z.ZodOptional<z.ZodBoolean>> = {};
  for (const [name, flag] of Object.entries(query.shape)) {
    out[name] = z
      .boolean()
      .optional()
      .meta({ description: `${flagPurpose(flag as z.ZodType) ?? name}; default ${defaults[name]}` });
  }
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
  year: wholeNumberInput(z.int().min(RECALL_MIN_YEAR).max(recallMaxYear()), `model year, ${RECALL_MIN_YEAR} to the current year + 2, e.g. 2022`).optional(),
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

/** validate_vin_check_digit: one VIN. */
export const CheckDigitArguments = z.object({
  vin: vinArgument("the VIN to check (case and surrounding spaces do not matter)"),
});

export const CheckDigitResult = z
  .object({
    vin: z.string().meta({ description: "the VIN as checked: trimmed and upper-cased" }),
    valid: z.boolean().meta({ description: "true when position 9 equals the computed check digit" }),
    expected: z
      .string()
      .meta({ description: "the check digit the other 16 characters call for: 0-9 or X (for 10)" }),
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
        mode: z
          .enum(["live", "offline"])
          .meta({ description: "live: NHTSA's recall API is asked (answers cached 6 hours); offline: stored data only" }),
        campaigns: z.int().min(0).meta({ description: "recall campaigns held in the local store" }),
        lastSync: z
          .string()
          .nullable()
          .meta({ description: "ISO date-time of the newest stored recall data or NHTSA answer; null when none" }),
      }),
      pricing: z.object({
        label: z.string().meta({ description: "what the deals are (says so when they are demo data)" }),
        deals: z.int().min(0).meta({ description: "number of deals in the data set" }),
      }),
      insights: z.object({
        model: z.string().meta({ description: "AI model id configured for vehicle insights" }),
        enabled: z
          .boolean()
          .meta({ description: "false when no model API key is configured: insights are then a factual fallback" }),
      }),
    }),
    attribution: z.string().meta({ description: "attribution requested when the data is shown to end users" }),
  })
  .meta({ id: "AboutService", description: "What this MCP server is and where its data comes from." });
export type AboutService = z.infer<typeof AboutService>;
