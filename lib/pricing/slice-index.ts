/**
 * Which make/model/year slices have any deals, held in memory per process. Most vehicles a VIN decodes to have
 * no deals at all, and this lets the VIN report say so without a query; the set is derived again when the deals
 * change (lib/db/data-version.ts). A few thousand slices even at millions of deals: DealSummary, not Deal.
 */
import type { Db } from "../db";
import { DerivedFromDataSet } from "../db/data-version";

const sliceKey = (makeSlug: string, modelSlug: string, year: number) => `${year}|${makeSlug}|${modelSlug}`;

const slicesWithDeals = new DerivedFromDataSet("deals", async (db) => {
  const rows = await db.$queryRaw<{ makeSlug: string; modelSlug: string; year: number | bigint }[]>`
    SELECT DISTINCT "makeSlug", "modelSlug", "year" FROM "DealSummary"`;
  return new Set(rows.map((r) => sliceKey(r.makeSlug, r.modelSlug, Number(r.year))));
});

export async function sliceHasDeals(db: Db, q: { makeSlug: string; modelSlug: string; year: number }): Promise<boolean> {
  return (await slicesWithDeals.get(db)).has(sliceKey(q.makeSlug, q.modelSlug, q.year));
}
