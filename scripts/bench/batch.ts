/**
 * Batch decode benchmark: server time of GET /api/public/vins for 50 VINs without sections (decode, report
 * assembly, JSON and ETag, as the route does them), side by side with the same 50 VINs as 50 single reports
 * (what a client looping over /api/public/vin/{vin} costs the server). Two set-ups:
 *   - enrichment off (VPIC_API_BASE_URL=off): the local decoder alone;
 *   - enrichment on with every descriptor already stored (the steady state): read from the stored answers'
 *     in-memory index, loaded from a migrated temporary SQLite database; the vPIC API address points nowhere
 *     and is never asked.
 *
 *   npm run bench:batch [-- --rounds 300 --seed 11]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "300" }, seed: { type: "string", default: "11" } },
});
const ROUNDS = Number(args.rounds);
const GOAL_MS = 5;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-batch-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
  process.env.LOG_LEVEL = "silent";
  process.env.VPIC_API_BASE_URL = "off";
  const { migrateDeploy } = await import("../../cli/db/migrate-deploy");
  migrateDeploy(process.env.DATABASE_URL, { quiet: true });

  const { resetConfigForTests } = await import("../../lib/config");
  const { db, disconnectDb } = await import("../../lib/db");
  const { etagFor } = await import("../../lib/http/etag");
  const { buildVinBatch, buildVinReport } = await import("../../lib/report");
  const { vpicData, decodeVinWith } = await import("../../lib/vin");
  const { synthesiseVins } = await import("../../lib/vin");
  const { percentile } = await import("./support/percentile");
  resetConfigForTests();

  const data = vpicData();
  // 50 VINs that decode, from the vPIC file itself (as bench:decode makes them).
  const vins = synthesiseVins(data, 400, Number(args.seed))
    .filter((v) => {
      const r = decodeVinWith(data, v);
      return r.ok && r.decoded.model !== "";
    })
    .slice(0, 50);
  const flags = {
    pricing: false,
    recalls: false,
    insight: false,
    safetyRatings: false,
    complaints: false,
    fuelEconomy: false,
    investigations: false,
    bulletins: false,
    canadaRecalls: false,
  };

  const batchOnce = async () => {
    const body = await buildVinBatch(vins, flags);
    const text = JSON.stringify(body);
    etagFor(text);
    return text.length;
  };
  const singlesOnce = async () => {
    let bytes = 0;
    for (const vin of vins) {
      const text = JSON.stringify(await buildVinReport(vin, flags));
      etagFor(text);
      bytes += text.length;
    }
    return bytes;
  };

  async function measure(label: string) {
    for (let i = 0; i < 30; i++) {
      await batchOnce();
      await singlesOnce();
    }
    const batch: number[] = [];
    const singles: number[] = [];
    // Interleaved rounds: a noisy moment on the shared machine hits both alike.
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await batchOnce();
      batch.push(performance.now() - t);
      t = performance.now();
      await singlesOnce();
      singles.push(performance.now() - t);
    }
    batch.sort((a, b) => a - b);
    singles.sort((a, b) => a - b);
    const bytes = await batchOnce();
    console.log(`${label}`);
    console.log(
      `  batch of 50 (one request):   median ${percentile(batch, 50).toFixed(2)} ms, p95 ${percentile(batch, 95).toFixed(2)} ms, p99 ${percentile(batch, 99).toFixed(2)} ms (${(bytes / 1024).toFixed(0)} KiB JSON)`,
    );
    console.log(
      `  50 single reports (peer):    median ${percentile(singles, 50).toFixed(2)} ms, p95 ${percentile(singles, 95).toFixed(2)} ms`,
    );
    console.log(`  goal: batch median < ${GOAL_MS} ms ${percentile(batch, 50) < GOAL_MS ? "met" : "MISSED"}\n`);
  }

  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (node ${process.version}); shared with other developers' work`,
  );
  console.log(
    `VINs: 50 distinct synthetic VINs that decode (seed ${args.seed}); ${ROUNDS} interleaved rounds; sections off\n`,
  );
  await measure("enrichment off (local decoder only)");

  // Steady state with enrichment on: every descriptor cached, so no request leaves the process.
  const descriptors = [...new Set(vins.map((v) => (decodeVinWith(data, v) as { descriptor: string }).descriptor))];
  for (const descriptor of descriptors) {
    await db().sourceAnswer.create({
      data: {
        source: "vpic",
        key: descriptor,
        payload: JSON.stringify({ DriveType: "FWD/Front-Wheel Drive", ABS: "Standard" }),
        checkedAt: new Date(),
      },
    });
  }
  process.env.VPIC_API_BASE_URL = "http://127.0.0.1:9/api";
  resetConfigForTests();
  await measure("enrichment on, every descriptor stored (held in memory: no query)");

  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
