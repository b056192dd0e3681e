// The sections of a model year's page, from the vehicle report (lib/report/vehicle-report.ts): what buyers
// paid, the insight, NCAP stars and EPA figures of every variant (no VIN chooses one), and complaints by
// component as a chart. Built from the shared components (charts, tables, notices); unknown is never shown as 0. A
// section its source could not supply is not shown as a card: the page's one source notice says so.
import Link from "next/link";
import { BarChart } from "@/components/charts/bar-chart";
import { PriceBand, dollars } from "@/components/charts/price-band";
import { DemoNotice } from "@/components/demo-notice";
import { ScrollTable } from "@/components/scroll-table";
import type { VehicleReport } from "@/lib/report";
import { FALLBACK_WRITER } from "@/lib/insights";

const stars = (n: number | null) => (n === null ? "not rated" : `${"★".repeat(n)}${"☆".repeat(5 - n)}`);

export function PricingCard({ r, vehicle }: { r: VehicleReport; vehicle: string }) {
  const p = r.pricing;
  return (
    <section className="card" aria-labelledby="pricing-h" data-testid="pricing">
      <h2 id="pricing-h">What buyers paid</h2>
      <DemoNotice demoDeals={p.demoDeals} deals={p.sampleSize ?? 0} />
      {p.available && p.priceBand && p.averageSellingPrice !== null ? (
        <>
          <p>
            Average selling price <strong data-testid="avg-price">{dollars(p.averageSellingPrice)}</strong>
            {p.averageDiscountPercent !== null ? <>, {p.averageDiscountPercent}% off MSRP on average</> : null}, from{" "}
            {p.sampleSize} deals.
          </p>
          <PriceBand band={p.priceBand} averageMsrp={null} vehicle={vehicle} />
          <p className="muted small">
            10th percentile {dollars(p.priceBand.low)} · median {dollars(p.priceBand.typical)} · 90th percentile{" "}
            {dollars(p.priceBand.high)}.
          </p>
        </>
      ) : (
        <p data-testid="pricing-unavailable">{p.reason ?? "No pricing for this vehicle."}</p>
      )}
      {p.url ? <Link href={p.url}>Full pricing: trims, deal types and states</Link> : null}
    </section>
  );
}

export function InsightCard({ insight }: { insight: VehicleReport["insight"] }) {
  return (
    <section className="card" aria-labelledby="insight-h" data-testid="insight">
      <h2 id="insight-h">Insight</h2>
      {insight ? (
        <>
          <p>{insight.text}</p>
          <p className="muted small">
            {insight.model === FALLBACK_WRITER
              ? "A factual summary composed by vinscope from its data; not AI-written."
              : `AI-written by ${insight.model} from vinscope's data; may contain mistakes.`}
          </p>
        </>
      ) : (
        <p className="muted">No insight is available for this vehicle right now.</p>
      )}
    </section>
  );
}

export function RatingsCard({ s }: { s: VehicleReport["safetyRatings"] }) {
  return (
    <section className="card" aria-labelledby="ratings-h" data-testid="safety-ratings" data-status={s.status}>
      <h2 id="ratings-h">Crash-test ratings (NHTSA 5-Star)</h2>
      {s.status !== "unavailable" && s.variants.length === 0 ? (
        <p className="muted">NHTSA has not crash-tested this model year.</p>
      ) : null}
      {s.variants.length ? (
        <ScrollTable
          label="Crash-test ratings per tested variant"
          testId="ratings-table"
          rows={s.variants}
          rowKey={(v) => String(v.vehicleId)}
          columns={[
            { header: "Tested variant", cell: (v) => v.description },
            {
              header: "Overall",
              cell: (v) => (
                <span aria-label={`${v.ratings?.overall ?? "not rated"}`}>{stars(v.ratings?.overall ?? null)}</span>
              ),
            },
            { header: "Frontal", cell: (v) => stars(v.ratings?.frontCrash ?? null) },
            { header: "Side", cell: (v) => stars(v.ratings?.sideCrash ?? null) },
            { header: "Rollover", cell: (v) => stars(v.ratings?.rollover ?? null) },
          ]}
        />
      ) : null}
      <p className="muted small">
        <a href={s.url}>NHTSA&apos;s ratings page</a>
      </p>
    </section>
  );
}

export function ComplaintsCard({ s }: { s: VehicleReport["complaints"] }) {
  const top = s.byComponent.slice(0, 10);
  return (
    <section className="card" aria-labelledby="complaints-h" data-testid="complaints" data-status={s.status}>
      <h2 id="complaints-h">Owner complaints to NHTSA</h2>
      {s.count !== null ? (
        <p data-testid="complaints-count">
          <strong>{s.count.toLocaleString("en-US")}</strong> complaint{s.count === 1 ? "" : "s"} filed
          {s.count
            ? `: ${s.crashes ?? "?"} with a crash, ${s.fires ?? "?"} with a fire, ${s.injuries ?? "?"} injured, ${s.deaths ?? "?"} killed`
            : ""}
          .
        </p>
      ) : null}
      {top.length ? (
        <BarChart
          title="Complaints by component"
          testId="complaints-chart"
          bars={top.map((c) => ({
            key: c.component,
            label: c.component,
            value: c.count,
            valueText: c.count.toLocaleString("en-US"),
          }))}
          caption={
            s.byComponent.length > top.length
              ? `The ${top.length} components named most often, of ${s.byComponent.length}.`
              : undefined
          }
        />
      ) : null}
      {s.newest.length ? (
        <details>
          <summary>Newest complaints</summary>
          <ul>
            {s.newest.map((c) => (
              <li key={c.odiNumber}>
                <strong>{c.filedOn ?? "date unknown"}</strong> · {c.components.join(", ")}: {c.summary}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="muted small">
        <a href={s.url}>All complaints at NHTSA</a>
      </p>
    </section>
  );
}

const figure = (n: number | null, unit: string) => (n === null ? "—" : `${n.toLocaleString("en-US")}${unit}`);

export function FuelEconomyCard({ s }: { s: VehicleReport["fuelEconomy"] }) {
  return (
    <section className="card" aria-labelledby="fuel-h" data-testid="fuel-economy" data-status={s.status}>
      <h2 id="fuel-h">Fuel economy (EPA), per variant</h2>
      {s.status !== "unavailable" && s.variants.length === 0 ? (
        <p className="muted">EPA lists no variant of this model year.</p>
      ) : null}
      {s.variants.length ? (
        <ScrollTable
          label="EPA fuel economy per variant"
          testId="fuel-table"
          rows={s.variants}
          rowKey={(v) => String(v.epaId)}
          columns={[
            { header: "Variant", cell: (v) => v.description },
            {
              header: "Combined",
              numeric: true,
              cell: (v) => figure(v.combinedMpg, v.electrified === "EV" ? " MPGe" : " MPG"),
            },
            { header: "City", numeric: true, cell: (v) => figure(v.cityMpg, "") },
            { header: "Highway", numeric: true, cell: (v) => figure(v.highwayMpg, "") },
            { header: "Electric range", numeric: true, cell: (v) => figure(v.evRangeMiles, " mi") },
            {
              header: "Fuel cost a year",
              numeric: true,
              cell: (v) => (v.annualFuelCostUsd === null ? "—" : dollars(v.annualFuelCostUsd)),
            },
          ]}
        />
      ) : null}
      <p className="muted small">
        <a href={s.url}>Compare at fueleconomy.gov</a>
      </p>
    </section>
  );
}
