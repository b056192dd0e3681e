/**
 * `npm run bench:index-memory`: what the VIN report's in-memory indexes cost at full size. Fills a temporary
 * SQLite database with synthetic rows shaped and sized like the real data sets, loads each index through the
 * code the server runs, and prints the heap it holds (after a full GC) and how long the load took:
 *   - EPA vehicles.csv: 48,000 variants (the whole file, 1984 to next year);
 *   - FLAT_CMPL summaries: 60,000 year/make/model spellings, five newest complaints of 1,200 characters each;
 *   - stored answers: 10,000 per source (the index's cap) for ratings, complaints and fuel economy.
 * The database is filled by one process; each index is then loaded by a fresh process of its own, so no figure
 * carries another's garbage.
 *   npm run bench:index-memory [-- --scale 0.25]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { vinscopeCommand } from "../../tests/support/vinscope-cli";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    only: { type: "string" },
    fill: { type: "boolean", default: false },
    dir: { type: "string" },
  },
});
const INDEXES = ["answers", "complaints", "epa"] as const;
const SCALE = Number(args.scale);
const root = path.resolve(__dirname, "../..");
const dir = args.dir ?? mkdtempSync(path.join(tmpdir(), "vinscope-index-memory-"));
process.env.DATABASE_URL = `file:${path.join(dir, "index.db")}`;
process.env.LOG_LEVEL = "warn";
process.env.DATA_DIR = dir;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc (npm run bench:index-memory does)");

async function heapMb(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 100));
  }
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const text = (n: number, seed: number) =>
  `Synthetic complaint ${seed}: `.padEnd(
    n,
    "THE VEHICLE STALLED WHILE DRIVING AT HIGHWAY SPEED AND THE WARNING LIGHTS CAME ON. ",
  );

async function fill() {
  execFileSync(...vinscopeCommand("db", "migrate"), {
    cwd: root,
    env: process.env,
    stdio: "ignore",
  });
  const { db } = await import("../../lib/db");
  const { upsertRows } = await import("../../lib/sources");
  const makes = Array.from({ length: 140 }, (_, i) => `MAKE${i}`);
  const now = new Date();

  const epaRows = Math.round(48_000 * SCALE);
  const epa: Array<Record<string, unknown>> = [];
  for (let i = 0; i < epaRows; i++) {
    const make = makes[i % makes.length];
    epa.push({
      id: i + 1,
      year: 1984 + (i % 43),
      makeKey: make.toLowerCase(),
      make,
      model: `Model ${i % 4000} ${i % 3 ? "AWD" : "FWD"}`,
      baseModel: `Model ${i % 4000}`,
      trany: i % 2 ? "Automatic (S8)" : "Manual 6-spd",
      cylinders: 4 + (i % 3) * 2,
      displ: 2.0 + (i % 5) * 0.5,
      drive: i % 2 ? "All-Wheel Drive" : "Front-Wheel Drive",
      fuelType: "Regular Gasoline",
      atvType: i % 9 ? "" : "Hybrid",
      city08: 20 + (i % 15),
      highway08: 28 + (i % 12),
      comb08: 23 + (i % 13),
      fuelCost08: 1500 + (i % 40) * 25,
      rangeMiles: null,
      co2: 300 + (i % 100),
      importedAt: now,
    });
  }
  await upsertRows({ table: "EpaVehicle", key: "id", columns: Object.keys(epa[0]), pgTypes: {} }, epa);

  const summaries = Math.round(60_000 * SCALE);
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < summaries; i++) {
    const make = makes[i % makes.length];
    const summary = {
      count: 40,
      crashes: 2,
      fires: 1,
      injuries: 3,
      deaths: 0,
      byComponent: ["ENGINE", "SERVICE BRAKES", "ELECTRICAL SYSTEM", "STEERING", "AIR BAGS", "POWER TRAIN"].map(
        (component, k) => ({ component, count: 10 - k }),
      ),
      newest: Array.from({ length: 5 }, (_, k) => ({
        odiNumber: 11_000_000 + i * 5 + k,
        filedOn: "2024-01-06",
        incidentOn: "2024-01-05",
        components: ["ENGINE"],
        summary: text(1200, i * 5 + k),
        crash: false,
        fire: false,
        injuries: 0,
        deaths: 0,
      })),
    };
    rows.push({
      key: `${1949 + (i % 78)}|${make.toLowerCase()}|model${i}`,
      year: 1949 + (i % 78),
      makeKey: make.toLowerCase(),
      modelKey: `model${i}`,
      model: `MODEL${i}`,
      summary: JSON.stringify(summary),
      importedAt: now,
    });
  }
  await upsertRows({ table: "ComplaintSummary", key: "key", columns: Object.keys(rows[0]), pgTypes: {} }, rows);

  const perSource = Math.round(5_000 * SCALE);
  const ratingsRow = (i: number) => ({
    variants: Array.from({ length: 4 }, (_, k) => ({
      vehicleId: i * 4 + k,
      description: `2015 Make${i % 140} Model ${i} 4 DR ${k % 2 ? "AWD" : "FWD"}`,
      ratings: {
        overall: 5,
        frontCrash: 4,
        frontCrashDriver: 4,
        frontCrashPassenger: 4,
        sideCrash: 5,
        sideCrashDriver: 5,
        sideCrashPassenger: 5,
        sidePole: 5,
        rollover: 4,
        rolloverRiskPercent: 10.9,
        electronicStabilityControl: "Standard",
        forwardCollisionWarning: "Optional",
        laneDepartureWarning: "Optional",
      },
    })),
  });
  const complaintsAnswer = (i: number) => ({ ...JSON.parse(rows[i % rows.length].summary as string) });
  const epaAnswer = (i: number) => ({
    records: epa
      .slice((i * 6) % (epa.length - 6), ((i * 6) % (epa.length - 6)) + 6)
      .map(({ makeKey: _m, importedAt: _a, ...r }) => r),
  });
  // vPIC's answer for a descriptor: the elements the bundled data lacks, as NHTSA spells them.
  const vpicAnswer = (i: number) => ({
    DriveType: i % 2 ? "AWD/All-Wheel Drive" : "FWD/Front-Wheel Drive",
    TransmissionStyle: "Automatic",
    TransmissionSpeeds: String(6 + (i % 4)),
    ABS: "Standard",
    ESC: "Standard",
    TPMS: "Direct",
    AirBagLocFront: "1st Row (Driver and Passenger)",
    AirBagLocSide: "1st Row (Driver and Passenger)",
    AirBagLocCurtain: "All Rows",
    ElectrificationLevel: i % 5 ? "" : "HEV (Hybrid Electric Vehicle) - Level Unknown",
  });
  const answers: Array<Record<string, unknown>> = [];
  for (let i = 0; i < perSource; i++) {
    answers.push({ source: "ncap", key: `r${i}`, payload: JSON.stringify(ratingsRow(i)), checkedAt: now });
    answers.push({ source: "complaints", key: `c${i}`, payload: JSON.stringify(complaintsAnswer(i)), checkedAt: now });
    answers.push({ source: "epa", key: `e${i}`, payload: JSON.stringify(epaAnswer(i)), checkedAt: now });
    answers.push({ source: "vpic", key: `1HGCM826${i}`, payload: JSON.stringify(vpicAnswer(i)), checkedAt: now });
  }
  for (let i = 0; i < answers.length; i += 3000)
    await db().sourceAnswer.createMany({ data: answers.slice(i, i + 3000) as never });
  await db().$disconnect();
}

async function main() {
  const { db } = await import("../../lib/db");
  const { importedEpaVariants } = await import("../../lib/fuel-economy");
  const { importedComplaints } = await import("../../lib/complaints");
  const { answerIndex } = await import("../../lib/sources");
  const perSource = Math.round(5_000 * SCALE);
  const summaries = Math.round(60_000 * SCALE);
  const epaRows = Math.round(48_000 * SCALE);
  const q = { year: 2015, make: "MAKE0", model: "Model 0" };
  const measure = async (name: string, load: () => Promise<unknown>) => {
    const before = await heapMb();
    const started = performance.now();
    await load();
    const ms = performance.now() - started;
    const after = await heapMb();
    console.log(`| ${name} | ${(after - before).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s |`);
  };

  // Whatever the first query of a kind loads (Prisma's compiled queries) is not an index's cost.
  await db().epaVehicle.findFirst();
  await db().complaintSummary.findFirst();
  await db().sourceAnswer.findFirst();
  await db().setting.findFirst();
  if (args.only === "answers")
    await measure(`stored answers (${perSource.toLocaleString("en")} × 4 sources)`, () =>
      answerIndex().get("ncap", "r0"),
    );
  if (args.only === "complaints")
    await measure(`complaint summaries (${summaries.toLocaleString("en")} vehicles)`, () => importedComplaints(q));
  if (args.only === "epa")
    await measure(`EPA variants (${epaRows.toLocaleString("en")} rows)`, () => importedEpaVariants(q));
  await db().$disconnect();
}

async function all() {
  if (args.only) return main();
  console.log(`bench:index-memory (scale ${SCALE}): heap held by each index after a full GC, and its load time`);
  console.log("| index | heap | load |\n|---|---|---|");
  const run = (...extra: string[]) =>
    execFileSync(
      process.execPath,
      [...process.execArgv, __filename, "--scale", String(SCALE), "--dir", dir, ...extra],
      { stdio: "inherit" },
    );
  run("--fill");
  for (const only of INDEXES) run("--only", only);
}

(args.fill ? fill() : args.only ? main() : all())
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!args.dir) rmSync(dir, { recursive: true, force: true });
  });
void INDEXES;
