/** decode_vin, decode_vins and validate_vin_check_digit: the VIN report (lib/report) and the offline check digit. */
import { parseVin } from "../../vin/vin-param";
import { BatchSectionQuery, sectionFlags, type CheckDigitResult } from "../../api/mcp";
import type { McpToolArguments } from "../../api/mcp-tools";
import { operations } from "../../api/operations";
import type { VinBatchResponse } from "../../report/vin-batch-answers";
import { buildVinBatch, buildVinReport } from "../../report";
import { displayMake } from "../../vehicle";
import { checkDigit, normalizeVin } from "../../vin";
import { reportSummary } from "../summaries";
import { toolError, toolSuccess, type ToolHandler } from "../tool-result";

export const decodeVin: ToolHandler<McpToolArguments<"decode_vin">> = async ({ vin, ...flags }, { arrivedAt }) => {
  const report = await buildVinReport(parseVin(vin), sectionFlags(operations.decodeVin.query, flags), { arrivedAt });
  return toolSuccess(report, reportSummary(report));
};

export const decodeVins: ToolHandler<McpToolArguments<"decode_vins">> = async ({ vins, ...flags }, { arrivedAt }) => {
  const batch = await buildVinBatch(vins, sectionFlags(BatchSectionQuery, flags), { arrivedAt });
  return toolSuccess(batch, batchSummary(batch));
};

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

export const validateVinCheckDigit: ToolHandler<McpToolArguments<"validate_vin_check_digit">> = async ({ vin }) => {
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
};
