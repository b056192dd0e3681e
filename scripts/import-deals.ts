/**
 * npm run import:deals -- <file.csv> [--replace-demo]
 *
 * Imports verified deals into the database DATABASE_URL names (the embedded SQLite file when unset).
 * All or nothing: every row is validated first; any bad row is reported as "line N: reason" and nothing is
 * written (exit code 1). Re-importing a deal_id updates that deal. --replace-demo drops the labelled demo
 * set in the same transaction (and it is not seeded again). A progress bar shows on files over 1 MB.
 *
 * CSV columns (header row required, any order, case-insensitive); full rules in lib/pricing/deal-csv.ts:
 *   deal_id        required  your stable id (1-64 of A-Z a-z 0-9 . _ : -; "demo-" prefix reserved)
 *   vin            optional  17 characters, no I/O/Q
 *   year           required  model year 2020-2030
 *   make, model    required  e.g. Land Rover, Range Rover Sport
 *   trim           required  e.g. Dynamic SE
 *   state          required  2-letter code of the 50 states or DC
 *   msrp           required  US dollars (45990 or $45,990.00)
 *   selling_price  required  negotiated price before taxes and rebates, within 50-150 % of msrp
 *   deal_type      required  lease | cash | finance
 *   purchase_date  required  YYYY-MM-DD, not in the future
 *   source         optional  verification label (default verified-purchase; "demo" reserved)
 *
 * Exit codes: 0 imported, 1 the file was rejected (nothing changed), 2 usage or I/O error.
 */
import { createReadStream, statSync } from "node:fs";
import { SingleBar, Presets } from "cli-progress";
import { db, disconnectDb } from "../lib/db";
import { importDeals, type ImportProgress } from "../lib/pricing/import-deals";

const MAX_ERRORS_SHOWN = 50;
const PROGRESS_MIN_BYTES = 1_000_000;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const replaceDemo = args.includes("--replace-demo");
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--replace-demo");
  if (files.length !== 1 || unknown.length > 0) {
    console.error("usage: npm run import:deals -- <file.csv> [--replace-demo]");
    return 2;
  }
  const file = files[0];
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    console.error(`cannot read ${file}`);
    return 2;
  }

  const bar = size >= PROGRESS_MIN_BYTES
    ? new SingleBar({ format: "{phase} [{bar}] {percentage}% | {value}/{total}", stream: process.stderr, hideCursor: true }, Presets.shades_classic)
    : null;
  let phase: ImportProgress["phase"] | null = null;
  const onProgress = (p: ImportProgress) => {
    if (!bar) return;
    const label = p.phase === "validate" ? "validating (bytes)" : "writing (deals)  ";
    if (phase !== p.phase) {
      if (phase) bar.stop();
      bar.start(p.total, 0, { phase: label });
      phase = p.phase;
    }
    bar.setTotal(p.total);
    bar.update(p.done, { phase: label });
  };

  const result = await importDeals(db(), createReadStream(file), { replaceDemo, onProgress, totalBytes: size });
  if (bar && phase) {
    if (phase === "validate" && result.ok === false) bar.update(size);
    bar.stop();
  }

  if (!result.ok) {
    console.error(`${file}: rejected, nothing imported (${result.errors.length} bad row${result.errors.length === 1 ? "" : "s"} of ${result.rows}):`);
    for (const e of result.errors.slice(0, MAX_ERRORS_SHOWN)) console.error(`  line ${e.line}: ${e.reason}`);
    if (result.errors.length > MAX_ERRORS_SHOWN) console.error(`  … and ${result.errors.length - MAX_ERRORS_SHOWN} more`);
    return 1;
  }
  const s = result.summary;
  console.log(`${file}: imported ${s.rows} deal${s.rows === 1 ? "" : "s"} in ${(s.ms / 1000).toFixed(1)} s`);
  console.log(`  created ${s.created}, updated ${s.updated}, vehicles (make/model/year) ${s.vehicles}`);
  console.log(`  by source: ${Object.entries(s.bySource).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  if (replaceDemo) console.log(`  demo deals removed: ${s.demoRemoved} (the demo set will not be seeded again)`);
  return 0;
}

main()
  .then(async (code) => {
    await disconnectDb();
    process.exitCode = code;
  })
  .catch(async (error) => {
    console.error(`import failed, nothing imported: ${error instanceof Error ? error.message : String(error)}`);
    await disconnectDb().catch(() => undefined);
    process.exitCode = 2;
  });
