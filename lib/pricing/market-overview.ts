/**
 * The market overview: every deal at once, so it is computed from DealSummary by three grouped
 * queries and then memoised per process (lib/db/data-version.ts): the deals version stamp is read on every call, so
 * any seed or import shows at once, and the memo also expires after MARKET_MEMO_MS, so a writer that bypassed
 * the stamp is picked up within minutes; the HTTP answer is cached for an hour anyway.
 *
 * Ranking: models (all model years of a make/model together) by average percent off MSRP, highest first,
 * ties by deal count then name. Only models with at least MARKET_MIN_DEALS deals take part: with fewer, one
 * unusual deal could top the list.
 */
import type { Db } from "../db";
import { displayMake } from "../vehicle";
import type { MarketOverview } from "./answers";
import { sourceText } from "./deal-source";
import { dataVersion, DerivedFromDataSet, processWide } from "../db/data-version";
import { roundMoney, roundPercent } from "./pricing-math";
import { isUsStateCode, type UsStateCode } from "../contract/us-states";

export const MARKET_MIN_DEALS = 25;
const MARKET_TOP_MODELS = 20;
const MARKET_MEMO_MS = 5 * 60_000;

/** The overview plus what the /market page needs to link each model to its newest pricing page. */
export interface MarketData {
  overview: MarketOverview;
  modelLinks: { makeSlug: string; modelSlug: string; latestYear: number }[];
}

/** Rechecked on every call (one primary-key read): the overview is asked for far less often than a VIN report. */
const memo = processWide(
  "deals:market-overview",
  () => new DerivedFromDataSet("deals", computeMarketOverview, 0, MARKET_MEMO_MS),
);

export function marketOverview(db: Db, now = Date.now()): Promise<MarketData> {
  return memo.get(db, now);
}

/** Reads DealSummary only: a few tens of thousands of rows even at millions of deals. */
export async function computeMarketOverview(db: Db): Promise<MarketData> {
  const [totals] = await db.$queryRaw<{ n: number | bigint | null; demo: number | bigint | null }[]>`
    SELECT SUM("dealCount") AS "n", SUM("demoCount") AS "demo" FROM "DealSummary"`;
  const models = await db.$queryRaw<
    {
      makeSlug: string;
      modelSlug: string;
      make: string;
      model: string;
      n: number | bigint;
      sumPct: number;
      sumPrice: number;
      latestYear: number | bigint;
    }[]
  >`
    SELECT "makeSlug", "modelSlug", MIN("make") AS "make", MIN("model") AS "model", SUM("dealCount") AS "n",
           SUM("sumDiscountPct") AS "sumPct", SUM("sumPrice") AS "sumPrice", MAX("year") AS "latestYear"
    FROM "DealSummary" GROUP BY "makeSlug", "modelSlug" HAVING SUM("dealCount") >= ${MARKET_MIN_DEALS}`;
  const states = await db.$queryRaw<{ state: string; n: number | bigint; sumPct: number }[]>`
    SELECT "state", SUM("dealCount") AS "n", SUM("sumDiscountPct") AS "sumPct" FROM "DealSummary" GROUP BY "state"`;
  const { changedAt } = await dataVersion(db, "deals");

  // Ranked on the rounded figure so the order a reader sees is the order of the numbers shown.
  const ranked = models
    .map((m) => ({
      make: displayMake(m.make),
      model: m.model,
      avgDiscountPercent: roundPercent(Number(m.sumPct) / Number(m.n)),
      avgPrice: roundMoney(Number(m.sumPrice) / Number(m.n)),
      dealCount: Number(m.n),
      link: { makeSlug: m.makeSlug, modelSlug: m.modelSlug, latestYear: Number(m.latestYear) },
    }))
    .sort(
      (a, b) =>
        b.avgDiscountPercent - a.avgDiscountPercent ||
        b.dealCount - a.dealCount ||
        `${a.make} ${a.model}`.localeCompare(`${b.make} ${b.model}`),
    )
    .slice(0, MARKET_TOP_MODELS);

  const total = Number(totals?.n ?? 0);
  const demo = Number(totals?.demo ?? 0);
  return {
    overview: {
      source: sourceText(total, demo),
      demoDeals: demo,
      // When the deals last changed (seed or import); stable between writes, so the ETag is too.
      updated: (changedAt ?? new Date(0)).toISOString(),
      totalDeals: total,
      models: ranked.map(({ link: _link, ...m }) => m),
      states: states
        .filter((s): s is typeof s & { state: UsStateCode } => isUsStateCode(s.state))
        .map((s) => ({
          state: s.state,
          dealCount: Number(s.n),
          avgDiscountPercent: roundPercent(Number(s.sumPct) / Number(s.n)),
        }))
        .sort((a, b) => b.dealCount - a.dealCount || a.state.localeCompare(b.state)),
    },
    modelLinks: ranked.map((m) => m.link),
  };
}
