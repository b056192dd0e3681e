import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { PriceBand, dollars } from "@/components/charts/price-band";
import { DemoNotice } from "@/components/demo-notice";
import { RecallList } from "@/components/recall-list";
import { SourceNotice } from "@/components/source-notice";
import { showsOwnCard } from "@/lib/sources";
import { ComplaintsCard, FuelEconomyCard, SafetyRatingsCard } from "./buyer-data";
import { BulletinsCard, CanadaRecallsCard, InvestigationsCard } from "@/components/government-sources";
import { displayMake } from "@/lib/vehicle";
import type { VinDecodeResponse } from "@/lib/report";
import { FALLBACK_WRITER } from "@/lib/insights";
import { loadReport, vinOfPath } from "./load-report";
import { reportSectionStates } from "./report-sources";
import { ExtendedSpecs } from "./extended-specs";
import { scriptJson, vehicleJsonLd } from "./vehicle-json-ld";
import styles from "./vin-page.module.css";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ vin: string }> };

function title(report: VinDecodeResponse): string {
  const d = report.decoded;
  return `${vehicleName(d)}${d.trim ? ` ${d.trim}` : ""}: VIN ${report.vin}`;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { vin } = await params;
  const valid = vinOfPath(vin).vin;
  const report = valid ? await loadReport(valid) : null;
  if (!report) return { title: "VIN not found", robots: { index: false } };
  const d = report.decoded;
  const description =
    report.coverage === "wmi_only"
      ? `VIN ${report.vin} is outside NHTSA's US-market data: ${vehicleName(d)}, from its manufacturer code and model-year position.`
      : `VIN ${report.vin} decodes to a ${vehicleName(d)}${d.bodyStyle ? ` (${d.bodyStyle})` : ""}: specifications from NHTSA vPIC, open recalls and buyer pricing.`;
  return {
    title: title(report),
    description,
    alternates: { canonical: report.permalink },
    openGraph: { title: title(report), description, url: report.permalink, type: "website", siteName: "vinscope" },
    twitter: { card: "summary", title: title(report), description },
  };
}

export default async function VinPage({ params }: Props) {
  const { vin } = await params;
  // "/vin/1hg cm826-33a004352" → the canonical "/vin/1HGCM82633A004352".
  const { typed, compact, vin: valid } = vinOfPath(vin);
  // Only a well-formed VIN is redirected; anything else gets the not-found page on the address as typed.
  if (!valid) notFound();
  if (compact !== typed) permanentRedirect(`/vin/${encodeURIComponent(compact)}`);
  const report = await loadReport(valid);
  if (!report) notFound();
  const d = report.decoded;

  return (
    <article className={styles.page}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(vehicleJsonLd(report)) }} />
      <p className={styles.kicker}>
        VIN <code data-testid="vin">{report.vin}</code>
        {report.vinCheck.checkDigit.valid ? (
          <span className="badge badge-good">check digit correct</span>
        ) : !report.vinCheck.checkDigitMandatory ? (
          <span className="badge" data-testid="check-digit-advisory">
            check digit not used (optional outside North America)
          </span>
        ) : (
          <span className="badge badge-warn" data-testid="check-digit-warning">
            check digit should be {report.vinCheck.checkDigit.expected}, is {report.vinCheck.checkDigit.actual}
          </span>
        )}
      </p>
      <h1>
        {vehicleName(d)}
        {d.trim ? <span className={styles.trim}> {d.trim}</span> : null}
      </h1>
      <CoverageNote report={report} />
      <SourceNotice sections={reportSectionStates(report)} />

      <div className={styles.columns}>
        <section className="card" aria-labelledby="specs">
          <h2 id="specs">Specifications</h2>
          <dl className="specs" data-testid="specs">
            <Spec label="Model year" value={d.year} />
            <Spec label="Make" value={d.make ? displayMake(d.make) : null} />
            <Spec label="Model" value={d.model} />
            <Spec label="Trim" value={d.trim} />
            <Spec label="Body style" value={d.bodyStyle} />
            <Spec label="Drive type" value={d.driveType} missing={offlineGap(report)} />
            <Spec label="Fuel" value={d.fuelType} />
            <Spec label="Engine" value={engineText(d.engine)} />
            <Spec label="Transmission" value={d.transmission} missing={offlineGap(report)} />
            <Spec label="Vehicle type" value={d.vehicleType} />
            <Spec label="Manufacturer" value={d.manufacturer} />
            <Spec
              label="Assembly plant"
              value={[d.plant.city, d.plant.state, d.plant.country].filter(Boolean).join(", ") || null}
            />
            <Spec
              label="Manufacturer code issued in"
              value={[report.origin.country, report.origin.region].filter(Boolean).join(", ") || null}
            />
          </dl>
          {report.vinCheck.errorCodes.some((c) => c !== "0") ? (
            <p className="muted" data-testid="nhtsa-errors">
              NHTSA decoder notes: {report.vinCheck.errorText}
            </p>
          ) : null}
        </section>

        <InsightCard insight={report.insight ?? null} />
      </div>

      <ExtendedSpecs extended={d.extended} />

      <PricingCard report={report} />

      {/* A section its source could not supply folds into the source notice above instead of a card of its own. */}
      {report.safetyRatings && showsOwnCard(report.safetyRatings.status) ? (
        <SafetyRatingsCard s={report.safetyRatings} />
      ) : null}
      {report.fuelEconomy && showsOwnCard(report.fuelEconomy.status) ? (
        <FuelEconomyCard s={report.fuelEconomy} />
      ) : null}
      {report.complaints && showsOwnCard(report.complaints.status) ? <ComplaintsCard s={report.complaints} /> : null}
      {report.investigations && showsOwnCard(report.investigations.status) ? (
        <InvestigationsCard s={report.investigations} />
      ) : null}
      {report.bulletins && showsOwnCard(report.bulletins.status) ? <BulletinsCard s={report.bulletins} /> : null}
      {report.canadaRecalls && showsOwnCard(report.canadaRecalls.status) ? (
        <CanadaRecallsCard s={report.canadaRecalls} />
      ) : null}

      <section aria-labelledby="recalls-heading">
        <h2 id="recalls-heading">Open safety recalls</h2>
        {report.recalls && d.model !== null && d.make !== null ? (
          <RecallList recalls={{ ...report.recalls, year: Number(d.year), make: d.make, model: d.model }} />
        ) : null}
        {report.coverage === "wmi_only" ? (
          <p className="muted" data-testid="recalls-wmi-only">
            NHTSA publishes recalls per US-market model year, make and model; this VIN names no model in its data.
          </p>
        ) : null}
        {report.recalls ? (
          <p className="muted">
            {d.model ? (
              <Link href={report.recalls.url}>Recall check for every {vehicleName(d)}</Link>
            ) : (
              // Without a model name there is no year/make/model page: link the recall check form instead.
              <Link href={report.recalls.url}>Check recalls by VIN or by year, make and model</Link>
            )}
          </p>
        ) : null}
      </section>

      <section className={`card ${styles.attribution}`} aria-labelledby="cite" data-testid="attribution">
        <h2 id="cite">Cite this page</h2>
        <p>{report.source}.</p>
        <p>
          Suggested citation: <q data-testid="citation">{report.citation}</q>
        </p>
        <p>
          Permalink: <a href={report.permalink}>{report.permalink}</a> · JSON:{" "}
          <a href={`/api/public/vin/${report.vin}`}>/api/public/vin/{report.vin}</a>
        </p>
      </section>
    </article>
  );
}

/** "2014 Volkswagen Tiguan"; parts a wmi_only answer lacks (model, maybe make or year) are left out. */
function vehicleName(d: VinDecodeResponse["decoded"]): string {
  return (
    [d.year, d.make ? displayMake(d.make) : null, d.model].filter(Boolean).join(" ") || (d.manufacturer ?? "Vehicle")
  );
}

function CoverageNote({ report }: { report: VinDecodeResponse }) {
  if (report.coverage !== "wmi_only") return null;
  return (
    <p className="card" data-testid="coverage-wmi-only">
      <strong>Outside the US-market data.</strong> NHTSA&apos;s vPIC patterns name no model for this VIN, so only what
      its manufacturer code (WMI) and model-year position tell is shown: manufacturer
      {report.decoded.make ? ", make" : ""}, where the code was issued{report.decoded.year ? " and the model year" : ""}
      .
      {report.vinCheck.checkDigitMandatory
        ? ""
        : " Outside North America the check digit is optional, so it proves nothing here."}
    </p>
  );
}

function Spec({ label, value, missing = "not given" }: { label: string; value: string | null; missing?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value ?? <span className="muted">{missing}</span>}</dd>
    </>
  );
}

/**
 * Drive type and transmission style are missing from the bundled vPIC cut (lib/vin/README.md); they come from
 * NHTSA's vPIC API when it answers. Say so rather than show a bare gap.
 */
function offlineGap(report: VinDecodeResponse): string {
  return report.coverage === "vpic" ? "not in the local data; filled when NHTSA's vPIC API answers" : "not given";
}

function engineText(engine: VinDecodeResponse["decoded"]["engine"]): string | null {
  const parts = [
    engine.displacementLiters ? `${engine.displacementLiters} L` : null,
    engine.cylinders ? `${engine.cylinders} cylinders` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

function InsightCard({ insight }: { insight: VinDecodeResponse["insight"] }) {
  if (!insight) {
    return (
      <section className="card" aria-labelledby="insight">
        <h2 id="insight">Insight</h2>
        <p className="muted">No insight is available for this vehicle right now.</p>
      </section>
    );
  }
  const factual = insight.model === FALLBACK_WRITER;
  return (
    <section className="card" aria-labelledby="insight" data-testid="insight">
      <h2 id="insight">Insight</h2>
      <p>{insight.text}</p>
      <p className="muted" data-testid="insight-label">
        {factual
          ? "Factual summary composed by vinscope from its data; not AI-written."
          : `AI-written by ${insight.model} from vinscope's data; may contain mistakes.`}
      </p>
    </section>
  );
}

function PricingCard({ report }: { report: VinDecodeResponse }) {
  const p = report.pricing;
  if (!p) return null;
  const d = report.decoded;
  return (
    <section className="card" aria-labelledby="pricing" data-testid="pricing">
      <h2 id="pricing">What buyers paid</h2>
      {p.available && p.priceBand && p.sampleSize !== null ? (
        <>
          {p.demoDeals ? <DemoNotice demoDeals={p.demoDeals} deals={p.sampleSize} /> : null}
          <p>
            Average selling price <strong data-testid="avg-price">{dollars(p.averageSellingPrice ?? 0)}</strong>
            {p.averageDiscountPercent !== null ? (
              <>
                , <strong>{p.averageDiscountPercent}%</strong> off MSRP on average
              </>
            ) : null}
            , from {p.sampleSize}{" "}
            {p.demoDeals === p.sampleSize ? "demo deals" : p.demoDeals ? "deals" : "verified deals"}
            {p.dataStatus === "limited" ? ": a small sample (4 to 9 deals), read with care" : ""}.
          </p>
          <PriceBand band={p.priceBand} averageMsrp={null} vehicle={vehicleName(d)} />
          <p className="muted">
            Price band: {dollars(p.priceBand.low)} (10th percentile) · {dollars(p.priceBand.typical)} (median) ·{" "}
            {dollars(p.priceBand.high)} (90th percentile). {p.source}.
          </p>
        </>
      ) : (
        <p data-testid="pricing-unavailable">{p.reason}</p>
      )}
      {p.url ? <Link href={p.url}>Full pricing: trims, deal types and states</Link> : null}
    </section>
  );
}
