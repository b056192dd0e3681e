/**
 * Which vehicles the recall store holds anything for, in memory per process: the year+make of every coverage
 * row (storedRecalls matches models within those) and the keys of recorded answers. Offline, a vehicle outside
 * both is "unavailable" without a query, which is the answer for most of what VINs decode to; the sets are
 * derived again when the store changes (lib/db/data-version.ts: the stamps of imports and of NHTSA's answers).
 */
import type { Db } from "../db";
import { DerivedFromDataSet, processWide } from "../db/data-version";
import { makeKey } from "../vehicle";
import { lookupKey } from "./store";
import type { VehicleQuery } from "../vehicle";

const makeYearKey = (year: number, make: string) => `${year}|${make}`;

/** The year+make of every coverage row (storedRecalls matches models within those). */
async function coveredMakeYears(db: Db): Promise<Set<string>> {
  const rows = await db.$queryRaw<
    { year: number | bigint; makeKey: string }[]
  >`SELECT DISTINCT "year", "makeKey" FROM "RecallCoverage"`;
  return new Set(rows.map((r) => makeYearKey(Number(r.year), r.makeKey)));
}

// Imports and the mirror ("recalls") and NHTSA's answers one vehicle at a time ("recall-answers") both add to it.
const known = processWide(
  "recalls:known-vehicles",
  () =>
    new DerivedFromDataSet(
      ["recalls", "recall-answers"],
      async (db) => {
        const [makeYears, answered] = await Promise.all([
          coveredMakeYears(db),
          db.$queryRaw<{ key: string }[]>`SELECT "key" FROM "RecallLookup"`,
        ]);
        return { makeYears, lookups: new Set(answered.map((r) => r.key)) };
      },
      1000,
      // In the background once held: every live answer changes "recall-answers", and no request should wait
      // for these sets to be read again.
      undefined,
      true,
    ),
);

/** False only when the store certainly holds nothing for the year/make/model. */
export async function storeMayKnow(db: Db, q: VehicleQuery): Promise<boolean> {
  const { makeYears, lookups } = await known.get(db);
  return lookups.has(lookupKey(q.year, q.make, q.model)) || makeYears.has(makeYearKey(q.year, makeKey(q.make)));
}

/**
 * The year+make of every coverage row, derived again only when imports or the mirror change the store ("recalls"):
 * a live answer of NHTSA, which changes "recall-answers" for every new vehicle, does not make this process read
 * the whole table again. A live answer's own rows are found through its lookup's campaigns instead.
 */
const importedMakeYears = processWide(
  "recalls:imported-make-years",
  () => new DerivedFromDataSet("recalls", coveredMakeYears, 1000, undefined, true),
);

/**
 * False when the store's rows for the year and make can only be those of the campaigns named: nothing imported
 * covers that year and make, so a question naming no campaign finds nothing without a query.
 */
export async function importsMayCover(db: Db, q: VehicleQuery): Promise<boolean> {
  return (await importedMakeYears.get(db)).has(makeYearKey(q.year, makeKey(q.make)));
}
