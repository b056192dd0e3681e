/**
 * The batch decode's contract (GET /api/public/vins): up to 50 VINs in one comma-separated query parameter,
 * each answered with its report or its own problem, in input order. Sections are off unless asked for.
 */
import { z } from "zod";
import { Problem } from "../contract/problem";
import { queryFlag } from "../contract/params";
import { VinDecodeResponse } from "./vin-report-answers";

/** As NHTSA's DecodeVinValuesBatch and the MCP decoders users compare vinscope with. */
export const VIN_BATCH_LIMIT = 50;

export const VinBatchQuery = z.object({
  vins: z.string({ message: "give the VINs as one comma-separated parameter" }).meta({
    description: `VINs separated by commas, at most ${VIN_BATCH_LIMIT} (more is a 400 with reason batch_too_large). Spaces around a VIN and letter case do not matter; every entry, even an empty or malformed one, gets its own result at its position.`,
    examples: ["1B3BD1FG9BN510278,5J8YE1H8XNL052358"],
  }),
  pricing: queryFlag(
    "true adds the pricing section to each decoded VIN (looked up once per distinct year/make/model)",
    false,
  ),
  recalls: queryFlag(
    "true adds the recalls section to each decoded VIN (looked up once per distinct year/make/model)",
    false,
  ),
  insight: queryFlag("true adds the insight to each decoded VIN (one per distinct year/make/model)", false),
});
export type VinBatchQuery = z.output<typeof VinBatchQuery>;

/**
 * An entry's problem: the Problem members without the request's own (requestId, instance), so a batch with
 * bad entries is byte-stable and answers 304 to its ETag like any other.
 */
export const EntryProblem = Problem.omit({ requestId: true, instance: true }).meta({
  id: "VinBatchProblem",
  description:
    "Why this entry has no report (RFC 9457 members): invalid_vin (400), unknown_manufacturer or undecodable_vin (404).",
});

export const VinBatchEntry = z
  .discriminatedUnion("ok", [
    z.object({
      input: z.string().meta({ description: "the entry as submitted" }),
      ok: z.literal(true),
      status: z.literal(200).meta({ description: "the status GET /api/public/vin/{vin} answers for this VIN" }),
      report: VinDecodeResponse,
    }),
    z.object({
      input: z.string().meta({ description: "the entry as submitted" }),
      ok: z.literal(false),
      status: z
        .union([z.literal(400), z.literal(404)])
        .meta({ description: "the status GET /api/public/vin/{vin} answers for this VIN" }),
      problem: EntryProblem,
    }),
  ])
  .meta({
    id: "VinBatchEntry",
    description: "One submitted VIN: its report (as decodeVin answers it) or its problem.",
  });
export type VinBatchEntry = z.infer<typeof VinBatchEntry>;

export const VinBatchResponse = z
  .object({
    count: z.int().min(1).meta({ description: "number of entries (as submitted, duplicates included)" }),
    decoded: z.int().min(0).meta({ description: "entries with a report" }),
    sections: z
      .object({ pricing: z.boolean(), recalls: z.boolean(), insight: z.boolean() })
      .meta({ description: "the sections included in each report" }),
    results: z.array(VinBatchEntry).meta({ description: "one entry per submitted VIN, in input order" }),
  })
  .meta({ id: "VinBatchResponse", description: "Many VINs decoded in one request." });
export type VinBatchResponse = z.infer<typeof VinBatchResponse>;
