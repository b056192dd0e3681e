/** decode_vin, decode_vins and validate_vin_check_digit: the VIN report (lib/report) and the offline check digit. */
import { z } from "zod";
import { operations } from "../../api/operations";
import { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../../sources";
import {
  buildVinBatch,
  buildVinReport,
  EntryProblem,
  VIN_BATCH_LIMIT,
  VinBatchResponse,
  VinDecodeResponse,
} from "../../report";
import { displayMake } from "../../vehicle";
import { checkDigit, ExtendedRecordSchema, normalizeVin, parseVin, ValueSource, WmiOnlyVehicleSchema } from "../../vin";
import { sectionFlags, toolFlags, vinArgument } from "../arguments";
import { reportSummary } from "../summaries";
import { defineTool } from "../tool";
import { toolError, toolSuccess } from "../tool-result";
import { BulletinsSection } from "../../bulletins";
import { CanadaRecallsSection } from "../../canada-recalls";
import { InvestigationsSection } from "../../investigations";

/**
 * For tools/list only (`briefly`): decoded.extended by its general shape, group → field → `{ value, source }` or
 * null; the OpenAPI document names every field.
 */
const ExtendedRecordBrief = z.record(
  z.string(),
  z.record(
    z.string(),
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]), source: ValueSource }).nullable(),
  ),
);

/** For tools/list only: `decoded` is one shape, its year, make and model null when only the WMI was decoded. */
const DecodedVehicleBrief = WmiOnlyVehicleSchema.extend({ model: z.string().nullable() });

/**
 * For tools/list only: decode_vin's sections of the other sources by their status and source (and count); the tools
 * of those sources (get_safety_ratings, get_complaints, get_fuel_economy, get_investigations, get_service_bulletins,
 * check_canada_recalls) describe the same answers in full.
 */
const BuyerSectionBriefs = (
  [
    SafetyRatingsSection,
    ComplaintsSection,
    FuelEconomySection,
    InvestigationsSection,
    BulletinsSection,
    CanadaRecallsSection,
  ] as z.ZodObject[]
).map(
  (section) =>
    [
      section,
      z.looseObject({
        status: section.shape.status,
        source: section.shape.source,
        ...(section.shape.count ? { count: section.shape.count } : {}),
      }),
    ] as const,
);

/** For tools/list only: a batch entry's problem by the members that say what went wrong. */
const BatchProblemBrief = z.looseObject({ status: z.int(), detail: z.string(), reason: z.string().optional() });

/** For tools/list only: a batch entry's report is decode_vin's answer, whose outputSchema describes it. */
const VinReportBrief = z.looseObject({
  vin: z.string(),
  decoded: z.looseObject({}),
  coverage: z.enum(["vpic", "wmi_only"]),
});

/** decode_vin: decodeVin's VIN and section flags. */
const DecodeVinArguments = z.object({
  vin: vinArgument("the 17-character VIN (case and surrounding spaces do not matter)"),
  ...toolFlags(operations.decodeVin.query),
});

export const decodeVin = defineTool({
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
  handler: async ({ vin, ...flags }, { arrivedAt }) => {
    const report = await buildVinReport(parseVin(vin), sectionFlags(operations.decodeVin.query, flags), { arrivedAt });
    return toolSuccess(report, reportSummary(report));
  },
});

/** decode_vins: decodeVins's VINs (as a list rather than one comma-separated text) and section flags. */
export const BatchSectionQuery = operations.decodeVins.query.omit({ vins: true });
const DecodeVinsArguments = z.object({
  vins: z
    .array(z.string().max(64))
    .min(1)
    .max(VIN_BATCH_LIMIT)
    .meta({ description: `the VINs, 1 to ${VIN_BATCH_LIMIT} (case and surrounding spaces do not matter)` }),
  ...toolFlags(BatchSectionQuery),
});

export const decodeVins = defineTool({
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
  handler: async ({ vins, ...flags }, { arrivedAt }) => {
    const batch = await buildVinBatch(vins, sectionFlags(BatchSectionQuery, flags), { arrivedAt });
    return toolSuccess(batch, batchSummary(batch));
  },
});

function batchSummary(batch: VinBatchResponse): string {
  const lines = [`${batch.decoded} of ${batch.count} VINs decoded.`];
  for (const r of batch.results) {
    if (!r.ok) {
      lines.push(`- ${r.input}: ${r.problem.detail}`);
      continue;
    }
    const d = r.report.decoded;
    const name = [d.year, d.make ? displayMake(d.make) : null, d.model, d.trim].filter(Boolean).join(" ");
    lines.push(
      `- ${r.report.vin}: ${name || d.manufacturer || "vehicle"}${r.report.coverage === "wmi_only" ? " (outside the US-market data: WMI only)" : ""}`,
    );
  }
  return lines.join("\n");
}

/** validate_vin_check_digit: one VIN. */
const CheckDigitArguments = z.object({
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

export const validateVinCheckDigit = defineTool({
  name: "validate_vin_check_digit",
  title: "Validate a VIN check digit",
  summary: "offline check-digit validation per ISO 3779 and 49 CFR 565.15",
  description:
    "Whether a VIN's check digit (position 9) is right per ISO 3779 and 49 CFR 565.15, computed offline: valid, " +
    "expected and actual digit, reason. Mandatory for North American vehicles only. A malformed VIN is an error result.",
  arguments: CheckDigitArguments,
  output: CheckDigitResult,
  openWorld: false,
  handler: async ({ vin }) => {
    const format = normalizeVin(vin);
    if (!format.ok) return toolError(`Not a valid VIN format: ${format.detail}.`);
    const result = checkDigit(format.vin);
    const data: CheckDigitResult = {
      vin: format.vin,
      valid: result.valid,
      expected: result.expected,
      actual: result.actual,
      reason: result.valid ? "check_digit_matches" : "check_digit_mismatch",
      explanation: result.valid
        ? `Position 9 is ${result.actual}, the check digit the other 16 characters call for: the VIN is consistent.`
        : `Position 9 is ${result.actual} but the other 16 characters call for ${result.expected}: ` +
          "the VIN has a typo, or it is from a market that does not use the check digit.",
    };
    return toolSuccess(data, `${format.vin}: check digit ${result.valid ? "valid" : "invalid"}. ${data.explanation}`);
  },
});
