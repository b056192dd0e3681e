/**
 * One EPA-rated vehicle variant, read from fueleconomy.gov's `ws/rest/vehicle/{id}` answer or a row of its
 * vehicles.csv: both use the same field names (id, year, make, model, baseModel, trany, cylinders, displ,
 * drive, fuelType, atvType, city08, highway08, comb08, fuelCost08, range, rangeA, co2TailpipeGpm …).
 */
import type { EpaVariant } from "../sources";

export interface EpaRecord {
  id: number;
  year: number;
  make: string;
  model: string;
  baseModel: string;
  trany: string;
  cylinders: number | null;
  displ: number | null;
  drive: string;
  fuelType: string;
  atvType: string;
  city08: number | null;
  highway08: number | null;
  comb08: number | null;
  fuelCost08: number | null;
  rangeMiles: number | null;
  co2: number | null;
}

export function epaRecordFrom(fields: Record<string, unknown>): EpaRecord | null {
  const id = num(fields.id);
  const year = num(fields.year);
  const make = str(fields.make);
  const model = str(fields.model);
  if (id === null || !Number.isInteger(id) || year === null || !make || !model) return null;
  const atvType = str(fields.atvType);
  const range = positive(fields.range) ?? (atvType === "Plug-in Hybrid" ? positive(fields.rangeA) : null);
  return {
    id,
    year,
    make,
    model,
    baseModel: str(fields.baseModel) || model,
    trany: str(fields.trany),
    cylinders: positive(fields.cylinders),
    displ: positive(fields.displ),
    drive: str(fields.drive),
    fuelType: str(fields.fuelType),
    atvType,
    city08: positive(fields.city08),
    highway08: positive(fields.highway08),
    comb08: positive(fields.comb08),
    fuelCost08: positive(fields.fuelCost08),
    rangeMiles: range,
    // EPA writes -1 where it has no tailpipe CO2 figure.
    co2: positive(fields.co2TailpipeGpm) ?? null,
  };
}

export function electrifiedOf(r: Pick<EpaRecord, "atvType" | "model" | "fuelType">): EpaVariant["electrified"] {
  const atv = r.atvType.toLowerCase();
  if (atv === "ev" || r.fuelType === "Electricity") return "EV";
  if (atv.includes("plug-in")) return "PHEV";
  if (atv === "hybrid" || /\bhybrid\b/i.test(r.model)) return "Hybrid";
  return null;
}

export function describeEpa(r: EpaRecord): string {
  const engine = [r.cylinders ? `${r.cylinders} cyl` : null, r.displ ? `${r.displ.toFixed(1)} L` : null]
    .filter(Boolean)
    .join(", ");
  return `${r.year} ${r.make} ${r.model}: ${[r.trany, engine, r.drive, r.fuelType].filter(Boolean).join(", ")}`;
}

function str(v: unknown): string {
  return typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
}

function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** EPA writes 0 (or -1) where a figure does not apply: unknown, never zero. */
function positive(v: unknown): number | null {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
}
