/**
 * Transport Canada's Motor Vehicle Safety Recalls Database files (open.canada.ca dataset
 * 1ec92326-47ef-4110-b7ca-959fab03f96d): vrdb_full_monthly.csv (every recall since 1975, about 200 MB and 147,000
 * rows, rebuilt daily despite its name) and vrdb_60days_daily.csv (the recent ones). A quoted CSV with a header of
 * 15 fields, one row per recall (RECALL_NUMBER_NUM) and model year, make and model:
 *   RECALL_NUMBER_NUM, YEAR, MANUFACTURER_RECALL_NO_TXT, CATEGORY_ETXT, CATEGORY_FTXT, MAKE_NAME_NM, MODEL_NAME_NM,
 *   UNIT_AFFECTED_NBR, SYSTEM_TYPE_ETXT, SYSTEM_TYPE_FTXT, NOTIFICATION_TYPE_ETXT, NOTIFICATION_TYPE_FTXT,
 *   COMMENT_ETXT, COMMENT_FTXT, RECALL_DATE_DTE
 * Fields are read by their header names, so a reordered file reads the same. UNIT_AFFECTED_NBR comes as
 * "2,700.00"; tires, child seats and equipment have no model year and are not vehicles here.
 */
import { createHash } from "node:crypto";
import { makeKey, nameKey } from "../vehicle";
import { repairMojibake } from "./text-decoding";

export const VRDB_COLUMNS = [
  "RECALL_NUMBER_NUM",
  "YEAR",
  "MANUFACTURER_RECALL_NO_TXT",
  "CATEGORY_ETXT",
  "CATEGORY_FTXT",
  "MAKE_NAME_NM",
  "MODEL_NAME_NM",
  "UNIT_AFFECTED_NBR",
  "SYSTEM_TYPE_ETXT",
  "SYSTEM_TYPE_FTXT",
  "NOTIFICATION_TYPE_ETXT",
  "NOTIFICATION_TYPE_FTXT",
  "COMMENT_ETXT",
  "COMMENT_FTXT",
  "RECALL_DATE_DTE",
] as const;
type VrdbColumn = (typeof VRDB_COLUMNS)[number];

/** One row as the store keeps it (the French category, system and notification type are not kept). */
export interface VrdbRow {
  /** `${recallNumber}|${year}|${makeKey}|${modelKey}`: one row per recall and vehicle. */
  key: string;
  recallNumber: string;
  year: number;
  make: string;
  model: string;
  makeKey: string;
  modelKey: string;
  manufacturerRecallNumber: string | null;
  category: string;
  system: string;
  notificationType: string;
  comment: string;
  commentFr: string;
  unitsAffected: number | null;
  recallDate: string | null;
  /** A digest of the fields above: a full import rewrites only the rows whose digest changed. */
  rowHash: string;
}

type VrdbSkip = "columns" | "unreadable" | "recall_number" | "no_vehicle" | "no_year";
export type VrdbRecord = { ok: true; row: VrdbRow } | { ok: false; reason: VrdbSkip };

/** Where each column sits in this file: from its header, which must name all 15 (else it is not a VRDB file). */
export type VrdbHeader = Record<VrdbColumn, number> & { width: number };

export function readVrdbHeader(fields: string[]): VrdbHeader | { missing: string[] } {
  const names = fields.map((f) =>
    f
      .replace(/^\uFEFF/, "")
      .trim()
      .toUpperCase(),
  );
  const missing = VRDB_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) return { missing };
  return Object.assign(
    Object.fromEntries(VRDB_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<VrdbColumn, number>,
    {
      width: names.length,
    },
  );
}

/** Recall numbers are digits (year and sequence, "2019123"); a few older ones carry letters or a dash. */
const RECALL_NUMBER = /^[0-9A-Z][0-9A-Z-]{0,19}$/;

export function parseVrdbRecord(header: VrdbHeader, fields: string[]): VrdbRecord {
  if (fields.length !== header.width) return { ok: false, reason: "columns" };
  const field = (c: VrdbColumn) => repairMojibake(fields[header[c]].trim());
  const recallNumber = field("RECALL_NUMBER_NUM").toUpperCase();
  if (!RECALL_NUMBER.test(recallNumber)) return { ok: false, reason: "recall_number" };
  const make = field("MAKE_NAME_NM");
  const model = field("MODEL_NAME_NM");
  if (!make || !model || !nameKey(make) || !nameKey(model)) return { ok: false, reason: "no_vehicle" };
  const year = Number(field("YEAR"));
  if (!Number.isInteger(year) || year < 1900 || year > 2100) return { ok: false, reason: "no_year" };
  const body = {
    recallNumber,
    year,
    make,
    model,
    makeKey: makeKey(make),
    modelKey: nameKey(model),
    manufacturerRecallNumber: field("MANUFACTURER_RECALL_NO_TXT") || null,
    category: field("CATEGORY_ETXT"),
    system: field("SYSTEM_TYPE_ETXT"),
    notificationType: field("NOTIFICATION_TYPE_ETXT"),
    comment: field("COMMENT_ETXT"),
    commentFr: field("COMMENT_FTXT"),
    unitsAffected: unitCount(field("UNIT_AFFECTED_NBR")),
    recallDate: isoDate(field("RECALL_DATE_DTE")),
  };
  const rowHash = createHash("sha1").update(JSON.stringify(body)).digest("base64url");
  return {
    ok: true,
    row: { key: `${recallNumber}|${year}|${body.makeKey}|${body.modelKey}`, ...body, rowHash },
  };
}

/** "2,700.00" → 2700; empty or unreadable → null (not known, never 0). */
function unitCount(text: string): number | null {
  if (!text) return null;
  const n = Number(text.replace(/[,\s]/g, ""));
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

/**
 * The recall date as YYYY-MM-DD: the file writes 2019-05-31 (sometimes with a time after it); YYYYMMDD and the
 * M/D/YYYY of Transport Canada's older exports are read too. Anything else, or no such day, is null.
 */
function isoDate(text: string): string | null {
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(text))) [y, m, d] = match.slice(1).map(Number);
  else if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(text))) [y, m, d] = match.slice(1).map(Number);
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text))) [m, d, y] = match.slice(1).map(Number);
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
