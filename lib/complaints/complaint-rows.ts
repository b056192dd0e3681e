/**
 * NHTSA owner complaints, as the API answers them (`complaints/complaintsByVehicle`) and as FLAT_CMPL rows
 * (flat-cmpl.ts) are read: one shape, and the summary the VIN report shows (count, by component, newest few).
 */
import { z } from "zod";
import type { ComplaintItem, ComplaintsSection } from "../sources";

const envelope = z.union([
  z.object({ results: z.array(z.unknown()) }).loose(),
  z.object({ Results: z.array(z.unknown()) }).loose(),
]);

/** The rows of an NHTSA answer (`results` or `Results`); null when the body is not one. */
export function resultRows(body: unknown): unknown[] | null {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data as { results?: unknown[]; Results?: unknown[] };
  return data.results ?? data.Results ?? null;
}

const apiRow = z
  .object({
    odiNumber: z.coerce.number().int().positive(),
    crash: z.unknown().optional(),
    fire: z.unknown().optional(),
    numberOfInjuries: z.coerce.number().int().min(0).catch(0).optional(),
    numberOfDeaths: z.coerce.number().int().min(0).catch(0).optional(),
    dateOfIncident: z.string().nullish(),
    dateComplaintFiled: z.string().nullish(),
    components: z.string().nullish(),
    summary: z.string().nullish(),
  })
  .loose();

export function complaintFromApiRow(row: unknown): ComplaintItem | null {
  const parsed = apiRow.safeParse(row);
  if (!parsed.success) return null;
  const r = parsed.data;
  return {
    odiNumber: r.odiNumber,
    filedOn: isoDate(r.dateComplaintFiled),
    incidentOn: isoDate(r.dateOfIncident),
    components: splitComponents(r.components ?? ""),
    summary: (r.summary ?? "").trim(),
    crash: truthy(r.crash),
    fire: truthy(r.fire),
    injuries: r.numberOfInjuries ?? 0,
    deaths: r.numberOfDeaths ?? 0,
  };
}

/** "SERVICE BRAKES,ENGINE" → ["SERVICE BRAKES", "ENGINE"]; NHTSA joins a complaint's components with commas. */
export function splitComponents(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** MM/DD/YYYY (the API) or YYYYMMDD (FLAT_CMPL) → YYYY-MM-DD; anything else → null. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  let m = v.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  m = v.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (m && m[1] !== "0000") return `${m[1]}-${m[2]}-${m[3]}`;
  m = v.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  return null;
}

function truthy(v: unknown): boolean {
  return v === true || v === "Y" || v === "true" || v === "True" || v === 1;
}

/** How many of the newest complaints a summary carries. */
const NEWEST = 5;

export type ComplaintsSummary = Pick<
  ComplaintsSection,
  "count" | "crashes" | "fires" | "injuries" | "deaths" | "byComponent" | "newest"
>;

/** Count, totals, per component and the newest few; a complaint listed twice (two model names) counts once. */
export function summarizeComplaints(items: ComplaintItem[]): ComplaintsSummary {
  const unique = new Map<number, ComplaintItem>();
  for (const c of items) {
    const seen = unique.get(c.odiNumber);
    if (seen) seen.components = [...new Set([...seen.components, ...c.components])];
    else unique.set(c.odiNumber, { ...c, components: [...c.components] });
  }
  const all = [...unique.values()];
  const perComponent = new Map<string, number>();
  for (const c of all) for (const comp of c.components) perComponent.set(comp, (perComponent.get(comp) ?? 0) + 1);
  return {
    count: all.length,
    crashes: all.filter((c) => c.crash).length,
    fires: all.filter((c) => c.fire).length,
    injuries: all.reduce((n, c) => n + c.injuries, 0),
    deaths: all.reduce((n, c) => n + c.deaths, 0),
    byComponent: [...perComponent.entries()]
      .map(([component, count]) => ({ component, count }))
      .sort((a, b) => b.count - a.count || a.component.localeCompare(b.component)),
    newest: all
      .sort((a, b) => (b.filedOn ?? "").localeCompare(a.filedOn ?? "") || b.odiNumber - a.odiNumber)
      .slice(0, NEWEST),
  };
}
