/**
 * Where deals come from, and how an answer says so. Demo deals carry `source = "demo"`; imported deals carry
 * the verification label of their file (e.g. "purchase-contract"). Any answer built partly from demo deals
 * says so in its `source` text and counts them in `demoDeals`, and every page that shows its figures puts a
 * demo banner above them, so nobody mistakes generated rows for real transactions.
 */
export const DEMO_SOURCE = "demo";
export const DEFAULT_IMPORT_SOURCE = "verified-purchase";

export const DEMO_SOURCE_TEXT = "vinscope demo data: generated sample deals, not real transactions";
export const VERIFIED_SOURCE_TEXT = "vinscope: verified buyer deals (purchase documents), aggregated";

export function sourceText(totalDeals: number, demoDeals: number): string {
  if (demoDeals <= 0) return VERIFIED_SOURCE_TEXT;
  if (demoDeals >= totalDeals) return DEMO_SOURCE_TEXT;
  return `vinscope: verified buyer deals mixed with demo data (${demoDeals} of ${totalDeals} deals are generated samples, not real transactions)`;
}

/** True when the text marks the figures as (partly) demo data. */
export function isDemoText(text: string): boolean {
  return text.includes("demo data");
}

/**
 * The sentence every page banner and every agent-readable text puts beside figures built wholly or partly from
 * the generated demo deals; null when none of the deals is demo data.
 */
export function demoSentence(demoDeals: number | null | undefined, deals: number): string | null {
  if (!demoDeals || demoDeals <= 0) return null;
  if (demoDeals >= deals)
    return "These figures come from vinscope's generated demo data set, not from real transactions.";
  return `Some of these figures come from vinscope's generated demo data set: ${demoDeals.toLocaleString("en-US")} of ${deals.toLocaleString("en-US")} deals are generated samples, not real transactions.`;
}
