/**
 * NHTSA's FLAT_RCL bulk file: tab-separated, no header, dates YYYYMMDD, one row per campaign ×
 * make/model/year × component. Three layouts exist: 24 columns (files before 2020), 27 (RCL.txt of
 * 2020-03-23 added MFR_COMP_NAME/DESC/PTNO) and 29 (current split files add DO_NOT_DRIVE, PARK_OUTSIDE).
 * RECORD_ID (column 1) is regenerated with every build of the file and is ignored.
 *
 * The file is hundreds of megabytes, so it is read as a stream of lines (lib/outside/line-file.ts).
 */
import { openLineFile, type LineSource } from "../outside";
import { CAMPAIGN_NUMBER, count, flag, isoDate, normalizeCampaignNumber, text, type RecallRecord } from "./record";

const FLAT_RCL_LAYOUTS = [24, 27, 29] as const;
type FlatRclLayout = (typeof FLAT_RCL_LAYOUTS)[number];

// Zero-based column positions (RCL.txt field number − 1).
const COL = {
  CAMPNO: 1,
  MAKETXT: 2,
  MODELTXT: 3,
  YEARTXT: 4,
  MFGCAMPNO: 5,
  COMPNAME: 6,
  MFGNAME: 7,
  POTAFF: 11,
  RCDATE: 15,
  DESC_DEFECT: 19,
  CONEQUENCE_DEFECT: 20,
  CORRECTIVE_ACTION: 21,
  NOTES: 22,
  DO_NOT_DRIVE: 27,
  PARK_OUTSIDE: 28,
} as const;

export type FlatRclLine =
  | { ok: true; layout: FlatRclLayout; record: RecallRecord }
  | { ok: false; reason: "columns" | "campaign" | "year" | "make_model"; detail: string };

export function parseFlatRclLine(line: string): FlatRclLine {
  const cols = line.replace(/\r$/, "").split("\t");
  const layout = cols.length as FlatRclLayout;
  if (!FLAT_RCL_LAYOUTS.includes(layout)) {
    return { ok: false, reason: "columns", detail: `${cols.length} columns (expected 24, 27 or 29)` };
  }
  const campaignNumber = normalizeCampaignNumber(cols[COL.CAMPNO]);
  if (!CAMPAIGN_NUMBER.test(campaignNumber)) {
    return { ok: false, reason: "campaign", detail: `bad CAMPNO "${cols[COL.CAMPNO]}"` };
  }
  const year = Number(cols[COL.YEARTXT].trim());
  if (!Number.isInteger(year) || (year !== 9999 && (year < 1900 || year > 2100))) {
    return { ok: false, reason: "year", detail: `bad YEARTXT "${cols[COL.YEARTXT]}"` };
  }
  const make = text(cols[COL.MAKETXT]);
  const model = text(cols[COL.MODELTXT]);
  if (!make || !model) return { ok: false, reason: "make_model", detail: "empty MAKETXT or MODELTXT" };
  return {
    ok: true,
    layout,
    record: {
      campaignNumber,
      manufacturer: text(cols[COL.MFGNAME]),
      component: text(cols[COL.COMPNAME]),
      summary: text(cols[COL.DESC_DEFECT]),
      consequence: text(cols[COL.CONEQUENCE_DEFECT]),
      remedy: text(cols[COL.CORRECTIVE_ACTION]),
      notes: text(cols[COL.NOTES]),
      reportReceivedDate: isoDate(cols[COL.RCDATE]),
      parkIt: layout === 29 ? flag(cols[COL.DO_NOT_DRIVE]) : null,
      parkOutside: layout === 29 ? flag(cols[COL.PARK_OUTSIDE]) : null,
      overTheAirUpdate: null,
      potentiallyAffected: count(cols[COL.POTAFF]),
      manufacturerCampaignNumber: text(cols[COL.MFGCAMPNO]) || null,
      make,
      model,
      year,
    },
  };
}

/** A .txt file, or every .txt entry of a .zip (FLAT_RCL.zip holds one; the split files one each). */
export function openFlatRcl(file: string): Promise<LineSource> {
  return openLineFile(file, { pattern: /\.(txt|tsv|lst)$/i, label: ".txt" });
}
