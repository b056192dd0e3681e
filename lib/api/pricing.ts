/**
 * Request and response schemas of the pricing endpoints (spec 2.6, 2.7, 2.8, 4.1). One source of truth: the
 * routes parse their input with these, and the OpenAPI document is generated from them. The response bodies
 * are the domain's own answers (lib/pricing/answers.ts, re-exported here): lib/api imports lib/pricing, never
 * the other way round.
 */
import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../pricing/slugs";
import { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "../pricing/pricing-years";
import { isUsStateCode } from "../pricing/us-states";

export { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "../pricing/pricing-years";

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

export const MakeSlug = slugParam("make", "land-rover");
export const ModelSlug = slugParam("model", "range-rover-sport");

export const PricingYear = z
  .int({ message: "must be a whole number" })
  .min(PRICING_YEAR_MIN, { message: `must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}` })
  .max(PRICING_YEAR_MAX, { message: `must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}` })
  .meta({ description: `model year, ${PRICING_YEAR_MIN} to ${PRICING_YEAR_MAX}`, examples: [2024] });

/** "ca" is accepted and folded to "CA"; only the 50 states and DC pass. */
export const UsState = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isUsStateCode, { message: "must be a 2-letter US state code (one of the 50 states or DC)" })
  .meta({ description: "2-letter US state code (50 states + DC), any case", pattern: "^[A-Za-z]{2}$", examples: ["CA"] });

/** The year arrives as path text; a non-numeric year ("abc", "2024.5", "") is a 400, not NaN. */
const yearText = z
  .string()
  .regex(/^\d{4}$/, { message: `must be a 4-digit model year between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}` })
  .transform(Number)
  .pipe(PricingYear);

export const PricingPathParams = z.object({ make: MakeSlug, model: ModelSlug, year: yearText });
export const PricingStatePathParams = PricingPathParams.extend({ state: UsState });
export const PricingQuery = z.object({ state: UsState.optional() });

export type PricingRequest = { make: string; model: string; year: number; state: string | null };

export {
  DataStatus,
  MarketModel,
  MarketOverview,
  MarketState,
  PriceBand,
  PricingNoData,
  PricingResponse,
  TopTrim,
} from "../pricing/answers";

