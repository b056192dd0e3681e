/**
 * Batched upserts for the buyer-data imports (FLAT_CMPL, vehicles.csv) and stored answers: one multi-row
 * INSERT … ON CONFLICT per batch, the same SQL on SQLite and PostgreSQL (typed placeholders on PostgreSQL), so a
 * re-import of the same file updates the same rows instead of adding new ones.
 */
import { db, dbProvider } from "../db";

const ROWS_PER_STATEMENT = 300;

export interface BulkTable {
  table: string;
  /** The column, or columns, of the conflict target (the primary key). */
  key: string | readonly string[];
  columns: readonly string[];
  /** PostgreSQL casts per column ("integer", "boolean", "timestamp(3)", "double precision"). */
  pgTypes: Record<string, string>;
  /** Columns holding booleans (SQLite stores 1/0). */
  booleans?: readonly string[];
  /**
   * A timestamp column set to the database's own clock when the statement runs (no value is sent for it): for a
   * row written after waiting on the write lock, the moment it was written, not the moment it was queued.
   */
  clockColumn?: string;
}

/** The database's clock, in the form a DateTime column of each provider holds (UTC, milliseconds). */
const CLOCK = {
  sqlite: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  postgresql: `(clock_timestamp() AT TIME ZONE 'UTC')::timestamp(3)`,
};

export async function upsertRows(t: BulkTable, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const pg = dbProvider() === "postgresql";
  const booleans = new Set(t.booleans ?? []);
  const keys: readonly string[] = typeof t.key === "string" ? [t.key] : t.key;
  const update = t.columns
    .filter((c) => !keys.includes(c))
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(", ");
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const params: unknown[] = [];
    const tuples = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const slots = t.columns.map((c) => {
        if (c === t.clockColumn) return pg ? CLOCK.postgresql : CLOCK.sqlite;
        let v = row[c] ?? null;
        if (booleans.has(c) && !pg && v !== null) v = v ? 1 : 0;
        if (v instanceof Date) v = v.toISOString();
        params.push(v);
        if (!pg) return "?";
        const type = t.pgTypes[c];
        return type ? `$${params.length}::${type}` : `$${params.length}`;
      });
      return `(${slots.join(", ")})`;
    });
    const sql = `INSERT INTO "${t.table}" (${t.columns.map((c) => `"${c}"`).join(", ")}) VALUES ${tuples.join(", ")} ON CONFLICT (${keys.map((k) => `"${k}"`).join(", ")}) DO UPDATE SET ${update}`;
    await db().$executeRawUnsafe(sql, ...params);
  }
}

export interface BulkImportSummary {
  file: string;
  rowsRead: number;
  rowsImported: number;
  skipped: Record<string, number>;
  seconds: number;
  rowsPerSecond: number;
}

/** An import's `seconds` and `rowsPerSecond` since `started` (a `performance.now()`). */
export function importPace(started: number, rowsImported: number): { seconds: number; rowsPerSecond: number } {
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rowsImported / Math.max(seconds, 0.001)),
  };
}

/** An import's skipped rows in words for a job's summary: "3 malformed, 1 no_vehicle" ("" when none). */
export function skippedText(skipped: Record<string, number>): string {
  return Object.entries(skipped)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(", ");
}

export interface BulkImportOptions {
  onProgress?: (p: { bytesDone: number; totalBytes: number; rows: number }) => void;
  signal?: AbortSignal;
  batchSize?: number;
}
