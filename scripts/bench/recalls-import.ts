/**
 * npm run bench:recalls-import [-- rows]  (default 300,000)
 * Generates a synthetic FLAT_RCL file, imports it into a fresh database twice (the second run measures an
 * idempotent re-import) and prints rows/s. Database: BENCH_DATABASE_URL (a PostgreSQL URL), else a temporary
 * SQLite file. The target is migrated first.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSyntheticFlatRcl } from "./generate-flat-rcl";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

async function main() {
  const rows = Number(process.argv[2] ?? 300_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-recalls-bench-"));
  const file = path.join(dir, "FLAT_RCL_synthetic.txt");
  const url = process.env.BENCH_DATABASE_URL ?? `file:${path.join(dir, "bench.db")}`;
  process.env.DATABASE_URL = url;
  try {
    let t = performance.now();
    await writeSyntheticFlatRcl(file, rows);
    console.log(
      `generated ${rows} rows (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    migrateDeploy(url, { quiet: true });
    const { importRecallFile } = await import("../../lib/recalls");
    const { disconnectDb } = await import("../../lib/db");
    for (const label of ["first import", "re-import (idempotent)"]) {
      t = performance.now();
      const s = await importRecallFile(file);
      console.log(
        `${label}: ${s.rowsImported} rows in ${s.seconds} s = ${s.rowsPerSecond} rows/s; ` +
          `store: ${s.store.campaigns} campaigns, ${s.store.coverage} coverage rows`,
      );
    }
    console.log(
      `database: ${url.startsWith("file:") ? "SQLite (temporary file)" : "PostgreSQL"}; node ${process.version}; ${os.cpus().length} CPUs`,
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
