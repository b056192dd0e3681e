// /pricing/{make}/{model}/{year}/{state}: one state's pricing page.
import type { Metadata } from "next";
import { loadPricingPage } from "../../../../load-pricing-page";
import { PricingView } from "@/components/pricing-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ make: string; model: string; year: string; state: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pricing } = await loadPricingPage(await params);
  return {
    title: `${pricing.year} ${pricing.make} ${pricing.model} prices in ${pricing.state}: what buyers paid`,
    description: `Aggregate pricing from ${pricing.sampleSize} deals in ${pricing.state}.`,
    alternates: { canonical: pricing.url },
  };
}

export default async function StatePricingPage({ params }: Props) {
  const data = await loadPricingPage(await params);
  return <PricingView {...data} />;
}
