/**
 * DealSummary: per make/model/year/state/trim sums of the deals, so an answer adds up a few dozen summary
 * rows instead of reading thousands of deals (at 1M deals the direct GROUP BY cost ~7 ms per answer and
 * 6 s for the market overview; see scripts/bench/pricing.ts). Every write path (demo seed, import, demo
 * removal) rebuilds the summary of the slices it touched inside its own transaction, so readers never see
 * deals and sums disagree.
 */
import { Prisma, type Db } from "../db";
import { DEMO_SOURCE } from "./deal-source";

export interface Slice {
  makeSlug: string;
  modelSlug: string;
  year: number;
}

type Executor = Pick<Db, "$executeRaw">;

/** Above this many slices one full rebuild is cheaper than slice-by-slice statements. */
const FULL_REBUILD_ABOVE = 200;

function insertSelect(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "DealSummary" ("makeSlug", "modelSlug", "year", "state", "trim", "make", "model", "dealCount",
      "leaseCount", "demoCount", "sumMsrp", "sumPrice", "sumDiscountPct", "newestPurchase")
    SELECT "makeSlug", "modelSlug", "year", "state", "trim", MIN("make"), MIN("model"), COUNT(*),
      SUM(CASE WHEN "dealType" = 'lease' THEN 1 ELSE 0 END),
      SUM(CASE WHEN "source" = ${DEMO_SOURCE} THEN 1 ELSE 0 END),
      SUM("msrp"), SUM("sellingPrice"), SUM(("msrp" - "sellingPrice") * 100.0 / "msrp"), MAX("purchaseDate")
    FROM "Deal" ${where}
    GROUP BY "makeSlug", "modelSlug", "year", "state", "trim"`;
}

export async function rebuildDealSummary(tx: Executor): Promise<void> {
  await tx.$executeRaw`DELETE FROM "DealSummary"`;
  await tx.$executeRaw(insertSelect(Prisma.empty));
}

/** Rebuilds the summary rows of the given slices (all of them when there are many). */
export async function refreshDealSummary(tx: Executor, slices: Iterable<Slice>): Promise<void> {
  const unique = new Map<string, Slice>();
  for (const s of slices) unique.set(`${s.makeSlug}/${s.modelSlug}/${s.year}`, s);
  if (unique.size > FULL_REBUILD_ABOVE) return rebuildDealSummary(tx);
  for (const s of unique.values()) {
    await tx.$executeRaw`DELETE FROM "DealSummary"
      WHERE "makeSlug" = ${s.makeSlug} AND "modelSlug" = ${s.modelSlug} AND "year" = ${s.year}`;
    await tx.$executeRaw(
      insertSelect(
        Prisma.sql`WHERE "makeSlug" = ${s.makeSlug} AND "modelSlug" = ${s.modelSlug} AND "year" = ${s.year}`,
      ),
    );
  }
}
