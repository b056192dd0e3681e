/**
 * npm run import:recalls -- <file> [--queries <file>]
 *   <file>: NHTSA FLAT_RCL (.zip or .txt, 24/27/29 columns), saved recallsByVehicle answers (.json), or a
 *   campaign CSV with the API's column names (.csv). Idempotent: importing again updates the same rows.
 *   --queries: for .json, the year/make/model queries the answers belong to (same order), so that empty
 *   answers are recorded as "0 recalls" for their vehicle.
 * Database: DATABASE_URL (unset → ./data/vinscope.db); run `npm run db:migrate` first on a new database.
 */
import { disconnectDb } from "../lib/db";
import { importRecallFile } from "../lib/recalls/import";
import { importProgress } from "./support/import-progress";

async function main() {
  const args = process.argv.slice(2);
  const q = args.indexOf("--queries");
  const queriesFile = q >= 0 ? args[q + 1] : undefined;
  const files = args.filter((a, i) => !a.startsWith("--") && (q < 0 || i !== q + 1));
  if (files.length !== 1 || (q >= 0 && !queriesFile)) {
    console.error("usage: npm run import:recalls -- <FLAT_RCL.zip|.txt|answers.json|campaigns.csv> [--queries queries.json]");
    process.exit(2);
  }
  const progress = importProgress();
  const summary = await importRecallFile(files[0], { queriesFile, onProgress: progress.onProgress });
  progress.stop();
  console.log(JSON.stringify(summary, null, 2));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
