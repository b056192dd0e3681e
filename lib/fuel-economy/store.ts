/**
 * EPA variants imported from vehicles.csv (table EpaVehicle), held in memory per process: the VIN report's fuel
 * economy comes from here with no query. The whole table is read again when the fuel-economy data set's stamp
 * changes (an import bumps it); the stamp is read at most once a second, in the background, so no request
 * waits for it after the first. Another instance's import shows here within about a second plus the reload.
 *
 * Size: vehicles.csv holds ~48,000 variants (1984 to next year); one record of 17 fields with its strings held
 * once each (interned) measured ~0.5 KB, so the full index is ~25 MB.
 */
import { betweenPages, DerivedFromDataSet, processWide } from "../db/data-version";
import { db } from "../db";
import { makeKey } from "../vehicle";
import { epaModelMatches } from "./epa-match";
import type { EpaRecord } from "./epa-record";
import type { VehicleQuery } from "../vehicle";

interface EpaIndex {
  byYearMake: Map<string, EpaRecord[]>;
  asOf: Date | null;
  maxYear: number | null;
  rows: number;
}

const yearMake = (year: number, mk: string) => `${year}|${mk}`;

/** Rows read per query while loading (the full file at once would hold every row twice for a moment). */
const PAGE = 1000;

const index = processWide(
  "fuel-economy:variants",
  () =>
    new DerivedFromDataSet(
      "fuel-economy",
      async (client): Promise<EpaIndex> => {
        const byYearMake = new Map<string, EpaRecord[]>();
        const interned = new Map<string, string>();
        const intern = (s: string) => {
          const held = interned.get(s);
          if (held !== undefined) return held;
          interned.set(s, s);
          return s;
        };
        let asOf: Date | null = null;
        let maxYear: number | null = null;
        let rows = 0;
        for (let cursor: number | undefined; ;) {
          const page = await client.epaVehicle.findMany({
            take: PAGE,
            orderBy: { id: "asc" },
            ...(cursor !== undefined ? { skip: 1, cursor: { id: cursor } } : {}),
          });
          if (page.length === 0) break;
          for (const { importedAt, makeKey: mk, ...r } of page) {
            const record: EpaRecord = {
              ...r,
              make: intern(r.make),
              model: intern(r.model),
              baseModel: intern(r.baseModel),
              trany: intern(r.trany),
              drive: intern(r.drive),
              fuelType: intern(r.fuelType),
              atvType: intern(r.atvType),
            };
            const key = yearMake(r.year, mk);
            const list = byYearMake.get(key);
            if (list) list.push(record);
            else byYearMake.set(key, [record]);
            if (!asOf || importedAt > asOf) asOf = importedAt;
            if (maxYear === null || r.year > maxYear) maxYear = r.year;
            rows++;
          }
          cursor = page[page.length - 1].id;
          await betweenPages();
        }
        return { byYearMake, asOf, maxYear, rows };
      },
      1000,
      60 * 60_000,
      true,
    ),
);

/** The imported variants of a year/make/model, from memory; null when the import has none of it. */
export async function importedEpaVariants(q: VehicleQuery): Promise<{ records: EpaRecord[]; asOf: Date } | null> {
  const held = await index.get(db());
  const rows = held.byYearMake.get(yearMake(q.year, makeKey(q.make))) ?? [];
  const matching = rows.filter(
    (r) => epaModelMatches(r.model, q.model, q.make) || epaModelMatches(r.baseModel, q.model, q.make),
  );
  if (matching.length === 0 || !held.asOf) return null;
  return { records: matching, asOf: held.asOf };
}

/** What the import holds: rows, newest model year, when it was imported (a mirror's coverage). */
export async function importedEpaCoverage(): Promise<{ rows: number; maxYear: number | null; asOf: Date | null }> {
  const { rows, maxYear, asOf } = await index.get(db());
  return { rows, maxYear, asOf };
}
