/** EPA variants imported from vehicles.csv (table EpaVehicle): the source offline and during an outage. */
import { db } from "../db";
import { makeKey } from "../vehicle";
import { epaModelMatches } from "./epa-match";
import type { EpaRecord } from "./epa-record";
import type { VehicleQuery } from "../vehicle";

export async function importedEpaVariants(q: VehicleQuery): Promise<{ records: EpaRecord[]; asOf: Date } | null> {
  const rows = await db().epaVehicle.findMany({ where: { year: q.year, makeKey: makeKey(q.make) } });
  const matching = rows.filter((r) => epaModelMatches(r.model, q.model, q.make) || epaModelMatches(r.baseModel, q.model, q.make));
  if (matching.length === 0) return null;
  const asOf = matching.reduce((t, r) => (r.importedAt > t ? r.importedAt : t), matching[0].importedAt);
  return {
    records: matching.map(({ importedAt: _at, makeKey: _mk, ...r }) => r),
    asOf,
  };
}
