/**
 * The parameters many operations share, as zod schemas that make typed values from request input: a model
 * year, make and model slugs, a US state and a boolean query flag. A route parses once with these; the domains,
 * the MCP tools and the pages take the parsed values and never check again. (The VIN's parser lives with the
 * VIN: lib/vin/vin-param.ts.)
 *
 * The rules themselves are pure and usable without zod: slugs and the model year in lib/vehicle, the state
 * list in ./us-states.ts.
 */
import { z } from "zod";
import { MODEL_YEAR_PATTERN, SLUG_MAX_LENGTH, SLUG_PATTERN } from "../vehicle";
import { isUsStateCode } from "./us-states";

/**
 * A model year in a path or query: four digits of text in, an integer from `min` to `max` out, and the OpenAPI
 * document describes the integer (with `minimum` and `maximum`), which is what a generated client sends.
 * `malformed` and `outOfRange` are the 400 problem's messages; `trim` tolerates spaces around the year. A `max`
 * that moves with the calendar (the current year + 2) is checked on every request; the document states it as
 * it was when the process started.
 */
export function modelYearParam(o: {
  min: number;
  max: number | (() => number);
  malformed: string;
  outOfRange: string;
  description: string;
  example: number;
  trim?: boolean;
}) {
  const max = typeof o.max === "number" ? () => o.max as number : o.max;
  const text = (o.trim ? z.string().trim() : z.string()).regex(MODEL_YEAR_PATTERN, { message: o.malformed });
  return z
    .codec(text, z.int(), { decode: Number, encode: String })
    .pipe(
      z
        .int()
        .refine((year) => year >= o.min && year <= max(), { message: o.outOfRange })
        .meta({ minimum: o.min, maximum: max() }),
    )
    .meta({ description: o.description, examples: [o.example] });
}

/** Upper case is folded to lower case first (a slug is case-insensitive); anything else must already be a slug. */
const slugParam = (what: string, example: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX_LENGTH, { message: `must be at most ${SLUG_MAX_LENGTH} characters` })
    .regex(SLUG_PATTERN, {
      message: `must be a ${what} slug: lower-case letters and digits, words joined by single hyphens (e.g. "${example}")`,
    })
    .meta({ description: `${what} slug (lower case, words joined by hyphens)`, examples: [example] });

/** A make's URL slug (lib/vehicle/slugs.ts), e.g. `land-rover`. */
export const MakeSlug = slugParam("make", "land-rover");
/** A model's URL slug, e.g. `range-rover-sport`. */
export const ModelSlug = slugParam("model", "range-rover-sport");

/** "ca" is accepted and folded to "CA"; only the 50 states and DC pass. */
export const UsState = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isUsStateCode, { message: "must be a 2-letter US state code (one of the 50 states or DC)" })
  .meta({
    description: "2-letter US state code (50 states + DC), any case",
    pattern: "^[A-Za-z]{2}$",
    examples: ["CA"],
  });

const FLAG_SPELLINGS = /^(true|false|1|0)$/i;
/** How every flag's description says which spellings it takes (the document's type is boolean). */
const FLAG_SPELLING_NOTE = ". Accepts true or false in any letter case, or 1 or 0";

/**
 * A boolean flag in a query string. `true` and `false` in any letter case, and `1` and `0`; anything else
 * (yes, on, an empty value, a repeated flag) is a 400 naming the flag. One rule for every public route.
 * The OpenAPI document types it `boolean` with its default, as a generated client sends it (`pricing=false`);
 * the description names the other spellings.
 */
export const queryFlag = (description: string, fallback: boolean) =>
  z
    .codec(
      z.string().refine((v) => FLAG_SPELLINGS.test(v), { message: "must be true or false (or 1 or 0)" }),
      z.boolean(),
      { decode: (v) => v === "1" || v.toLowerCase() === "true", encode: (flag) => String(flag) },
    )
    .default(fallback)
    .meta({ description: `${description}${FLAG_SPELLING_NOTE}` });
