/**
 * A model year as a path or query parameter spells it: exactly four ASCII digits ("2024"). "2024.0", "+2024",
 * "2e3", " 2024" and "" are not years. The one parser of a year in a URL: the API schemas (lib/contract/params.ts)
 * and the pages build on it; each surface keeps its own range (pricing holds 2020-2030, recalls reach back to
 * 1949).
 */
export const MODEL_YEAR_PATTERN = /^\d{4}$/;

export function parseModelYear(text: string): number | null {
  return MODEL_YEAR_PATTERN.test(text) ? Number(text) : null;
}

/** The newest model year a vehicle can have today: manufacturers sell next year's models, so two years ahead. */
export const newestModelYear = (now = new Date()): number => now.getUTCFullYear() + 2;

/** A year parsed from a path within [min, max], or null. */
export function modelYearWithin(text: string, min: number, max: number): number | null {
  const year = parseModelYear(text);
  return year !== null && year >= min && year <= max ? year : null;
}

/** Every model year of from..to ranges (both ends included), newest first. */
export function yearsOfRanges(ranges: readonly { from: number; to: number }[]): number[] {
  return [...new Set(ranges.flatMap((r) => Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i)))].sort(
    (a, b) => b - a,
  );
}
