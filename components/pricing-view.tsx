// The body of a pricing page (national or one state), rendered from the same PricingResponse the API returns.
import Link from "next/link";
import { PriceBand, dollars } from "@/components/charts/price-band";
import { UsStateMap } from "@/components/charts/us-state-map";
import { type PricingResponse, US_STATES, isUsStateCode, stateName } from "@/lib/pricing";
import { DemoNotice } from "@/components/demo-notice";
import { ScrollTable } from "@/components/scroll-table";
import styles from "./pricing-view.module.css";

export interface PricingViewProps {
  pricing: PricingResponse;
  makeSlug: string;
  modelSlug: string;
  states: { state: string; dealCount: number }[];
  /** The model years of this make/model with deals, oldest first. */
  years: number[];
}

const STATUS_TEXT = {
  sufficient: "sufficient sample (10 or more deals)",
  limited: "limited sample (4 to 9 deals): read with care",
  insufficient: "insufficient sample (fewer than 4 deals): figures withheld",
} as const;

export function PricingView({ pricing: p, makeSlug, modelSlug, states, years }: PricingViewProps) {
  const base = `/pricing/${makeSlug}/${modelSlug}/${p.year}`;
  const apiPath = `/api/public/pricing/${makeSlug}/${modelSlug}/${p.year}${p.state ? `/${p.state}` : ""}`;
  const where = p.state && isUsStateCode(p.state) ? ` in ${US_STATES[p.state]}` : "";
  const vehicle = `${p.year} ${p.make} ${p.model}`;
  // Under 4 deals every detail could point at one purchase (its date, lease or not, its state): show none.
  const withheld = p.dataStatus === "insufficient";

  return (
    <div className={styles.page}>
      <p>
        <Link href="/market">Market overview</Link>
        {p.state && (
          <>
            {" · "}
            <Link href={base}>{vehicle}, all states</Link>
          </>
        )}
      </p>
      <h1>
        {vehicle} prices{where}
      </h1>
      <YearSwitcher years={years} current={p.year} hrefFor={(y) => `/pricing/${makeSlug}/${modelSlug}/${y}`} />
      <DemoNotice demoDeals={p.demoDeals} deals={p.sampleSize} />
      <p>
        <span className="badge badge-info" data-testid="data-status">
          {STATUS_TEXT[p.dataStatus]}
        </span>{" "}
        <span data-testid="sample-size">{p.sampleSize.toLocaleString("en-US")}</span> deal
        {p.sampleSize === 1 ? "" : "s"}
        {withheld ? "." : <>, newest {p.lastUpdated}. Prices are negotiated selling prices before taxes and rebates.</>}
      </p>
      <PriceFigures p={p} vehicle={vehicle} />
      {!withheld && <DealTypeSplit split={p.dealTypeSplit} />}
      {p.topTrims.length > 0 && <TopTrims trims={p.topTrims} />}
      {states.length > 0 && <StateSelector base={base} current={p.state} states={states} withheld={withheld} />}
      <footer className={styles.attribution}>
        <p data-testid="source">Source: {p.source}.</p>
        {withheld ? null : (
          <p>
            Cite as: <span data-testid="citation">{p.citation}</span>
          </p>
        )}
        <p>
          Data as JSON: <a href={apiPath}>{apiPath}</a> · Canonical page: <a href={p.url}>{p.url}</a>
        </p>
        <p>
          {p.recommendation} <a href={p.recommendationUrl}>{p.recommendationUrl}</a>
        </p>
      </footer>
    </div>
  );
}

/** The price band and the averages, or why they are withheld. */
function PriceFigures({ p, vehicle }: { p: PricingResponse; vehicle: string }) {
  if (!p.priceBand) {
    return (
      <p className="notice notice-info" data-testid="figures-withheld">
        With fewer than 4 deals the averages, the price band, the deal types and dates are withheld: they would reveal
        individual purchases.
      </p>
    );
  }
  return (
    <section className="card" aria-labelledby="band">
      <h2 id="band">What buyers paid</h2>
      <PriceBand band={p.priceBand} averageMsrp={p.averageMsrp} vehicle={vehicle} />
      <p>
        10th percentile <strong data-testid="band-low">{dollars(p.priceBand.low)}</strong>, median{" "}
        <strong data-testid="band-typical">{dollars(p.priceBand.typical)}</strong>, 90th percentile{" "}
        <strong data-testid="band-high">{dollars(p.priceBand.high)}</strong>.
      </p>
      {p.averageSellingPrice !== null && (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Average selling price</dt>
            <dd data-testid="avg-price">{dollars(p.averageSellingPrice)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Average MSRP</dt>
            <dd data-testid="avg-msrp">{dollars(p.averageMsrp!)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Average discount</dt>
            <dd data-testid="avg-discount">
              {dollars(p.averageDiscountAmount!)} ({p.averageDiscountPercent!.toFixed(1)}%)
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function DealTypeSplit({ split }: { split: PricingResponse["dealTypeSplit"] }) {
  const total = split.lease + split.cashFinance;
  const leasePct = total > 0 ? Math.round((split.lease / total) * 100) : 0;
  return (
    <section className="card" aria-labelledby="split">
      <h2 id="split">Lease or buy</h2>
      <div className={styles.split} aria-hidden="true">
        <div className={styles.lease} style={{ width: `${leasePct}%` }} />
        <div className={styles.cashFinance} style={{ width: `${100 - leasePct}%` }} />
      </div>
      <p data-testid="deal-split">
        <span className={styles.keyLease} aria-hidden="true" /> {split.lease} lease
        {split.lease === 1 ? "" : "s"} ({leasePct}%), <span className={styles.keyCash} aria-hidden="true" />{" "}
        {split.cashFinance} cash or financed purchase{split.cashFinance === 1 ? "" : "s"} ({100 - leasePct}%).
      </p>
    </section>
  );
}

/** The trims by deal count, each average price drawn as a bar in its cell: one table, no chart repeating it. */
function TopTrims({ trims }: { trims: PricingResponse["topTrims"] }) {
  const top = Math.max(1, ...trims.map((t) => t.avgPrice));
  return (
    <section className="card" aria-labelledby="trims">
      <h2 id="trims">Trims</h2>
      <ScrollTable
        label="Trims: deals, average price and discount"
        testId="trims"
        rows={trims}
        rowKey={(t) => t.trim}
        columns={[
          { header: "Trim", cell: (t) => t.trim },
          { header: "Deals", numeric: true, cell: (t) => t.dealCount },
          { header: "Average price", numeric: true, cell: (t) => dollars(t.avgPrice), bar: (t) => t.avgPrice / top },
          { header: "Average discount", numeric: true, cell: (t) => `${t.avgDiscount.toFixed(1)}%` },
        ]}
      />
    </section>
  );
}

/** The other model years of this make/model with deals, as links; the year shown is marked, not linked. */
function YearSwitcher({
  years,
  current,
  hrefFor,
}: {
  years: number[];
  current: number;
  hrefFor: (year: number) => string;
}) {
  if (years.length < 2) return null;
  return (
    <nav aria-label="Model year" className={styles.years} data-testid="year-switcher">
      <span className={styles.yearsLabel}>Model year</span>
      <ul>
        {years.map((y) => (
          <li key={y}>
            {y === current ? (
              <span aria-current="page" className={styles.currentYear}>
                {y}
              </span>
            ) : (
              <Link href={hrefFor(y)}>{y}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The states with deals on a US map whose tiles link to each state's page, and the same states in a plain GET
 * form, which works without JavaScript (the national page redirects `?state=`) and lists them as text.
 */
function StateSelector(props: {
  base: string;
  current: string | null;
  states: PricingViewProps["states"];
  withheld: boolean;
}) {
  const tiles = props.states.flatMap((s) =>
    isUsStateCode(s.state)
      ? [
          {
            state: s.state,
            value: props.withheld ? null : s.dealCount,
            label: props.withheld
              ? `${stateName(s.state)}: has deals`
              : `${stateName(s.state)}: ${s.dealCount} deal${s.dealCount === 1 ? "" : "s"}`,
            href: `${props.base}/${s.state}`,
          },
        ]
      : [],
  );
  return (
    <section aria-labelledby="states">
      <h2 id="states">By state</h2>
      <UsStateMap
        title="Deals by state: choose a state"
        testId="states-map"
        unit="deals"
        format={(n) => n.toLocaleString("en-US")}
        tableNote="The list below names the same states."
        tiles={tiles}
        current={props.current}
      />
      <form method="get" action={props.base} className={styles.stateForm}>
        <label htmlFor="state-select">State</label>
        <select id="state-select" name="state" defaultValue={props.current ?? ""}>
          <option value="">All states</option>
          {props.states.map((s) => (
            <option key={s.state} value={s.state}>
              {stateName(s.state)}
              {props.withheld ? "" : ` (${s.dealCount} deal${s.dealCount === 1 ? "" : "s"})`}
            </option>
          ))}
        </select>
        <button type="submit">Show</button>
      </form>
    </section>
  );
}
