/**
 * The model spellings a file mirror files its rows under, per year and make key, held in memory (derived again when
 * the mirror's data set changes): most vehicles a report asks about have none, and they cost no query. NHTSA files
 * one vehicle under several spellings ("F-150", "F150"); each is matched with lib/vehicle's rules, as the recall and
 * complaint stores match theirs.
 */
import { db, Prisma } from "../db";
import { DerivedFromDataSet, processWide, type DataSet } from "../db/data-version";
import { makeKey, nameKey, sameModel, type VehicleQuery } from "../vehicle";

type Spelling = { modelKey: string; model: string };

/**
 * The model keys of a year and make that name the vehicle `q` (every spelling of it), from `table`'s rows (its
 * columns `year`, `makeKey`, `modelKey`, `model`), held per process.
 */
export function modelSpellings(dataSet: DataSet, table: string): (q: VehicleQuery) => Promise<string[]> {
  const held = processWide(
    `${dataSet}:spellings`,
    () =>
      new DerivedFromDataSet(
        dataSet,
        async (client): Promise<Map<string, Spelling[]>> => {
          const rows = await client.$queryRaw<Array<Spelling & { year: number | bigint; makeKey: string }>>`
            SELECT DISTINCT "year", "makeKey", "modelKey", "model" FROM ${Prisma.raw(`"${table}"`)}`;
          const byYearMake = new Map<string, Spelling[]>();
          for (const r of rows) {
            const key = `${Number(r.year)}|${r.makeKey}`;
            let list = byYearMake.get(key);
            if (!list) byYearMake.set(key, (list = []));
            list.push({ modelKey: r.modelKey, model: r.model });
          }
          return byYearMake;
        },
        1000,
        5 * 60_000,
        true,
      ),
  );
  return async (q) => {
    const wanted = nameKey(q.model);
    const spellings = (await held.get(db())).get(`${q.year}|${makeKey(q.make)}`) ?? [];
    return [
      ...new Set(
        spellings.filter((s) => s.modelKey === wanted || sameModel(s.model, q.model, q.make)).map((s) => s.modelKey),
      ),
    ];
  };
}
