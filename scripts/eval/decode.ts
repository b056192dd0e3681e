/**
 * Field-by-field agreement of the local decoder with NHTSA's own answers.
 *
 *   npm run eval:decode -- <truth.json> [--show N]
 *
 * The truth file is a JSON array of DecodeVinValues-style records ({ VIN, ModelYear, Make, … }); records
 * with `_emptyFieldsOmitted` left out empty / "Not Applicable" values. Fields whose element has (almost) no
 * Pattern rows in the vPIC file are reported apart: the data cannot reach them, the decoder is not at fault.
 */
import { readFileSync } from "node:fs";
import { decodeVinWith, vpicData } from "../../lib/vin";

const META = new Set(["VIN", "_snapshot", "_emptyFieldsOmitted", "ErrorText", "ErrorCode", "AdditionalErrorText"]);
/** NHTSA's error codes from its ErrorText ("0 - …; 14 - …"). */
const codesOf = (text: string) =>
  text
    .split("; ")
    .map((part) => part.split(" - ")[0].trim())
    .filter(Boolean)
    .join(",");
/** An element with fewer Pattern rows than this in the file was dropped from it (corgi's cut keeps a few strays). */
const DROPPED_BELOW = 1000;

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: npm run eval:decode -- <truth.json> [--show N]");
  process.exit(2);
}
const showIndex = args.indexOf("--show");
const show = showIndex >= 0 ? Number(args[showIndex + 1]) : 8;
const records = JSON.parse(readFileSync(file, "utf8")) as Record<string, string | boolean>[];

const data = vpicData();
const patternsPerCode = new Map<string, number>();
for (let i = 0; i < data.patterns.element.length && i < data.patternIndex.length; i++) {
  const code = data.elements.get(data.patterns.element[i])?.code;
  if (code) patternsPerCode.set(code, (patternsPerCode.get(code) ?? 0) + 1);
}
const SOURCED_ELSEWHERE = new Set(["Make", "Manufacturer", "ModelYear", "VehicleType", "VehicleDescriptor"]);
const unreachable = (field: string) =>
  field !== "(error codes)" && !SOURCED_ELSEWHERE.has(field) && (patternsPerCode.get(field) ?? 0) < DROPPED_BELOW;

/** Label wording drifts between vPIC releases ("[SUV]" vs "(SUV)"); compare loosely as well as exactly. */
const loose = (v: string) =>
  v
    .toLowerCase()
    .replace(/[[(]/g, "(")
    .replace(/[\])]/g, ")")
    .replace(/multi-purpose/g, "multipurpose")
    .replace(/\s+/g, " ")
    .trim();
const numericEqual = (a: string, b: string) =>
  a !== "" && b !== "" && !Number.isNaN(Number(a)) && Number(a) === Number(b);

/** Answers NHTSA gave more than a year before the file's data date describe older vPIC data. */
const staleBefore = new Date(Date.parse(data.dataDate) - 365 * 86400000).toISOString().slice(0, 10);
const isStale = (r: Record<string, unknown>) =>
  typeof r._snapshot === "string" && r._snapshot.replace(/^~/, "") < staleBefore;
/** Elements full vPIC fills from EngineModelPattern rows, which the file may lack for the decoded engine. */
const ENGINE_FED = new Set([
  "DisplacementL",
  "DisplacementCC",
  "DisplacementCI",
  "EngineCylinders",
  "FuelTypePrimary",
  "EngineConfiguration",
  "EngineHP",
  "ValveTrainDesign",
]);

interface FieldStats {
  total: number;
  /** Disagreements the data explains: stale NHTSA snapshot, or the decoded engine has no engine-model patterns here. */
  stale: number;
  engineGap: number;
  exact: number;
  loose: number;
  missing: number;
  wrong: number;
  extra: number;
  examples: string[];
}
const fields = new Map<string, FieldStats>();
const stat = (f: string) => {
  let s = fields.get(f);
  if (!s)
    fields.set(
      f,
      (s = { total: 0, stale: 0, engineGap: 0, exact: 0, loose: 0, missing: 0, wrong: 0, extra: 0, examples: [] }),
    );
  return s;
};

let ymmOk = 0;
const staleMismatches = new Set<string>();
let decodeFailures = 0;
const allFields = new Set<string>();
for (const r of records) for (const k of Object.keys(r)) if (!META.has(k)) allFields.add(k);

for (const record of records) {
  const vin = String(record.VIN);
  const result = decodeVinWith(data, vin);
  const ours: Record<string, string> = result.ok ? result.elements : {};
  if (!result.ok) decodeFailures++;
  let ymm = true;
  if (typeof record.ErrorText === "string" && record.ErrorText) {
    const s = stat("(error codes)");
    s.total++;
    const theirs = codesOf(record.ErrorText);
    const mine = result.errorCodes.join(",");
    if (theirs === mine) {
      s.exact++;
      s.loose++;
    } else if (isStale(record)) s.stale++;
    else if (/(^|,)[2-5](,|$)/.test(theirs))
      s.engineGap++; // VIN corrections need WMIYearValidChars, absent here
    else {
      s.wrong++;
      if (s.examples.length < show) s.examples.push(`${vin}: nhtsa=${theirs} ours=${mine}`);
    }
  }
  for (const field of allFields) {
    const truth = record[field] === undefined ? "" : String(record[field]);
    let mine = ours[field] ?? "";
    if (mine === "Not Applicable" && record._emptyFieldsOmitted) mine = "";
    if (truth === "" && mine === "") continue;
    const s = stat(field);
    s.total++;
    const exact = truth === mine || numericEqual(truth, mine);
    const looseOk = exact || loose(truth) === loose(mine);
    if (exact) s.exact++;
    if (looseOk) s.loose++;
    else if (isStale(record)) s.stale++;
    else if (
      mine === "" &&
      ENGINE_FED.has(field) &&
      ours.EngineModel &&
      !data.engineModelPatterns.has(ours.EngineModel.trim().toLowerCase())
    ) {
      s.engineGap++;
    } else {
      if (mine === "") s.missing++;
      else if (truth === "") s.extra++;
      else s.wrong++;
      if (s.examples.length < show)
        s.examples.push(`${vin}: nhtsa=${JSON.stringify(truth)} ours=${JSON.stringify(mine)}`);
    }
    if ((field === "ModelYear" || field === "Make" || field === "Model") && !looseOk) ymm = false;
    if (!looseOk && isStale(record)) staleMismatches.add(vin);
  }
  if (ymm) ymmOk++;
}

const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(2) : "n/a");
console.log(`vPIC file: ${data.source} (data date ${data.dataDate})`);
console.log(`records: ${records.length}; not decodable locally: ${decodeFailures}`);
console.log(`year+make+model all agree: ${ymmOk}/${records.length} = ${pct(ymmOk, records.length)}%\n`);
const rows = [...fields.entries()].sort((a, b) => b[1].total - a[1].total);
const print = (title: string, list: typeof rows) => {
  console.log(title);
  console.log(
    "field".padEnd(22),
    "n".padStart(4),
    "exact%".padStart(8),
    "loose%".padStart(8),
    "+explained%".padStart(12),
    "stale".padStart(6),
    "dataGap".padStart(7),
    "missing".padStart(8),
    "wrong".padStart(6),
    "extra".padStart(6),
  );
  for (const [f, s] of list) {
    console.log(
      f.padEnd(22),
      String(s.total).padStart(4),
      pct(s.exact, s.total).padStart(8),
      pct(s.loose, s.total).padStart(8),
      pct(s.loose + s.stale + s.engineGap, s.total).padStart(12),
      String(s.stale).padStart(6),
      String(s.engineGap).padStart(7),
      String(s.missing).padStart(8),
      String(s.wrong).padStart(6),
      String(s.extra).padStart(6),
    );
  }
  console.log();
};
print(
  "Fields the data holds (decoder accountable):",
  rows.filter(([f]) => !unreachable(f)),
);
print(
  `Fields the data cannot reach (element has < ${DROPPED_BELOW} Pattern rows in this file):`,
  rows.filter(([f]) => unreachable(f)),
);
console.log(
  "exact: identical text (or equal numbers); loose: ignoring case and NHTSA's label drift ([SUV] vs (SUV), Multi-Purpose);",
);
console.log(
  `stale: NHTSA's answer predates ${staleBefore} (older vPIC release; ${staleMismatches.size} record(s)); dataGap: the decoded`,
);
console.log("engine model has no EngineModelPattern rows in this file, or NHTSA corrected the VIN (codes 2-5 need the");
console.log("WMIYearValidChars table, absent here); missing/wrong/extra: decoder disagreements left to explain.\n");
console.log("Disagreements on fields the data holds (not explained by stale snapshots or engine gaps):");
for (const [f, s] of rows) {
  if (unreachable(f) || !s.examples.length) continue;
  console.log(`  ${f}:`);
  for (const e of s.examples) console.log(`    ${e}`);
}
