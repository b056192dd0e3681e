/**
 * npm run import:complaints -- <FLAT_CMPL.zip|.txt>       NHTSA owner complaints (lib/complaints/import.ts)
 * npm run import:fuel-economy -- <vehicles.csv.zip|.csv>   EPA fuel economy (lib/fuel-economy/import.ts)
 * Streamed with a progress bar; idempotent (a re-import updates the same rows). NCAP ratings have no bulk
 * file here: NHTSA publishes them through its SafetyRatings API, whose answers are stored as they are fetched.
 * Database: DATABASE_URL (unset → ./data/vinscope.db); run `npm run db:migrate` first on a new database.
 */
import { disconnectDb } from "../lib/db";
import { importComplaintsFile } from "../lib/complaints/import";
import { importVehiclesCsv } from "../lib/fuel-economy/import";
import { importProgress } from "./support/import-progress";

const KINDS = { complaints: importComplaintsFile, "fuel-economy": importVehiclesCsv } as const;

async function main() {
  const [kind, file, ...rest] = process.argv.slice(2);
  if (!(kind in KINDS) || !file || rest.length) {
    console.error("usage: npm run import:complaints -- <FLAT_CMPL.zip|.txt>  |  npm run import:fuel-economy -- <vehicles.csv.zip|.csv>");
    process.exit(2);
  }
  const progress = importProgress();
  const summary = await KINDS[kind as keyof typeof KINDS](file, { onProgress: progress.onProgress });
  progress.stop();
  console.log(JSON.stringify(summary, null, 2));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
