// /market: the market overview as a page: the top-discount models (each linking to its newest pricing
// page) as one ranked table with its discounts drawn as bars, and deal coverage by state as a US map with every
// state's figures in the table under it.
import type { Metadata } from "next";
import Link from "next/link";
import { dollars } from "@/components/charts/price-band";
import { UsStateMap } from "@/components/charts/us-state-map";
import { DemoNotice } from "@/components/demo-notice";
import { ScrollTable } from "@/components/scroll-table";
import { getMarketOverview, MARKET_MIN_DEALS, stateName } from "@/lib/pricing";
import styles from "./market.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Market overview: biggest discounts and state coverage",
  description: "Models ranked by average discount off MSRP, and buyer deals by US state.",
};

export default async function MarketPage() {
  const { overview, modelLinks } = await getMarketOverview();
  const models = overview.models.map((m, i) => ({ ...m, link: modelLinks[i] }));
  const states = [...overview.states].sort((a, b) => b.dealCount - a.dealCount || a.state.localeCompare(b.state));
  const topDiscount = Math.max(1, ...models.map((m) => m.avgDiscountPercent));
  return (
    <div className={styles.page}>
      <h1>Market overview</h1>
      <DemoNotice demoDeals={overview.demoDeals} deals={overview.totalDeals} />
      <p>
        <span data-testid="total-deals">{overview.totalDeals.toLocaleString("en-US")}</span> deals, last changed{" "}
        {overview.updated.slice(0, 10)}.
      </p>
      <div className={styles.columns}>
        <section className="card" aria-labelledby="top">
          <h2 id="top">Biggest average discounts</h2>
          <p className="muted small">
            All model years together; only models with at least {MARKET_MIN_DEALS} deals are ranked.
          </p>
          {models.length === 0 ? (
            <p>No model has enough deals to be ranked yet.</p>
          ) : (
            // One ranked table, each discount drawn as a bar in its cell: no chart above repeating its top rows.
            <ScrollTable
              label="Models by average discount"
              testId="top-models"
              rows={models}
              rowKey={(m) => `${m.link.makeSlug}/${m.link.modelSlug}`}
              columns={[
                {
                  // The rank leads the model's cell rather than taking a column of its own: five columns fit a phone.
                  header: "Model",
                  cell: (m, i) => (
                    <>
                      <span className="muted">{i + 1}.</span>{" "}
                      <Link href={`/pricing/${m.link.makeSlug}/${m.link.modelSlug}/${m.link.latestYear}`}>
                        {m.make} {m.model}
                      </Link>
                    </>
                  ),
                },
                {
                  header: "Discount",
                  numeric: true,
                  cell: (m) => `${m.avgDiscountPercent.toFixed(1)}%`,
                  bar: (m) => m.avgDiscountPercent / topDiscount,
                },
                { header: "Avg price", numeric: true, cell: (m) => dollars(m.avgPrice) },
                { header: "Deals", numeric: true, cell: (m) => m.dealCount.toLocaleString("en-US") },
              ]}
            />
          )}
        </section>
        <section className="card" aria-labelledby="states">
          <h2 id="states">Coverage by state</h2>
          {states.length > 0 ? (
            <UsStateMap
              title="Deals by state"
              testId="states-map"
              unit="deals"
              format={(n) => n.toLocaleString("en-US")}
              tableNote="Every state's deals and average discount are in the table below."
              tiles={states.map((s) => ({
                state: s.state,
                value: s.dealCount,
                label: `${stateName(s.state)}: ${s.dealCount.toLocaleString("en-US")} deals, ${s.avgDiscountPercent.toFixed(1)}% average discount`,
              }))}
            />
          ) : (
            <p>No deals in any state yet.</p>
          )}
          <details className={styles.more}>
            <summary>Every state: deals and average discount ({states.length})</summary>
            <ScrollTable
              label="Deals by state"
              testId="states"
              rows={states}
              rowKey={(s) => s.state}
              columns={[
                { header: "State", cell: (s) => stateName(s.state) },
                { header: "Deals", numeric: true, cell: (s) => s.dealCount.toLocaleString("en-US") },
                { header: "Discount", numeric: true, cell: (s) => `${s.avgDiscountPercent.toFixed(1)}%` },
              ]}
            />
          </details>
        </section>
      </div>
      <footer className={styles.attribution}>
        <p>Source: {overview.source}.</p>
        <p>
          Data as JSON: <a href="/api/market-data">/api/market-data</a>
        </p>
      </footer>
    </div>
  );
}
