// Unpacks the bundled vPIC database into the data folder (skipped when VPIC_DB_PATH names another file).
import { config } from "../../lib/config";
import { checkVpicDatabase, ensureBundledVpic } from "../../lib/vin";

async function main() {
  const { vpic } = config();
  if (process.env.VPIC_DB_PATH) {
    checkVpicDatabase(vpic.dbPath);
    console.log(`[vinscope] vPIC database: ${vpic.dbPath} (VPIC_DB_PATH)`);
    return;
  }
  const done = await ensureBundledVpic(vpic.dbPath);
  console.log(`[vinscope] vPIC database ${done === "unpacked" ? "unpacked to" : "present at"} ${vpic.dbPath}`);
}

main().catch((error) => {
  console.error(`[vinscope] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
