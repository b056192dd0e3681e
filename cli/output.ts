/**
 * What every `vinscope` command shares: exit codes, the usage error, file arguments, and output for people
 * (aligned `key  value` lines, tables) or for programs (`--json`: one JSON document a line on stdout).
 * Progress bars and diagnostics go to stderr, so stdout carries only the answer.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { InvalidArgumentError } from "commander";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Bad input on the command line (an unknown id, a missing option pair): exit code 2 with the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * A path given on the command line, resolved against the directory the user ran `vinscope` in: the bin runs
 * the CLI in the package directory (where data/ and the database live) and passes the caller's directory on.
 */
export function callerPath(p: string): string {
  return path.resolve(process.env.VINSCOPE_CALLER_CWD || process.cwd(), p);
}

/** A commander argParser for an existing file (`dir: true`: a directory); a missing one is a usage error. */
export function existingPath(kind: "file" | "dir") {
  return (value: string): string => {
    const full = callerPath(value);
    if (!existsSync(full)) throw new InvalidArgumentError(`no such ${kind === "dir" ? "directory" : "file"}: ${value}`);
    const isDir = statSync(full).isDirectory();
    if (kind === "dir" ? !isDir : isDir)
      throw new InvalidArgumentError(`not a ${kind === "dir" ? "directory" : "file"}: ${value}`);
    return full;
  };
}

/** A commander argParser for a whole number in [min, max]. */
export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    }
    return n;
  };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

type Cell = string | number | boolean | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined || value === "") return "-";
  return String(value);
}

/** `key  value` lines, keys padded to one column; nested objects are shown as `a.b`. */
export function printRecord(record: object, indent = ""): void {
  const rows: [string, string][] = [];
  const walk = (obj: object, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)) walk(v, `${prefix}${k}.`);
      else
        rows.push([
          `${prefix}${k}`,
          Array.isArray(v)
            ? v.map((x) => cell(x as Cell)).join(", ") || "-"
            : cell(v instanceof Date ? v.toISOString() : (v as Cell)),
        ]);
    }
  };
  walk(record, "");
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  for (const [k, v] of rows) process.stdout.write(`${indent}${k.padEnd(width)}  ${v}\n`);
}

/** A plain-text table: a header row, then one row per item, columns padded to their widest cell. */
export function printTable<T>(items: readonly T[], columns: [header: string, value: (item: T) => Cell][]): void {
  const grid = [columns.map(([h]) => h), ...items.map((item) => columns.map(([, f]) => cell(f(item))))];
  const widths = columns.map((_, i) => Math.max(...grid.map((row) => row[i].length)));
  for (const row of grid)
    process.stdout.write(`${row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join("  ")}\n`);
}

/** Runs `work` with the database, and always closes the connection pool so the process can end. */
export async function withDb<T>(work: () => Promise<T>): Promise<T> {
  const { disconnectDb } = await import("../lib/db");
  try {
    return await work();
  } finally {
    await disconnectDb().catch(() => undefined);
  }
}
