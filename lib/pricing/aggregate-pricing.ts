/**
 * Aggregate pricing of one make/model/year (optionally one state), for the API route, the pricing page and
 * the VIN report alike.
 *
 * Two queries per answer:
 *   1. the slice's rows of DealSummary (per state and trim sums, lib/pricing/deal-summary.ts) added up per
 *      trim: counts, MSRP, price, discount, percent, lease and demo counts, newest date. The totals are the
 *      sums of the trim rows, so the trims table costs nothing extra.
 *   2. the percentiles, from Deal: for each of p10/p50/p90 the two neighbouring prices around rank
 *      (n - 1) * p, read as `ORDER BY sellingPrice LIMIT 2 OFFSET k` down the price-ordered index
 *      ((makeSlug, modelSlug, year, sellingPrice), or (…, state, sellingPrice)): index-only, no sort, and no
 *      slice of prices sent to Node.
 * Figures are computed in full precision and rounded once (lib/pricing/pricing-math.ts).
 */
import { config } from "../config";
import { displayMake } from "../vehicle";
import { Prisma, type Db } from "../db";
import type { PricingNoData, PricingResponse } from "./answers";
import { sourceText } from "./deal-source";
import {
  dataStatusFor,
  figuresShown,
  interpolate,
  isoDate,
  percentileRank,
  roundMoney,
  roundPercent,
} from "./pricing-math";
import { toDate, type SqlDate } from "./sql-values";

export interface PricingQuery {
  makeSlug: string;
  modelSlug: string;
  year: number;
  /** Upper-case US state code, or null for the whole country. */
  state: string | null;
}

export type PricingResult = { found: true; pricing: PricingResponse } | { found: false; noData: PricingNoData };

const TOP_TRIMS = 5;
const PERCENTILES = { low: 0.1, typical: 0.5, high: 0.9 } as const;

interface TrimRow {
  trim: string;
  make: string;
  model: string;
  n: number | bigint;
  sumMsrp: number;
  sumPrice: number;
  sumPct: number;
  lease: number | bigint;
  demo: number | bigint;
  newest: SqlDate;
}

function sliceFilter(q: PricingQuery): Prisma.Sql {
  const state = q.state === null ? Prisma.empty : Prisma.sql` AND "state" = ${q.state}`;
  return Prisma.sql`"makeSlug" = ${q.makeSlug} AND "modelSlug" = ${q.modelSlug} AND "year" = ${q.year}${state}`;
}

/** The canonical page of a slice; the API's `url`. */
function pricingUrl(q: Pick<PricingQuery, "makeSlug" | "modelSlug" | "year" | "state">): string {
  const base = `${config().publicBaseUrl}/pricing/${q.makeSlug}/${q.modelSlug}/${q.year}`;
  return q.state ? `${base}/${q.state}` : base;
}

export async function aggregatePricing(db: Db, q: PricingQuery): Promise<PricingResult> {
  const where = sliceFilter(q);
  const trims = await db.$queryRaw<TrimRow[]>`
    SELECT "trim", MIN("make") AS "make", MIN("model") AS "model", SUM("dealCount") AS "n",
           SUM("sumMsrp") AS "sumMsrp", SUM("sumPrice") AS "sumPrice", SUM("sumDiscountPct") AS "sumPct",
           SUM("leaseCount") AS "lease", SUM("demoCount") AS "demo", MAX("newestPurchase") AS "newest"
    FROM "DealSummary" WHERE ${where}
    GROUP BY "trim"`;

  if (trims.length === 0) return { found: false, noData: await noDataBody(db, q) };

  let n = 0,
    sumMsrp = 0,
    sumPrice = 0,
    sumPct = 0,
    lease = 0,
    demo = 0;
  let newest = toDate(trims[0].newest);
  for (const t of trims) {
    n += Number(t.n);
    sumMsrp += Number(t.sumMsrp);
    sumPrice += Number(t.sumPrice);
    sumPct += Number(t.sumPct);
    lease += Number(t.lease);
    demo += Number(t.demo);
    const d = toDate(t.newest);
    if (d > newest) newest = d;
  }
  // One slug pair has one spelling (the importer adopts the stored one); MIN makes the pick deterministic anyway.
  const make = displayMake(trims.map((t) => t.make).sort()[0]);
  const model = trims.map((t) => t.model).sort()[0];

  const dataStatus = dataStatusFor(n);
  const shown = figuresShown(dataStatus);
  const url = pricingUrl(q);
  const source = sourceText(n, demo);
  const stateText = q.state ? ` in ${q.state}` : "";
  const demoText = demo > 0 ? " (includes demo data)" : "";

  const pricing: PricingResponse = {
    source,
    url,
    make,
    model,
    year: q.year,
    state: q.state,
    sampleSize: n,
    demoDeals: demo,
    dataStatus,
    averageMsrp: shown ? roundMoney(sumMsrp / n) : null,
    averageSellingPrice: shown ? roundMoney(sumPrice / n) : null,
    averageDiscountAmount: shown ? roundMoney((sumMsrp - sumPrice) / n) : null,
    averageDiscountPercent: shown ? roundPercent(sumPct / n) : null,
    priceBand: shown ? await priceBand(db, where, n) : null,
    rebatesIncluded: false,
    lastUpdated: isoDate(newest),
    dealTypeSplit: { lease, cashFinance: n - lease },
    topTrims: shown
      ? trims
          .map((t) => ({ trim: t.trim, n: Number(t.n), sumPrice: Number(t.sumPrice), sumPct: Number(t.sumPct) }))
          .sort((a, b) => b.n - a.n || (a.trim < b.trim ? -1 : a.trim > b.trim ? 1 : 0))
          .slice(0, TOP_TRIMS)
          .map((t) => ({
            trim: t.trim,
            dealCount: t.n,
            avgPrice: roundMoney(t.sumPrice / t.n),
            avgDiscount: roundPercent(t.sumPct / t.n),
          }))
      : [],
    citation: `vinscope, ${q.year} ${make} ${model} pricing${stateText}${demoText}, ${n} deal${n === 1 ? "" : "s"}, as of ${isoDate(newest)}. ${url}`,
    recommendation: config().pricing.recommendation,
    recommendationUrl: config().pricing.recommendationUrl,
  };
  return { found: true, pricing };
}

async function priceBand(db: Db, where: Prisma.Sql, n: number): Promise<PricingResponse["priceBand"]> {
  const ranks = Object.entries(PERCENTILES).map(([name, p]) => ({ name, ...percentileRank(n, p) }));
  // One round trip: each branch walks the price-ordered index to its offset and reads two prices.
  const branches = ranks.map(
    (r, i) => Prisma.sql`SELECT ${Prisma.raw(String(i))} AS "k", "p"."sellingPrice" AS "price" FROM (
      SELECT "sellingPrice" FROM "Deal" WHERE ${where} ORDER BY "sellingPrice" LIMIT 2 OFFSET ${r.lower}) AS "p"`,
  );
  const rows = await db.$queryRaw<{ k: number | bigint; price: number }[]>`${Prisma.join(branches, " UNION ALL ")}`;
  const prices: number[][] = ranks.map(() => []);
  for (const row of rows) prices[Number(row.k)].push(Number(row.price));
  const value = (i: number) => {
    const [lower, upper] = prices[i].sort((a, b) => a - b);
    return roundMoney(interpolate(lower, upper, ranks[i].fraction));
  };
  return { low: value(0), typical: value(1), high: value(2) };
}

/** The 404 body: the vehicle as asked, named canonically when the make/model has deals in another year or state. */
async function noDataBody(db: Db, q: PricingQuery): Promise<PricingNoData> {
  const names = await namesForSlugs(db, q.makeSlug, q.modelSlug);
  return {
    make: names ? displayMake(names.make) : q.makeSlug,
    year: q.year,
    model: names?.model ?? q.modelSlug,
    state: q.state,
    dataStatus: "none",
    sampleSize: 0,
  };
}

/** The states with deals for a make/model/year, by deal count: the state selector of the pricing page. */
export async function statesForSlice(
  db: Db,
  q: Pick<PricingQuery, "makeSlug" | "modelSlug" | "year">,
): Promise<{ state: string; dealCount: number }[]> {
  const rows = await db.dealSummary.groupBy({
    by: ["state"],
    where: { makeSlug: q.makeSlug, modelSlug: q.modelSlug, year: q.year },
    _sum: { dealCount: true },
  });
  return rows
    .map((r) => ({ state: r.state, dealCount: r._sum.dealCount ?? 0 }))
    .sort((a, b) => b.dealCount - a.dealCount || a.state.localeCompare(b.state));
}

/**
 * Canonical make/model names for a pair of slugs, as the deals spell them. The importer adopts the spelling
 * already stored for a slug pair (lib/pricing/import-deals.ts), so one slug pair has one spelling and any
 * row answers. One indexed row read.
 */
async function namesForSlugs(
  db: Db,
  makeSlug: string,
  modelSlug: string,
): Promise<{ make: string; model: string } | null> {
  const row = await db.deal.findFirst({ where: { makeSlug, modelSlug }, select: { make: true, model: true } });
  return row ?? null;
}
