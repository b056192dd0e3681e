/**
 * NHTSA's five-year periods of manufacturer communications (MFR_COMMS_RECEIVED_{period}.zip): 1995-1999,
 * 2000-2004, … by the year NHTSA received them. The current period's name grows with the calendar: "2025-2026" in
 * 2026, "2025-2027" in 2027, up to "2025-2029"; then "2030-2030" starts. A period is known by its first year, so a
 * newer copy of the current period replaces the older one of the same first year.
 */

/** The first year of NHTSA's first period. */
const FIRST_PERIOD_START = 1995;
const PERIOD_YEARS = 5;

/** The first year of the period that holds communications received in `year`. */
export function periodStart(year: number): number {
  const y = Math.max(year, FIRST_PERIOD_START);
  return y - ((y - FIRST_PERIOD_START) % PERIOD_YEARS);
}

/** The current period's name on a date (UTC): "2025-2026" during 2026. */
export function currentPeriod(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  return `${periodStart(year)}-${year}`;
}

/** The period file the sync fetches on a date: MFR_COMMS_RECEIVED_2025-2026.zip during 2026. */
export function currentPeriodFile(now: Date = new Date()): string {
  return `MFR_COMMS_RECEIVED_${currentPeriod(now)}.zip`;
}

/** The period a file or zip member names ("…_2020-2024.csv" → "2020-2024"), or null when it names none. */
export function periodInName(name: string): string | null {
  const m = /(?:^|[^0-9])((?:19|20)\d{2})-((?:19|20)\d{2})(?:[^0-9]|$)/.exec(name);
  if (!m) return null;
  const [start, end] = [Number(m[1]), Number(m[2])];
  if (periodStart(start) !== start || end < start || end >= start + PERIOD_YEARS) return null;
  return `${start}-${end}`;
}

/**
 * The first years of the periods a model year's communications can be in: from the period of the year before it
 * (a model year goes on sale, and its first bulletins are written, during the year before) to the current one.
 */
export function periodStartsFor(modelYear: number, now: Date = new Date()): number[] {
  const last = periodStart(now.getUTCFullYear());
  const starts: number[] = [];
  for (let s = Math.min(periodStart(modelYear - 1), last); s <= last; s += PERIOD_YEARS) starts.push(s);
  return starts;
}

/** Every period file NHTSA publishes on a date, oldest first: MFR_COMMS_RECEIVED_1995-1999.zip … the current one. */
export function periodFiles(now: Date = new Date()): string[] {
  const files: string[] = [];
  const year = now.getUTCFullYear();
  for (let s = FIRST_PERIOD_START; s <= year; s += PERIOD_YEARS)
    files.push(`MFR_COMMS_RECEIVED_${s}-${Math.min(s + PERIOD_YEARS - 1, year)}.zip`);
  return files;
}
