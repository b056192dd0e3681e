/** Model years the deal data and the pricing endpoints cover. */
export const PRICING_YEAR_MIN = 2020;
export const PRICING_YEAR_MAX = 2030;
