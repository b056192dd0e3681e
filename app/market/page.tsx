// /market: the market overview (spec 2.8) as a page: top-discount models (each linking to its newest pricing
// page) and deal coverage by state.
import type { Metadata } from "next";
import Link from "next/link";
import { demoNotice, getMarketOverview, isDemoText, isUsStateCode, MARKET_MIN_DEALS, US_STATES } from "@/lib/pricing";
import styles from "./market.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Market overview: biggest discounts and state coverage",
  description: "Models ranked by average discount off MSRP, and verified deals by US state.",
};

const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

export default async function MarketPage() {
  const { overview, modelLinks } = await getMarketOverview();
  return (
    <main className={styles.page}>
      <h1>Market overview</h1>
      {isDemoText(overview.source) && (
        <p className={styles.demo} role="note" data-testid="demo-notice">
          <strong>Demo data.</strong> {demoNotice(overview.source)}
        </p>
      )}
      <p>
        <span data-testid="total-deals">{overview.totalDeals.toLocaleString("en-US")}</span> deals, last changed{" "}
        {overview.updated.slice(0, 10)}.
      </p>
      <div className={styles.columns}>
        <section aria-labelledby="top">
          <h2 id="top">Biggest average discounts</h2>
          <p>All model years together; only models with at least {MARKET_MIN_DEALS} deals are ranked.</p>
          {overview.models.length === 0 ? (
            <p>No model has enough deals to be ranked yet.</p>
          ) : (
            <table className={styles.table} data-testid="top-models">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Model</th>
                  <th className={styles.num}>Avg discount</th>
                  <th className={styles.num}>Avg price</th>
                  <th className={styles.num}>Deals</th>
                </tr>
              </thead>
              <tbody>
                {overview.models.map((m, i) => {
                  const link = modelLinks[i];
                  return (
                    <tr key={`${link.makeSlug}/${link.modelSlug}`}>
                      <td>{i + 1}</td>
                      <td>
                        <Link href={`/pricing/${link.makeSlug}/${link.modelSlug}/${link.latestYear}`}>
                          {m.make} {m.model}
                        </Link>
                      </td>
                      <td className={styles.num}>{m.avgDiscountPercent.toFixed(1)}%</td>
                      <td className={styles.num}>{dollars(m.avgPrice)}</td>
                      <td className={styles.num}>{m.dealCount.toLocaleString("en-US")}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="states">
          <h2 id="states">Coverage by state</h2>
          <table className={styles.table} data-testid="states">
            <thead>
              <tr>
                <th>State</th>
                <th className={styles.num}>Deals</th>
                <th className={styles.num}>Avg discount</th>
              </tr>
            </thead>
            <tbody>
              {overview.states.map((s) => (
                <tr key={s.state}>
                  <td>{isUsStateCode(s.state) ? US_STATES[s.state] : s.state}</td>
                  <td className={styles.num}>{s.dealCount.toLocaleString("en-US")}</td>
                  <td className={styles.num}>{s.avgDiscountPercent.toFixed(1)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <footer className={styles.attribution}>
        <p>Source: {overview.source}.</p>
        <p>
          Data as JSON: <a href="/api/market-data">/api/market-data</a>
        </p>
      </footer>
    </main>
  );
}
