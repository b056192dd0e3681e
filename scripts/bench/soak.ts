/**
 * `npm run bench:soak`: does memory stay flat under load? Distinct-VIN traffic against the built
 * app, started as `npm start` starts it, for --minutes (10 by default), printing each minute the req/s and the
 * resident memory (RSS) of every server process. NHTSA's recalls API is a fake on loopback answering in
 * --nhtsa-delay ms, so recall lookups, their caches and the report's memos all fill as they do in production.
 *
 * Verdict, after --warmup minutes: every process's RSS stays within 15% of its post-warm-up range and under the
 * heap limit (SERVER_HEAP_MB) plus NATIVE_MB for what V8's old-space limit does not cover (the young generation,
 * code, Node's buffers, SQLite's page cache).
 *
 * --full-indexes serves a database filled first with synthetic rows the size of the real data sets (the EPA
 * file, FLAT_CMPL's summaries, stored answers to each index's cap: `npm run bench:index-memory -- --fill`), so
 * every in-memory index of the report is loaded at full size.
 *
 *   npm run bench:soak -- [--minutes 10] [--warmup 2] [--connections 10] [--vins 200000] [--query "insight=false"]
 *                         [--full-indexes]
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { config } from "../../lib/config";
import { startServer } from "./support/bench-server";
import { decodableVins, fakeNhtsa, fullIndexDatabase, groupProcesses } from "./support/instance";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    vins: { type: "string", default: "200000" },
    query: { type: "string", default: "insight=false" },
    "nhtsa-delay": { type: "string", default: "20" },
    "full-indexes": { type: "boolean", default: false },
  },
});
const MINUTES = Number(args.minutes);
const WARMUP = Number(args.warmup);
const NATIVE_MB = 200;
const LIMIT_MB = config().serverHeapMb + NATIVE_MB;
const FLAT_WITHIN = 0.15;

/**
 * Processes in the group `pgid` (npm start's launcher and primary, its server workers and its job runner)
 * and their RSS in MB; esbuild's service is not ours to measure.
 */
const rssByProcess = (pgid: number): Map<number, number> =>
  new Map(
    groupProcesses(pgid)
      .filter((p) => !p.cmd.join(" ").includes("esbuild"))
      .map((p) => [p.pid, p.rssMb]),
  );

async function main() {
  const vins = decodableVins(Number(args.vins), 17);
  const nhtsa = await fakeNhtsa(Number(args["nhtsa-delay"]));
  const full = args["full-indexes"] ? fullIndexDatabase() : null;
  const server = await startServer({ NHTSA_API_BASE_URL: nhtsa.url }, full ? { databaseUrl: full.url } : {});
  console.log(
    `bench:soak  /api/public/vin/{vin}?${args.query} over ${vins.length} distinct VINs; ${cpus().length} cores, ${server.workers} server processes, ` +
      `${args.connections} connections, ${MINUTES} min (first ${WARMUP} warm-up)` +
      `${full ? "; every report index loaded at full size" : ""}`,
  );
  const samples: Map<number, number>[] = [];
  let next = 0;
  try {
    const start = rssByProcess(server.pid);
    for (const pid of start.keys()) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      console.log(`  process ${pid}: ${cmd[0]?.startsWith("next-server") ? cmd[0] : cmd.slice(-2).join(" ")}`);
    }
    console.log(
      `minute  0  ${"-".padStart(7)} req/s  RSS MB ${[...start.entries()].map(([pid, mb]) => `${pid}:${mb.toFixed(0)}`).join("  ")}`,
    );
    for (let minute = 1; minute <= MINUTES; minute++) {
      const result = await autocannon({
        url: server.base,
        connections: Number(args.connections),
        duration: 60,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({ ...req, path: `/api/public/vin/${vins[next++ % vins.length]}?${args.query}` }),
          },
        ],
      });
      const rss = rssByProcess(server.pid);
      samples.push(rss);
      const bad = result.non2xx + result.errors + result.timeouts;
      console.log(
        `minute ${String(minute).padStart(2)}  ${result.requests.average.toFixed(0).padStart(7)} req/s  RSS MB ` +
          `${[...rss.entries()].map(([pid, mb]) => `${pid}:${mb.toFixed(0)}`).join("  ")}${bad ? `  (${bad} non-2xx/errors)` : ""}`,
      );
    }
  } finally {
    await server.stop();
    nhtsa.close();
    full?.remove();
  }
  const after = samples.slice(WARMUP);
  // Processes that lived through the whole measured part (a sync job's short-lived process is not judged).
  const pids = [...(after[0]?.keys() ?? [])].filter((pid) => after.every((s) => s.has(pid)));
  let ok = after.length > 1;
  for (const pid of pids) {
    const values = after.map((s) => s.get(pid)).filter((v): v is number => v !== undefined);
    const min = Math.min(...values);
    const max = Math.max(...values);
    const spread = (max - min) / min;
    const flat = spread <= FLAT_WITHIN && max < LIMIT_MB;
    ok &&= flat;
    console.log(
      `process ${pid}: after warm-up ${min.toFixed(0)}-${max.toFixed(0)} MB (spread ${(spread * 100).toFixed(1)}%, limit ${FLAT_WITHIN * 100}% and ${LIMIT_MB} MB): ${flat ? "flat" : "NOT flat"}`,
    );
  }
  console.log(ok ? "memory stays flat under load" : "memory is NOT flat (or too few minutes after warm-up to tell)");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
