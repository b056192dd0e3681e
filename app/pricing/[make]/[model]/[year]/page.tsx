// /pricing/{make}/{model}/{year}: national pricing page. `?state=XX` (the state selector's form) redirects
// to the state page, so the selector works without JavaScript.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { UsState } from "@/lib/contract/params";
import { loadPricingPage } from "../../../load-pricing-page";
import { PricingView } from "@/components/pricing-view";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ make: string; model: string; year: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pricing } = await loadPricingPage(await params);
  return {
    title: `${pricing.year} ${pricing.make} ${pricing.model} prices: what buyers paid`,
    description: `Aggregate pricing from ${pricing.sampleSize} deals for the ${pricing.year} ${pricing.make} ${pricing.model}.`,
    alternates: { canonical: pricing.url },
  };
}

export default async function PricingPage({ params, searchParams }: Props) {
  const raw = await params;
  const wanted = (await searchParams).state;
  if (typeof wanted === "string" && wanted !== "") {
    const state = UsState.safeParse(wanted);
    if (state.success)
      redirect(`/pricing/${raw.make.toLowerCase()}/${raw.model.toLowerCase()}/${raw.year}/${state.data}`);
  }
  const data = await loadPricingPage(raw);
  return <PricingView {...data} />;
}
