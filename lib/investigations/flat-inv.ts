/**
 * NHTSA's FLAT_INV file (https://static.nhtsa.gov/odi/ffdd/inv/FLAT_INV.zip, one member FLAT_INV.txt; layout in
 * NHTSA's INV.txt): TAB-separated, no header, one row per investigation and make/model/year, 11 fields:
 *   1 NHTSA ACTION NUMBER (PE24013)  2 MAKE  3 MODEL  4 YEAR (9999: unknown)  5 COMPONENT  6 MANUFACTURER
 *   7 ODATE opened (YYYYMMDD)  8 CDATE closed (YYYYMMDD, empty while open)  9 CAMPNO the recall it led to (or empty)
 *   10 SUBJECT  11 SUMMARY
 * A row is read on its own (lib/outside's openLineFile streams the lines): a malformed one is skipped under its
 * reason, never fatal.
 */
import { CAMPAIGN_NUMBER } from "../recalls";
import { makeKey, nameKey } from "../vehicle";
import { actionType } from "./action-type";

export interface InvestigationRecord {
  actionNumber: string;
  component: string;
  manufacturer: string;
  /** YYYY-MM-DD. */
  openedOn: string;
  /** YYYY-MM-DD; null while open. */
  closedOn: string | null;
  campaignNumber: string | null;
  subject: string;
  summary: string;
}

export interface InvestigationVehicle {
  year: number;
  make: string;
  model: string;
  makeKey: string;
  modelKey: string;
}

type FlatInvSkip = "columns" | "bad_action" | "bad_date" | "bad_year";

export type FlatInvLine =
  | { ok: true; investigation: InvestigationRecord; vehicle: InvestigationVehicle | null }
  | { ok: false; reason: FlatInvSkip };

const FIELDS = 11;
/** NHTSA's "unknown year": the row's investigation is kept, but it counts for no model year. */
const UNKNOWN_YEAR = 9999;
const YEAR_MIN = 1900;
const YEAR_MAX = 2100;
const ACTION_NUMBER = /^[A-Z]{2}\d{5}$/;

/** YYYYMMDD → YYYY-MM-DD when it is a real calendar date, else null. */
export function flatDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

const clean = (cell: string | undefined) => (cell ?? "").trim().replace(/\s+/g, " ");

export function parseFlatInvLine(line: string): FlatInvLine {
  const cols = line.replace(/\r$/, "").split("\t");
  if (cols.length !== FIELDS) return { ok: false, reason: "columns" };
  const actionNumber = clean(cols[0]).toUpperCase();
  if (!ACTION_NUMBER.test(actionNumber) || !actionType(actionNumber)) return { ok: false, reason: "bad_action" };
  const openedOn = flatDate(clean(cols[6]));
  const closedText = clean(cols[7]);
  const closedOn = closedText ? flatDate(closedText) : null;
  if (!openedOn || (closedText && !closedOn)) return { ok: false, reason: "bad_date" };
  const yearText = clean(cols[3]);
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || (year !== UNKNOWN_YEAR && (year < YEAR_MIN || year > YEAR_MAX)))
    return { ok: false, reason: "bad_year" };
  const make = clean(cols[1]);
  const model = clean(cols[2]);
  const campaign = clean(cols[8]).toUpperCase();
  return {
    ok: true,
    investigation: {
      actionNumber,
      component: clean(cols[4]),
      manufacturer: clean(cols[5]),
      openedOn,
      closedOn,
      // A CAMPNO not in NHTSA's form links to nothing rather than to a wrong campaign.
      campaignNumber: CAMPAIGN_NUMBER.test(campaign) ? campaign : null,
      subject: clean(cols[9]),
      summary: (cols[10] ?? "").trim(),
    },
    vehicle:
      year === UNKNOWN_YEAR || !make || !model
        ? null
        : { year, make, model, makeKey: makeKey(make), modelKey: nameKey(model) },
  };
}
