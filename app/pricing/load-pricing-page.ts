// Shared loading for the pricing pages: params → validated query → pricing + state list, or Next's 404.
import { notFound } from "next/navigation";
import { cache } from "react";
import { PricingPathParams, PricingStatePathParams } from "@/lib/pricing";
import { type PricingResponse } from "@/lib/pricing";
import { getStatesWithDeals, getVehiclePricing, getYearsWithDeals } from "@/lib/pricing";

export interface PricingPageData {
  pricing: PricingResponse;
  makeSlug: string;
  modelSlug: string;
  states: { state: string; dealCount: number }[];
  /** The model years of this make/model with deals, oldest first (the year switcher). */
  years: number[];
}

// One load per request although both generateMetadata and the page ask (React's request-scoped cache).
export const loadPricingPage = cache(async function loadPricingPage(raw: {
  make: string;
  model: string;
  year: string;
  state?: string;
}): Promise<PricingPageData> {
  const parsed = raw.state === undefined ? PricingPathParams.safeParse(raw) : PricingStatePathParams.safeParse(raw);
  if (!parsed.success) notFound();
  const { make, model, year } = parsed.data;
  const state = "state" in parsed.data ? (parsed.data.state as string) : null;
  const [result, states, years] = await Promise.all([
    getVehiclePricing({ make, model, year, state }),
    getStatesWithDeals(make, model, year),
    getYearsWithDeals(make, model),
  ]);
  if (!result.found) notFound();
  return { pricing: result.pricing, makeSlug: make, modelSlug: model, states, years };
});
