/**
 * npm run bench:bulletins-import [-- megabytes]  (default: 125.5, the size of NHTSA's MFR_COMMS_RECEIVED_2020-2024.csv)
 * Generates a synthetic MFR_COMMS period file in NHTSA's format (quoted CSV, the header repeated inside, several
 * model years in one cell, summaries with commas and quotes), imports it into a fresh SQLite database and prints the
 * time, the process's peak RSS and how much the database grew. No network: the rows are made up, their shape is
 * NHTSA's. Sizes it is built on: the 2020-2024 file unpacks to 125,521,629 bytes and the 2025-2026 file (in 2026)
 * to 77,786,229; a communication names about seven models, each for one to five model years.
 */
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { mulberry32 } from "../../lib/seeded-random";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

const HEADER = '"TSB/Document ID","Make","Model","Model Year","Concise Summary"';
/** NHTSA repeats the header inside the file; this often. */
const HEADER_EVERY = 50_000;
const MAKES: Record<string, string[]> = {
  CHEVROLET: ["SILVERADO 1500", "EQUINOX", "TAHOE", "MALIBU", "TRAVERSE", "COLORADO", "BLAZER", "SUBURBAN"],
  FORD: ["F-150", "ESCAPE", "EXPLORER", "MUSTANG", "RANGER", "EDGE", "BRONCO", "EXPEDITION"],
  TOYOTA: ["CAMRY", "COROLLA", "RAV4", "TACOMA", "HIGHLANDER", "TUNDRA", "SIENNA", "4RUNNER"],
  HONDA: ["CIVIC", "ACCORD", "CR-V", "PILOT", "ODYSSEY", "HR-V", "RIDGELINE", "PASSPORT"],
  BMW: ["X5", "X3", "330I", "M3", "540I", "X7", "IX", "I4"],
  HYUNDAI: ["ELANTRA", "SONATA", "TUCSON", "SANTA FE", "PALISADE", "KONA", "IONIQ 5", "VENUE"],
};
const WORDS = (
  "engine transmission may hesitate stall rattle noise leak coolant module software update replace inspect " +
  "dealer vehicle condition repair procedure harness connector sensor warning lamp illuminate intermittent " +
  "customers reprogram calibration brake steering door latch seat belt airbag camera display infotainment"
).split(" ");
const LABELS = [
  "SERVICE BULLETIN",
  "TSB",
  "CUSTOMER SATISFACTION PROGRAM",
  "SPECIAL COVERAGE",
  "OVER-THE-AIR UPDATE",
  "",
];

async function writeSynthetic(file: string, targetBytes: number): Promise<{ rows: number; bulletins: number }> {
  const random = mulberry32(48);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out = createWriteStream(file);
  let bytes = 0;
  let rows = 0;
  let id = 10_180_000;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line) + 2;
    if (!out.write(`${line}\r\n`)) await once(out, "drain");
  };
  await write(HEADER);
  while (bytes < targetBytes) {
    id += 1 + Math.floor(random() * 3);
    const make = pick(Object.keys(MAKES));
    const words = Array.from({ length: 20 + Math.floor(random() * 40) }, () => pick(WORDS));
    const label = pick(LABELS);
    const summary =
      `${label ? `${label} ${Math.floor(random() * 90 + 10)}-${Math.floor(random() * 900 + 100)}: ` : ""}` +
      `${words.slice(0, 8).join(" ")}, ${words.slice(8, 16).join(" ")}; "${words[16]}" ${words.slice(17).join(" ")}.`;
    const models = 1 + Math.floor(random() * 13);
    for (let m = 0; m < models && bytes < targetBytes; m++) {
      const first = 2016 + Math.floor(random() * 9);
      const span = 1 + Math.floor(random() * 5);
      const years = Array.from({ length: span }, (_, i) => first + i).join(", ");
      await write(
        `"${id}","${make}","${MAKES[make][m % 8]}","${years}","${summary.toUpperCase().replace(/"/g, '""')}"`,
      );
      if (++rows % HEADER_EVERY === 0) await write(HEADER);
    }
  }
  out.end();
  await once(out, "finish");
  return { rows, bulletins: id };
}

const dbBytes = (file: string) =>
  [file, `${file}-wal`, `${file}-journal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);

async function main() {
  const megabytes = Number(process.argv[2] ?? 125.5);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-bulletins-bench-"));
  const file = path.join(dir, "MFR_COMMS_RECEIVED_2020-2024.csv");
  const dbFile = path.join(dir, "bench.db");
  const url = `file:${dbFile}`;
  process.env.DATABASE_URL = url;
  try {
    let t = performance.now();
    const made = await writeSynthetic(file, megabytes * 1e6);
    console.log(
      `generated ${made.rows.toLocaleString("en-US")} rows (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    migrateDeploy(url, { quiet: true });
    const before = dbBytes(dbFile);
    const { importBulletinsFile } = await import("../../lib/bulletins");
    const { db, disconnectDb } = await import("../../lib/db");
    t = performance.now();
    const s = await importBulletinsFile(file);
    const seconds = (performance.now() - t) / 1000;
    await db().$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    const grown = dbBytes(dbFile) - before;
    console.log(
      `import: ${s.rowsRead.toLocaleString("en-US")} rows read, ${s.bulletins.toLocaleString("en-US")} communications, ` +
        `${s.vehicles.toLocaleString("en-US")} vehicle rows in ${seconds.toFixed(1)} s (${s.rowsPerSecond} rows/s); ` +
        `skipped ${JSON.stringify(s.skipped)}`,
    );
    console.log(
      `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; database grew ${(grown / 1e6).toFixed(1)} MB ` +
        `(SQLite, after a WAL checkpoint); node ${process.version}; ${os.cpus().length} CPUs`,
    );
    await disconnectDb();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
