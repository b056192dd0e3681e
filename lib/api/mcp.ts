/**
 * Schemas of the MCP tools' own answers (spec 4.3): the check-digit result and the service description.
 * The other tools answer with the public API's schemas (VinDecodeResponse, RecallsResponse, PricingResponse).
 */
import { z } from "zod";

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
