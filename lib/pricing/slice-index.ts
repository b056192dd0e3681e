/**
 * Which make/model/year slices have any deals, held in memory per process. Most vehicles a VIN decodes to have
 * no deals at all, and this lets the VIN report say so without a query (and a pricing page list its model's
 * other years); the set is derived again when the deals change (lib/db/data-version.ts). A few thousand slices
 * even at millions of deals: DealSummary, not Deal.
 */
import type { Db } from "../db";
import { DerivedFromDataSet, processWide } from "../db/data-version";

const sliceKey = (makeSlug: string, modelSlug: string, year: number) => `${year}|${makeSlug}|${modelSlug}`;

const slicesWithDeals = processWide(
  "deals:slices",
  () =>
    new DerivedFromDataSet("deals", async (db) => {
      const rows = await db.$queryRaw<{ makeSlug: string; modelSlug: string; year: number | bigint }[]>`
    SELECT DISTINCT "makeSlug", "modelSlug", "year" FROM "DealSummary"`;
      const slices = new Set<string>();
      const years = new Map<string, number[]>();
      for (const r of rows) {
        const year = Number(r.year);
        slices.add(sliceKey(r.makeSlug, r.modelSlug, year));
        const model = `${r.makeSlug}|${r.modelSlug}`;
        years.set(model, [...(years.get(model) ?? []), year]);
      }
      for (const list of years.values()) list.sort((a, b) => a - b);
      return { slices, years };
    }),
);

export async function sliceHasDeals(
  db: Db,
  q: { makeSlug: string; modelSlug: string; year: number },
): Promise<boolean> {
  return (await slicesWithDeals.get(db)).slices.has(sliceKey(q.makeSlug, q.modelSlug, q.year));
}

/** The model years of a make/model that have deals, oldest first (a pricing page's year switcher). */
export async function yearsWithDeals(db: Db, q: { makeSlug: string; modelSlug: string }): Promise<number[]> {
  return (await slicesWithDeals.get(db)).years.get(`${q.makeSlug}|${q.modelSlug}`) ?? [];
}
