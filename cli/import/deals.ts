/**
 * `vinscope import deals` (`npm run import:deals`): verified deals from a CSV, all or nothing (lib/pricing/
 * import-deals.ts validates every row first; every fault of every bad row is reported as "line N: reason" and
 * nothing is written, exit code 1; a file that is not a deal file as a whole, such as one separated by ";", is
 * refused with the reason). Re-importing a deal_id updates that deal. --replace-demo drops the labelled demo set
 * in the same transaction (and it is not seeded again). A progress bar (stderr) shows on files over 1 MB.
 */
import { createReadStream, statSync } from "node:fs";
import { Presets, SingleBar } from "cli-progress";
import { db } from "../../lib/db";
import { importDeals, type ImportProgress } from "../../lib/pricing";
import { printJson } from "../output";

const MAX_ERRORS_SHOWN = 50;
const PROGRESS_MIN_BYTES = 1_000_000;

export async function importDealsFile(file: string, opts: { replaceDemo?: boolean; json?: boolean }): Promise<void> {
  const replaceDemo = opts.replaceDemo === true;
  const size = statSync(file).size;
  const bar =
    size >= PROGRESS_MIN_BYTES
      ? new SingleBar(
          { format: "{phase} [{bar}] {percentage}% | {value}/{total}", stream: process.stderr, hideCursor: true },
          Presets.shades_classic,
        )
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

  let result: Awaited<ReturnType<typeof importDeals>>;
  try {
    result = await importDeals(db(), createReadStream(file), { replaceDemo, onProgress, totalBytes: size });
  } catch (error) {
    bar?.stop();
    throw new Error(`import failed, nothing imported: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (bar && phase) {
    if (phase === "validate" && result.ok === false) bar.update(size);
    bar.stop();
  }

  if (!result.ok && "refused" in result) {
    process.exitCode = 1;
    if (opts.json) return printJson({ file, imported: false, refused: result.refused });
    console.error(`${file}: refused, nothing imported: ${result.refused}`);
    return;
  }
  if (!result.ok) {
    process.exitCode = 1;
    const { rows, badRows, errors } = result;
    if (opts.json) return printJson({ file, imported: false, rows, badRows, errors });
    console.error(`${file}: rejected, nothing imported (${badRows} bad row${badRows === 1 ? "" : "s"} of ${rows}):`);
    // Every fault of a row, one line each, so one run shows all that needs fixing in a row.
    for (const e of errors.slice(0, MAX_ERRORS_SHOWN)) console.error(`  line ${e.line}: ${e.reason}`);
    if (errors.length > MAX_ERRORS_SHOWN) console.error(`  … and ${errors.length - MAX_ERRORS_SHOWN} more`);
    return;
  }
  const s = result.summary;
  if (opts.json) return printJson({ file, imported: true, ...s });
  console.log(`${file}: imported ${s.rows} deal${s.rows === 1 ? "" : "s"} in ${(s.ms / 1000).toFixed(1)} s`);
  console.log(`  created ${s.created}, updated ${s.updated}, vehicles (make/model/year) ${s.vehicles}`);
  console.log(
    `  by source: ${Object.entries(s.bySource)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  if (replaceDemo) console.log(`  demo deals removed: ${s.demoRemoved} (the demo set will not be seeded again)`);
}
