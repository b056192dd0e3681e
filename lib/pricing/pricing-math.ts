/**
 * The arithmetic of the pricing answers, free of any database so it can be tested on fixtures.
 *
 * Percentiles: linear interpolation between closest ranks (Hyndman & Fan type 7; NumPy's default
 * `np.percentile(..., method="linear")`, Excel's PERCENTILE.INC). For n sorted values x[0..n-1] and
 * p in [0, 1]: h = (n - 1) * p, value = x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)]).
 * It needs only the two neighbours around rank h, which is what lets the database hand back two rows per
 * percentile instead of the whole slice (lib/pricing/aggregate-pricing.ts).
 *
 * Rounding: money to whole dollars, percents to one decimal, both half away from zero on the final figure
 * only (intermediate sums keep full precision).
 */

/** 10 or more deals. */
const SUFFICIENT_MIN_DEALS = 10;
/** 4 to 9 deals are `limited`; fewer are `insufficient` and their figures are withheld. */
const LIMITED_MIN_DEALS = 4;

export type DataStatus = "sufficient" | "limited" | "insufficient";

export function dataStatusFor(sampleSize: number): DataStatus {
  if (sampleSize >= SUFFICIENT_MIN_DEALS) return "sufficient";
  if (sampleSize >= LIMITED_MIN_DEALS) return "limited";
  return "insufficient";
}

/**
 * Whether figures derived from individual prices are shown. With 1-3 deals an average or a percentile is
 * (nearly) one buyer's price, and a band of three numbers says nothing about a market: the averages, the
 * price band and the trims are withheld (null / empty); sampleSize, dataStatus, lastUpdated and the deal
 * type counts stay.
 */
export function figuresShown(status: DataStatus): boolean {
  return status !== "insufficient";
}

/** Where the two neighbours of percentile p sit in a sorted list of n values, and the weight between them. */
export function percentileRank(n: number, p: number): { lower: number; fraction: number } {
  if (n < 1) throw new RangeError("a percentile needs at least one value");
  if (p < 0 || p > 1) throw new RangeError("p must be between 0 and 1");
  const h = (n - 1) * p;
  const lower = Math.floor(h);
  return { lower, fraction: h - lower };
}

/** Interpolates between the value at rank `lower` and the next one (absent when `lower` is the last rank). */
export function interpolate(lowerValue: number, upperValue: number | undefined, fraction: number): number {
  if (upperValue === undefined || fraction === 0) return lowerValue;
  return lowerValue + fraction * (upperValue - lowerValue);
}

/** Percentile of an already sorted (ascending) list. */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  const { lower, fraction } = percentileRank(sorted.length, p);
  return interpolate(sorted[lower], sorted[lower + 1], fraction);
}

/** Half away from zero, and never "-0". */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // The epsilon nudges values such as 2.675 that binary floating point stores as 2.67499999…
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor + 1e-9)) / factor;
  return rounded === 0 ? 0 : rounded;
}

export const roundMoney = (dollars: number): number => roundTo(dollars, 0);
export const roundPercent = (percent: number): number => roundTo(percent, 1);

/** Percent off MSRP of one deal; a price above MSRP gives a negative discount. */
export function discountPercent(msrp: number, sellingPrice: number): number {
  return ((msrp - sellingPrice) * 100) / msrp;
}

/** A calendar date (UTC) as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
