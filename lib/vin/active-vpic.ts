/**
 * Which vPIC file the decoder serves. By default config().vpic.dbPath (the bundled cut, or VPIC_DB_PATH).
 * After the vPIC refresh job (lib/jobs/vpic-refresh.ts) has accepted a newer file, a small pointer file
 * (<DATA_DIR>/vpic/active.json) names it and the file before it (for rollback). Every server process watches
 * the pointer and switches to the named file without a restart (lib/vin/decoder.ts).
 */
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { config } from "../config";

export interface ActiveVpic {
  path: string;
  /** The file served before this one (kept for `npm run sync -- vpic-rollback`). */
  previous: string | null;
  dataDate: string;
  sha256: string;
  source: string;
  switchedAt: string;
}

function activeVpicPointer(): string {
  return path.join(config().dataDir, "vpic", "active.json");
}

export function readActiveVpic(): ActiveVpic | null {
  try {
    const p = JSON.parse(readFileSync(activeVpicPointer(), "utf8")) as ActiveVpic;
    return typeof p.path === "string" && existsSync(p.path) ? p : null;
  } catch {
    return null;
  }
}

/** The file to serve now: the pointer's when it names an existing file, else the configured one. */
export function activeVpicPath(): string {
  return readActiveVpic()?.path ?? config().vpic.dbPath;
}

/** Written to a temporary name and renamed: a process reading the pointer sees the old or the new, never half. */
export function writeActiveVpic(pointer: ActiveVpic): void {
  const file = activeVpicPointer();
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(pointer, null, 2));
  renameSync(tmp, file);
}
