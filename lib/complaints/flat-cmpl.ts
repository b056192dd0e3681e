/**
 * NHTSA's FLAT_CMPL file (https://static.nhtsa.gov/odi/ffdd/cmpl/FLAT_CMPL.zip; layout in its CMPL.txt):
 * tab-separated, no header, one row per complaint (ODINO) and make/model/year and component (COMPDESC),
 * identified by CMPLID. The columns read here, 1-based as in NHTSA's layout:
 *   1 CMPLID  2 ODINO  3 MFR_NAME  4 MAKETXT  5 MODELTXT  6 YEARTXT  7 CRASH (Y/N)  8 FAILDATE (YYYYMMDD)
 *   9 FIRE (Y/N)  10 INJURED  11 DEATHS  12 COMPDESC  … 16 DATEA (added)  17 LDATE (received) … 20 CDESCR
 *   … 46 PROD_TYPE (V vehicle, T tire, E equipment, C child seat; only V rows are imported).
 */
import { makeKey, nameKey } from "../vehicle";
import { isoDate } from "./complaint-rows";

export interface FlatCmplRow {
  cmplId: number;
  odiNumber: number;
  year: number;
  makeKey: string;
  modelKey: string;
  make: string;
  model: string;
  components: string;
  filedOn: string | null;
  incidentOn: string | null;
  crash: boolean;
  fire: boolean;
  injuries: number;
  deaths: number;
  summary: string;
}

export type FlatCmplLine =
  { ok: true; row: FlatCmplRow } | { ok: false; reason: "columns" | "not_vehicle" | "no_vehicle" | "bad_id" };

/** Fewest columns a usable row has (through CDESCR); NHTSA's current layout has 49. */
const MIN_COLUMNS = 20;

export function parseFlatCmplLine(line: string): FlatCmplLine {
  const cols = line.replace(/\r$/, "").split("\t");
  if (cols.length < MIN_COLUMNS) return { ok: false, reason: "columns" };
  const prodType = (cols[45] ?? "").trim().toUpperCase();
  if (prodType && prodType !== "V") return { ok: false, reason: "not_vehicle" };
  const cmplId = Number(cols[0]);
  const odiNumber = Number(cols[1]);
  if (!Number.isInteger(cmplId) || cmplId <= 0 || !Number.isInteger(odiNumber) || odiNumber <= 0)
    return { ok: false, reason: "bad_id" };
  const make = cols[3].trim();
  const model = cols[4].trim();
  const year = Number(cols[5]);
  // YEARTXT 9999 is NHTSA's "unknown year".
  if (!make || !model || !Number.isInteger(year) || year < 1900 || year > 2100)
    return { ok: false, reason: "no_vehicle" };
  return {
    ok: true,
    row: {
      cmplId,
      odiNumber,
      year,
      makeKey: makeKey(make),
      modelKey: nameKey(model),
      make,
      model,
      components: cols[11].trim().toUpperCase(),
      filedOn: isoDate(cols[16]) ?? isoDate(cols[15]),
      incidentOn: isoDate(cols[7]),
      crash: cols[6].trim().toUpperCase() === "Y",
      fire: cols[8].trim().toUpperCase() === "Y",
      injuries: count(cols[9]),
      deaths: count(cols[10]),
      summary: cols[19].trim(),
    },
  };
}

function count(v: string | undefined): number {
  const n = Number((v ?? "").trim());
  return Number.isInteger(n) && n > 0 ? n : 0;
}
