/**
 * Reading vPIC tables out of any SQLite conversion: table and column names are matched case-insensitively,
 * wanted columns a file lacks come back as NULL, and a row's edit date is whichever of UpdatedOn, CreatedOn
 * or a single ChangedOn column the file keeps.
 */
import type Database from "better-sqlite3";

type Row = Record<string, unknown>;

export interface VpicReader {
  db: Database.Database;
  /** The file's spelling of a table name, or null when the file lacks it. */
  table(name: string): string | null;
  all(sql: string): Row[];
  /** Rows as arrays (faster for large tables). */
  raw<T extends unknown[] = unknown[]>(sql: string): T[];
  /** Lower-cased column name → the file's spelling. */
  columns(table: string): Map<string, string>;
  /** The wanted columns of a table under NHTSA's names, NULL for the ones the file lacks. */
  select(name: string, wanted: string[], rest?: string): Row[];
  /** SQL for coalesce(UpdatedOn, CreatedOn), or the single "changed on" column some conversions keep. */
  editedOn(name: string, alias?: string): string;
}

export function vpicReader(db: Database.Database): VpicReader {
  const tables = new Map(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => [
      r.name.toLowerCase(),
      r.name,
    ]),
  );
  const columnsOf = new Map<string, Map<string, string>>();
  const reader: VpicReader = {
    db,
    table: (name) => tables.get(name.toLowerCase()) ?? null,
    all: (sql) => db.prepare(sql).all() as Row[],
    raw: <T extends unknown[]>(sql: string) => db.prepare(sql).raw().all() as T[],
    columns(tableName) {
      let cols = columnsOf.get(tableName);
      if (!cols) {
        const info = db.prepare(`PRAGMA table_info("${tableName}")`).all() as { name: string }[];
        cols = new Map(info.map((c) => [c.name.toLowerCase(), c.name]));
        columnsOf.set(tableName, cols);
      }
      return cols;
    },
    select(name, wanted, rest = "") {
      const actual = reader.table(name)!;
      const cols = reader.columns(actual);
      const list = wanted.map((w) =>
        cols.has(w.toLowerCase()) ? `"${cols.get(w.toLowerCase())}" AS "${w}"` : `NULL AS "${w}"`,
      );
      return reader.all(`SELECT ${list.join(", ")} FROM "${actual}" ${rest}`);
    },
    editedOn(name, alias = "") {
      const cols = reader.columns(reader.table(name)!);
      const parts = ["UpdatedOn", "CreatedOn", "ChangedOn"]
        .filter((c) => cols.has(c.toLowerCase()))
        .map((c) => `${alias}"${cols.get(c.toLowerCase())}"`);
      return parts.length > 1 ? `coalesce(${parts.join(", ")})` : (parts[0] ?? "NULL");
    },
  };
  return reader;
}

/** NHTSA prints values with tabs and line breaks turned into spaces. */
export function printable(value: string): string {
  return /[\t\r\n]/.test(value) ? value.replace(/[\t\r\n]/g, " ") : value;
}

export const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

const dateCache = new Map<string, number>();

/** vPIC timestamps come as `2015-03-03 19:29:57`, `… 11:54:50.870000` or ISO with `Z`; all are UTC. */
export function parseVpicDate(value: string | null | undefined): number {
  if (!value) return Number.NaN;
  let parsed = dateCache.get(value);
  if (parsed !== undefined) return parsed;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?/.exec(value);
  parsed = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ? `.${m[3].slice(0, 3).padEnd(3, "0")}` : ""}Z`) : Date.parse(value);
  if (dateCache.size < 200_000) dateCache.set(value, parsed);
  return parsed;
}
