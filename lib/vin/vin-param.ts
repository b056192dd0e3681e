/**
 * The VIN at the boundary: the one parser a route's path or query schema, an MCP argument and a form use, so a
 * handler takes a `Vin` and never checks it again. The format rules themselves are in ./format.ts.
 */
import { z } from "zod";
import { badRequest } from "../contract/errors";
import { normalizeVin, type NormalizeVinResult, type Vin } from "./format";

/** What a VIN parameter's schema says in the OpenAPI document (any case in; upper case out). */
const VIN_PARAM_PATTERN = "^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$";

/** The problem a malformed VIN answers, wherever it came in: reason invalid_vin, and the rule that failed. */
const vinProblem = (format: Extract<NormalizeVinResult, { ok: false }>) => ({
  reason: "invalid_vin" as const,
  vinError: format.reason,
});

/**
 * A VIN parameter of an operation (path or query): text in, a `Vin` out, so a handler never parses it again.
 * A malformed VIN is the 400 problem invalid_vin naming the parameter, with `vinError` (length,
 * forbidden_letters or invalid_characters) and a sentence saying where it failed; lib/http/params.ts turns the
 * issue's `problem` into those members. (The examples sit on the text: the OpenAPI document describes a
 * transformed parameter by its input.)
 */
export const vinParam = (meta: { description: string; examples: string[] }) =>
  z
    .string()
    .meta({ examples: meta.examples })
    .transform((value, ctx): Vin => {
      const format = normalizeVin(value);
      if (format.ok) return format.vin;
      ctx.addIssue({ code: "custom", message: format.detail, params: { problem: vinProblem(format) } });
      return z.NEVER;
    })
    .meta({ description: meta.description, pattern: VIN_PARAM_PATTERN });

/** A VIN given to a tool, a page or a prompt rather than a route: the same rule and the same problem. */
export function parseVin(input: string): Vin {
  const format = normalizeVin(input);
  if (!format.ok) throw badRequest(format.detail, { ...vinProblem(format), param: "vin" });
  return format.vin;
}
