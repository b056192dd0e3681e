/**
 * Complaints imported from NHTSA's FLAT_CMPL file (table Complaint, one row per CMPLID): what the VIN report
 * falls back on offline or during an outage.
 */
import { db } from "../db";
import type { ComplaintItem } from "../buyer-data/answers";
import { makeKey, nameKey, sameModel } from "../vehicle";
import { splitComponents, summarizeComplaints, type ComplaintsSummary } from "./complaint-rows";
import type { VehicleQuery } from "../vehicle";

export async function importedComplaints(q: VehicleQuery): Promise<{ summary: ComplaintsSummary; asOf: Date } | null> {
  const mk = makeKey(q.make);
  const models = await db().complaint.groupBy({ by: ["modelKey", "model"], where: { year: q.year, makeKey: mk } });
  const keys = [...new Set(models.filter((m) => m.modelKey === nameKey(q.model) || sameModel(m.model, q.model, q.make)).map((m) => m.modelKey))];
  if (keys.length === 0) return null;
  const rows = await db().complaint.findMany({ where: { year: q.year, makeKey: mk, modelKey: { in: keys } } });
  if (rows.length === 0) return null;
  const items: ComplaintItem[] = rows.map((r) => ({
    odiNumber: r.odiNumber,
    filedOn: r.filedOn,
    incidentOn: r.incidentOn,
    components: splitComponents(r.components),
    summary: r.summary,
    crash: r.crash,
    fire: r.fire,
    injuries: r.injuries,
    deaths: r.deaths,
  }));
  const asOf = rows.reduce((t, r) => (r.importedAt > t ? r.importedAt : t), rows[0].importedAt);
  return { summary: summarizeComplaints(items), asOf };
}
