/**
 * The VIN at the boundary: the one parser a route's path or query schema, an MCP argument and a form use, so a
 * handler takes a `Vin` and never checks it again. The format rules themselves are in ./format.ts.
 */
import { z } from "zod";
import { badRequest } from "../contract/errors";
import { normalizeVin, type Vin } from "./format";

/** What a VIN parameter's schema says in the OpenAPI document (any case in; upper case out). */
export const VIN_PARAM_PATTERN = "^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$";

/**
 * A VIN from a path or an MCP argument; throws the 400 problem (reason invalid_vin) that says which format
 * rule failed and where (`vinError`: length, forbidden_letters or invalid_characters).
 */
export function parseVin(input: string): Vin {
  const format = normalizeVin(input);
  if (!format.ok) throw badRequest(format.detail, { reason: "invalid_vin", param: "vin", vinError: format.reason });
  return format.vin;
}

const VIN_QUERY_MESSAGES = {
  length: "must be exactly 17 characters",
  forbidden_letters: "must not contain the letters I, O or Q",
  invalid_characters: "may contain only letters A-Z (except I, O, Q) and digits",
} as const;

/**
 * A VIN as a query parameter: a 400 invalid_parameter naming `vin` and the rule that failed. (The examples sit
 * on the text: the OpenAPI document describes a transformed parameter by its input.)
 */
export const vinQueryParam = (meta: { description: string; examples: string[] }) =>
  z
    .string()
    .meta({ examples: meta.examples })
    .transform((value, ctx): Vin => {
      const format = normalizeVin(value);
      if (format.ok) return format.vin;
      ctx.addIssue({ code: "custom", message: VIN_QUERY_MESSAGES[format.reason] });
      return z.NEVER;
    })
    .meta({ description: meta.description, pattern: VIN_PARAM_PATTERN });

