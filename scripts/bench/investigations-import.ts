/**
 * npm run bench:investigations-import [-- rows]  (default: 154,000, the row count of NHTSA's FLAT_INV.txt)
 * Generates a synthetic FLAT_INV.txt in NHTSA's format (TAB-separated, no header, 11 fields, one row per
 * investigation and make/model/year, each investigation's subject and summary repeated on every one of its rows, a
 * few rows of year 9999), imports it into a fresh SQLite database and prints the time, the process's peak RSS and
 * how much the database grew. No network: the rows are made up, their shape is NHTSA's. Proportions it is built on
 * (estimates, not measured here): about 154,000 rows for about 6,500 action numbers (an investigation names one to
 * forty-six vehicles), summaries of 30 to 200 words.
 */
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { mulberry32 } from "../../lib/seeded-random";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

const MAKES: Record<string, string[]> = {
  CHEVROLET: ["SILVERADO 1500", "EQUINOX", "TAHOE", "MALIBU", "TRAVERSE", "COLORADO", "BLAZER", "SUBURBAN"],
  FORD: ["F-150", "ESCAPE", "EXPLORER", "MUSTANG", "RANGER", "EDGE", "BRONCO", "EXPEDITION"],
  TOYOTA: ["CAMRY", "COROLLA", "RAV4", "TACOMA", "HIGHLANDER", "TUNDRA", "SIENNA", "4RUNNER"],
  HONDA: ["CIVIC", "ACCORD", "CR-V", "PILOT", "ODYSSEY", "HR-V", "RIDGELINE", "PASSPORT"],
  BMW: ["X5", "X3", "330I", "M3", "540I", "X7", "IX", "I4"],
  HYUNDAI: ["ELANTRA", "SONATA", "TUCSON", "SANTA FE", "PALISADE", "KONA", "IONIQ 5", "VENUE"],
};
const TYPES = ["PE", "EA", "RQ", "DP", "AQ", "IR"];
const COMPONENTS = [
  "AIR BAGS",
  "STEERING",
  "SERVICE BRAKES",
  "POWER TRAIN",
  "ENGINE",
  "FUEL SYSTEM",
  "ELECTRICAL SYSTEM",
];
const WORDS = (
  "the office of defects investigation has received complaints alleging loss of motive power while driving " +
  "engine stall transmission failure steering assist air bag inflator rupture fire brake pedal travel " +
  "manufacturer recall vehicles population crash injury field reports warranty claims analysis"
).split(" ");

const ymd = (year: number, day: number) => {
  const d = new Date(Date.UTC(year, 0, 1 + day));
  return d.toISOString().slice(0, 10).replace(/-/g, "");
};

async function writeSynthetic(file: string, targetRows: number): Promise<{ rows: number; investigations: number }> {
  const random = mulberry32(48);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out = createWriteStream(file);
  let rows = 0;
  let investigations = 0;
  const numbered = new Map<string, number>();
  const write = async (line: string) => {
    if (!out.write(`${line}\r\n`)) await once(out, "drain");
  };
  while (rows < targetRows) {
    investigations++;
    const opened = 1990 + Math.floor(random() * 36);
    const type = pick(TYPES);
    const prefix = `${type}${String(opened % 100).padStart(2, "0")}`;
    numbered.set(prefix, (numbered.get(prefix) ?? 0) + 1);
    const action = `${prefix}${String(numbered.get(prefix)).padStart(3, "0")}`;
    const open = opened >= 2024 && random() < 0.5;
    const closed = open ? "" : ymd(Math.min(opened + 1, 2026), Math.floor(random() * 300));
    const campaign =
      !open && random() < 0.4
        ? `${String(opened % 100).padStart(2, "0")}V${String(Math.floor(random() * 999)).padStart(3, "0")}000`
        : "";
    const make = pick(Object.keys(MAKES));
    const subject = Array.from({ length: 4 + Math.floor(random() * 6) }, () => pick(WORDS))
      .join(" ")
      .toUpperCase();
    const summary = Array.from({ length: 30 + Math.floor(random() * 170) }, () => pick(WORDS)).join(" ") + ".";
    const fixed = [
      pick(COMPONENTS),
      `${make} MOTOR COMPANY`,
      ymd(opened, Math.floor(random() * 360)),
      closed,
      campaign,
      subject,
      summary,
    ];
    const vehicles = 1 + Math.floor(random() * 46);
    for (let v = 0; v < vehicles && rows < targetRows; v++, rows++) {
      // One row per make, model and year, as NHTSA's file has.
      const year = random() < 0.02 ? 9999 : opened - Math.floor(v / 8);
      await write([action, make, MAKES[make][v % 8], String(year), ...fixed].join("\t"));
    }
  }
  out.end();
  await once(out, "finish");
  return { rows, investigations };
}

const dbBytes = (file: string) =>
  [file, `${file}-wal`, `${file}-journal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);

async function main() {
  const targetRows = Number(process.argv[2] ?? 154_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-investigations-bench-"));
  const file = path.join(dir, "FLAT_INV.txt");
  const dbFile = path.join(dir, "bench.db");
  const url = `file:${dbFile}`;
  process.env.DATABASE_URL = url;
  try {
    let t = performance.now();
    const made = await writeSynthetic(file, targetRows);
    console.log(
      `generated ${made.rows.toLocaleString("en-US")} rows, ${made.investigations.toLocaleString("en-US")} action numbers ` +
        `(${(statSync(file).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    migrateDeploy(url, { quiet: true });
    const before = dbBytes(dbFile);
    const { importInvestigationsFile } = await import("../../lib/investigations");
    const { db, disconnectDb } = await import("../../lib/db");
    t = performance.now();
    const s = await importInvestigationsFile(file);
    const seconds = (performance.now() - t) / 1000;
    await db().$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    const grown = dbBytes(dbFile) - before;
    console.log(
      `import: ${s.rowsRead.toLocaleString("en-US")} rows read, ${s.investigations.toLocaleString("en-US")} investigations, ` +
        `${s.vehicles.toLocaleString("en-US")} vehicle rows, ${s.noVehicle.toLocaleString("en-US")} without a vehicle, in ` +
        `${seconds.toFixed(1)} s (${s.rowsPerSecond} rows/s); skipped ${JSON.stringify(s.skipped)}`,
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
