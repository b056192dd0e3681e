// /vehicles/{make}/{model}/{year}: what is known about a model year without a VIN (lib/report's vehicle report):
// pricing, open recalls, NCAP ratings and EPA fuel economy per variant, complaints by component, the insight.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { RecallList } from "@/components/recall-list";
import { SourceNotice } from "@/components/source-notice";
import { showsOwnCard } from "@/lib/sources";
import { BulletinsCard, CanadaRecallsCard, InvestigationsCard } from "@/components/government-sources";
import { type VehicleReport, buildVehicleReport } from "@/lib/report";
import { isDemoText } from "@/lib/pricing";
import { CATALOG_YEAR_MIN } from "@/lib/vin";
import { modelYearWithin, newestModelYear, yearsOfRanges } from "@/lib/vehicle";
import { scriptJson } from "@/app/vin/[vin]/vehicle-json-ld";
import { NHTSA_RECALL_CHECK, sourceSections } from "@/app/vin/[vin]/report-sources";
import { ComplaintsCard, FuelEconomyCard, InsightCard, PricingCard, RatingsCard } from "../../../vehicle-sections";
import styles from "../../../vehicles.module.css";

export const dynamic = "force-dynamic";

type Params = Promise<{ make: string; model: string; year: string }>;

const load = cache(async (make: string, model: string, year: string) => {
  const y = modelYearWithin(year, CATALOG_YEAR_MIN, newestModelYear());
  return y === null
    ? null
    : buildVehicleReport({ year: y, make: decodeURIComponent(make), model: decodeURIComponent(model) });
});

const nameOf = (r: VehicleReport) => `${r.year} ${r.make.name} ${r.model.name}`;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { make, model, year } = await params;
  const r = await load(make, model, year);
  if (!r) return { title: "Vehicle not found", robots: { index: false } };
  const description = `The ${nameOf(r)}: what buyers paid, open NHTSA recalls, crash-test ratings, owner complaints and EPA fuel economy.`;
  return {
    title: `${nameOf(r)}: pricing, recalls, ratings, fuel economy`,
    description,
    alternates: { canonical: r.url },
  };
}

export default async function VehicleYearPage({ params }: { params: Params }) {
  const { make, model, year } = await params;
  const r = await load(make, model, year);
  if (!r) notFound();
  if (make !== r.make.slug || model !== r.model.slug || year !== String(r.year))
    permanentRedirect(`/vehicles/${r.make.slug}/${r.model.slug}/${r.year}`);
  const name = nameOf(r);
  const years = yearsOfRanges(r.modelYears);
  const near = years.filter((y) => Math.abs(y - r.year) <= 2 && y !== r.year).sort((a, b) => a - b);
  const api = `${r.year}/${r.make.slug}/${r.model.slug}`;

  return (
    <article className={styles.page}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(carJsonLd(r)) }} />
      <p className={styles.crumbs}>
        <Link href="/vehicles">Vehicles</Link> › <Link href={`/vehicles/${r.make.slug}`}>{r.make.name}</Link> ›{" "}
        {r.model.name}
      </p>
      <h1>{name}</h1>
      <nav aria-label="Other model years" className="muted small" data-testid="other-years">
        Other model years:{" "}
        {near.map((y, i) => (
          <span key={y}>
            {i ? " · " : ""}
            <Link href={`/vehicles/${r.make.slug}/${r.model.slug}/${y}`}>{y}</Link>
          </span>
        ))}
        {near.length ? " · " : ""}
        <Link href={`/vehicles/${r.make.slug}`}>
          all {r.make.name} models ({years.length} years of the {r.model.name})
        </Link>
      </nav>
      <SourceNotice sections={sourceSections(r, NHTSA_RECALL_CHECK)} />

      <div className={styles.columns}>
        <PricingCard r={r} vehicle={name} />
        <InsightCard insight={r.insight} />
      </div>

      <section aria-labelledby="recalls-h">
        <h2 id="recalls-h">Open safety recalls</h2>
        <RecallList recalls={{ ...r.recalls, year: r.year, make: r.make.name, model: r.model.name }} />
        <p className="muted">
          <Link href={r.recalls.url}>Recall check for the {name}</Link>
        </p>
      </section>

      {/* A section its source could not supply folds into the source notice above instead of a card of its own. */}
      {showsOwnCard(r.safetyRatings.status) ? <RatingsCard s={r.safetyRatings} /> : null}
      {showsOwnCard(r.complaints.status) ? <ComplaintsCard s={r.complaints} /> : null}
      {showsOwnCard(r.fuelEconomy.status) ? <FuelEconomyCard s={r.fuelEconomy} /> : null}
      {showsOwnCard(r.investigations.status) ? <InvestigationsCard s={r.investigations} /> : null}
      {showsOwnCard(r.bulletins.status) ? <BulletinsCard s={r.bulletins} /> : null}
      {showsOwnCard(r.canadaRecalls.status) ? <CanadaRecallsCard s={r.canadaRecalls} /> : null}

      <section className={`card ${styles.attribution}`} aria-labelledby="cite-h" data-testid="attribution">
        <h2 id="cite-h">Sources and links</h2>
        <ul className={styles.links}>
          {r.pricing.url ? (
            <li>
              <Link href={r.pricing.url}>Pricing page</Link>
            </li>
          ) : null}
          <li>
            <Link href={r.recalls.url}>Recall page</Link>
          </li>
          <li>
            <a href={`/api/public/safety-ratings/${api}`}>Ratings JSON</a>
          </li>
          <li>
            <a href={`/api/public/complaints/${api}`}>Complaints JSON</a>
          </li>
          <li>
            <a href={`/api/public/fuel-economy/${api}`}>Fuel economy JSON</a>
          </li>
          <li>
            <a href={`/api/vin-insights/${api}`}>Insight JSON</a>
          </li>
        </ul>
        <p>
          Suggested citation: <q data-testid="citation">{r.citation}</q>
        </p>
      </section>
    </article>
  );
}

/** schema.org `Car` for the model year; an offer range only from real deals, never from the demo set. */
function carJsonLd(r: VehicleReport): Record<string, unknown> {
  const p = r.pricing;
  const real = p.available && p.priceBand && p.source && !isDemoText(p.source);
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: nameOf(r),
    url: r.url,
    brand: { "@type": "Brand", name: r.make.name },
    model: r.model.name,
    vehicleModelDate: String(r.year),
    ...(real && p.priceBand
      ? {
          offers: {
            "@type": "AggregateOffer",
            priceCurrency: "USD",
            lowPrice: p.priceBand.low,
            highPrice: p.priceBand.high,
            offerCount: p.sampleSize,
          },
        }
      : {}),
  };
}
