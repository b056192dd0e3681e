/**
 * npm run bench:canada-recalls-import [-- rows]  (default 147,000: the real vrdb_full_monthly.csv, about 207 MB)
 * What Transport Canada's full file costs: generates a synthetic file of the real size in VRDB's format (quoted
 * fields, comments of about 1,400 characters in English and French with commas, line breaks and accents, units
 * as "2,700.00", about 8 rows per recall), imports it into a fresh SQLite database, imports it again (idempotent:
 * nothing rewritten), takes a 60-day update, then reads the held index the VIN report answers from. Prints time,
 * peak RSS and database growth. No network: the data is made up, the format is the real one.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync, existsSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { mulberry32 } from "../../lib/seeded-random";
import { VRDB_COLUMNS } from "../../lib/canada-recalls";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

const MAKES = [
  "FORD",
  "CHEVROLET",
  "TOYOTA",
  "HONDA",
  "DODGE",
  "GMC",
  "NISSAN",
  "HYUNDAI",
  "KIA",
  "JEEP",
  "RAM",
  "SUBARU",
];
const MODELS = [
  "F150",
  "SILVERADO 1500",
  "RAV4",
  "CIVIC",
  "CARAVAN",
  "SIERRA",
  "ROGUE",
  "ELANTRA",
  "SORENTO",
  "WRANGLER",
];
const SYSTEMS = ["Airbags", "Brakes", "Fuel", "Steering", "Electrical", "Seat Belts", "Powertrain", "Suspension"];
const WORDS = "the vehicle may on some of which could under certain conditions increase risk a crash fire".split(" ");
const MOTS =
  "le véhicule peut sur certains dont pourrait dans des conditions accroître risque collision incendie".split(" ");

const quote = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

function text(random: () => number, words: string[], chars: number): string {
  let out = "";
  while (out.length < chars) out += `${words[Math.floor(random() * words.length)]}${random() < 0.08 ? ", " : " "}`;
  return out.trim();
}

async function writeSyntheticVrdb(file: string, rows: number, firstRecall = 1975001): Promise<void> {
  const random = mulberry32(48);
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, "drain");
  };
  await write(`\uFEFF${VRDB_COLUMNS.map(quote).join(",")}\r\n`);
  let recall = firstRecall;
  for (let written = 0; written < rows; recall++) {
    const year = 1975 + Math.floor(random() * 52);
    const make = MAKES[Math.floor(random() * MAKES.length)];
    const fields = {
      mfr: random() < 0.73 ? `${String(year % 100).padStart(2, "0")}S${Math.floor(random() * 99)}` : "",
      system: SYSTEMS[Math.floor(random() * SYSTEMS.length)],
      units: `${Math.floor(random() * 90_000).toLocaleString("en-US")}.00`,
      comment: `Issue: ${text(random, WORDS, 250)}.\nSafety Risk: ${text(random, WORDS, 120)}.\nCorrective Actions: ${text(random, WORDS, 170)}.`,
      commentFr: `Problème : ${text(random, MOTS, 270)}.\nRisques pour la sécurité : ${text(random, MOTS, 130)}.\nMesures correctives : ${text(random, MOTS, 180)}.`,
      date: `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`,
    };
    const vehicles = 1 + Math.floor(random() * 15);
    for (let v = 0; v < vehicles && written < rows; v++, written++) {
      const model = MODELS[Math.floor(random() * MODELS.length)];
      const line = [
        recall,
        year + (v % 3),
        fields.mfr,
        "Truck",
        "Camion",
        make,
        `${model}${v > 4 ? ` ${v}` : ""}`,
        fields.units,
        fields.system,
        fields.system,
        "Safety Mfr",
        "Sécurité fabricant",
        fields.comment,
        fields.commentFr,
        fields.date,
      ];
      await write(`${line.map(quote).join(",")}\r\n`);
    }
  }
  out.end();
  await once(out, "finish");
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
const dbBytes = (file: string) => size(file) + size(`${file}-wal`) + size(`${file}-journal`);
/** The database file and its write-ahead log apart: the log keeps the size of the largest transaction. */
const dbParts = (file: string) => `${mb(size(file))} file + ${mb(size(`${file}-wal`))} WAL`;
/** Peak resident set of this process so far (resourceUsage reports kilobytes). */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function main() {
  const rows = Number(process.argv[2] ?? 147_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-canada-bench-"));
  const full = path.join(dir, "vrdb_full_monthly.csv");
  const update = path.join(dir, "vrdb_60days_daily.csv");
  const dbFile = path.join(dir, "bench.db");
  const url = `file:${dbFile}`;
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL ??= "silent";
  try {
    let t = performance.now();
    await writeSyntheticVrdb(full, rows);
    await writeSyntheticVrdb(update, 823, 2026001);
    console.log(
      `generated ${rows} rows (${mb(statSync(full).size)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    migrateDeploy(url, { quiet: true });
    const { importCanadaRecallsFile, canadaRecallsForVehicle } = await import("../../lib/canada-recalls");
    const { disconnectDb } = await import("../../lib/db");
    const before = dbBytes(dbFile);
    const rssBefore = peakRss();
    console.log(`database before: ${mb(before)}; peak RSS before importing: ${mb(rssBefore)}`);
    for (const label of ["full import", "full re-import (idempotent)"]) {
      const s = await importCanadaRecallsFile(full);
      console.log(
        `${label}: ${s.rowsImported} rows in ${s.seconds} s (${s.rowsPerSecond} rows/s); added ${s.added}, changed ` +
          `${s.changed}, removed ${s.removed}; database ${dbParts(dbFile)} (+${mb(dbBytes(dbFile) - before)}); ` +
          `peak RSS ${mb(peakRss())}`,
      );
    }
    const u = await importCanadaRecallsFile(update);
    console.log(`60-day update: ${u.rowsImported} rows in ${u.seconds} s; added ${u.added}, changed ${u.changed}`);
    t = performance.now();
    const section = await canadaRecallsForVehicle({ year: 2001, make: "FORD", model: "F-150" });
    console.log(
      `held index: read in ${((performance.now() - t) / 1000).toFixed(2)} s; a 2001 Ford F-150: ${section.status}, ` +
        `${section.count} recalls`,
    );
    t = performance.now();
    for (let i = 0; i < 1000; i++)
      await canadaRecallsForVehicle({ year: 2001 + (i % 20), make: "FORD", model: "F-150" });
    console.log(`answer from memory: ${((performance.now() - t) / 1000).toFixed(3)} ms each (1,000 answers)`);
    console.log(
      `peak RSS of the whole run: ${mb(peakRss())}; node ${process.version}; ${os.cpus().length} CPUs; SQLite`,
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
