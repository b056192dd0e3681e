/**
 * The pricing endpoints' path and query parameters: the routes parse their input with these, and the OpenAPI
 * document is generated from them. The answers' schemas are in ./answers.ts.
 */
import { z } from "zod";
import { MakeSlug, ModelSlug, modelYearParam, UsState } from "../contract/params";
import { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "./pricing-years";

export const PricingYear = z
  .int({ message: "must be a whole number" })
  .min(PRICING_YEAR_MIN, { message: `must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}` })
  .max(PRICING_YEAR_MAX, { message: `must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}` })
  .meta({ description: `model year, ${PRICING_YEAR_MIN} to ${PRICING_YEAR_MAX}`, examples: [2024] });

const yearText = modelYearParam({
  min: PRICING_YEAR_MIN,
  max: PRICING_YEAR_MAX,
  malformed: `must be a 4-digit model year between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}`,
  outOfRange: `must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}`,
  description: `model year, ${PRICING_YEAR_MIN} to ${PRICING_YEAR_MAX}`,
  example: 2024,
});

export const PricingPathParams = z.object({ make: MakeSlug, model: ModelSlug, year: yearText });
export const PricingStatePathParams = PricingPathParams.extend({ state: UsState });
export const PricingQuery = z.object({ state: UsState.optional() });
