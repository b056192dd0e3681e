/** validate_vin_check_digit: the ISO 3779 / 49 CFR 565.15 check digit, computed offline (no network, no database). */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CheckDigitArguments, CheckDigitResult } from "../../api/mcp";
import { checkDigit, normalizeVin } from "../../vin";
import { runTool, toolError, toolSuccess } from "../tool-result";

export const VALIDATE_VIN_CHECK_DIGIT = "validate_vin_check_digit";

export function registerValidateVinCheckDigit(server: McpServer): void {
  server.registerTool(
    VALIDATE_VIN_CHECK_DIGIT,
    {
      title: "Validate a VIN check digit",
      description:
        "Checks the check digit (position 9) of a 17-character VIN per ISO 3779 and 49 CFR 565.15, offline: " +
        "no network call and no database. Returns whether it is valid, the expected and the actual digit, and " +
        "the reason. A VIN that is not 17 characters of 0-9 and A-Z without I, O and Q is an error result. " +
        "The check digit is mandatory for vehicles built for North America; VINs from other markets may not use it.",
      inputSchema: CheckDigitArguments,
      outputSchema: CheckDigitResult.shape,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ vin }) =>
      runTool(VALIDATE_VIN_CHECK_DIGIT, async () => {
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
      }),
  );
}
