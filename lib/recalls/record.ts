/**
 * One recall row as every source gives it: a campaign plus one year/make/model/component it covers. FLAT_RCL
 * lines, recallsByVehicle results, campaign CSV rows all become RecallRecords before they reach the store.
 * A flag is null when the source does not carry it (old FLAT_RCL layouts have no DO_NOT_DRIVE column), so an
 * import of an older file never clears what a newer source said.
 */
export interface RecallRecord {
  campaignNumber: string;
  manufacturer: string;
  component: string;
  summary: string;
  consequence: string;
  remedy: string;
  notes: string;
  /** ISO date (YYYY-MM-DD) or null. */
  reportReceivedDate: string | null;
  parkIt: boolean | null;
  parkOutside: boolean | null;
  overTheAirUpdate: boolean | null;
  potentiallyAffected: number | null;
  /**
   * The manufacturer's own number for the campaign (FLAT_RCL's MFGCAMPNO), which Transport Canada's recalls name
   * too; absent or null when the source does not give it (NHTSA's API answers).
   */
  manufacturerCampaignNumber?: string | null;
  make: string;
  model: string;
  /** 9999 when NHTSA does not know the model year. */
  year: number;
}

/** NHTSA campaign numbers: two-digit year, a letter (V vehicle, E equipment, T tire, C child seat), six digits or
 * letters (NHTSA has issued e.g. 21V00K000). */
export const CAMPAIGN_NUMBER = /^\d{2}[A-Z][0-9A-Z]{6}$/;

export function normalizeCampaignNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** YYYYMMDD (FLAT_RCL), DD/MM/YYYY (recallsByVehicle) or an ISO date/date-time → YYYY-MM-DD; else null. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  let y: string, m: string, d: string;
  let match = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (match) [, y, m, d] = match;
  else if ((match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v))) [, d, m, y] = match;
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v))) [, y, m, d] = match;
  else return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

/** Booleans as NHTSA writes them across sources: true/false, Y/N, Yes/No, 1/0. Empty → null (unknown). */
export function flag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === null || value === undefined) return null;
  const v = String(value).trim().toUpperCase();
  if (v === "") return null;
  if (["TRUE", "Y", "YES", "1"].includes(v)) return true;
  if (["FALSE", "N", "NO", "0"].includes(v)) return false;
  return null;
}

export function count(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(String(value).trim());
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value).trim();
}
