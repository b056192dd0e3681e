/**
 * `npm run bench:http`: the VIN report over HTTP, measured with autocannon against the built app.
 *
 * Three runs against one server, started as `npm start` starts it (its own SQLite database with the demo data,
 * WEB_CONCURRENCY server processes; NHTSA and vPIC switched off so only vinscope is measured):
 *   1. ceiling   a trivial constant route (/robots.txt): what Next.js itself does on this machine;
 *   2. distinct  /api/public/vin/{vin}?insight=false over ≥ 10,000 distinct decodable VINs;
 *   3. repeated  the same VIN again and again.
 * Prints req/s, p50/p99 latency and each run's ratio to the ceiling.
 *
 *   npm run bench:http -- [--seconds 10] [--connections 10] [--vins 10000] [--query "insight=false"]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { config, parseConfig } from "../lib/config";
import { decodeVinWith } from "../lib/vin/decoder";
import { loadVpicData } from "../lib/vin/vpic-data";
import { baseTestEnv, freePort } from "../tests/support/app";
import { synthesiseVins } from "./support/sample-vins";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    vins: { type: "string", default: "10000" },
    query: { type: "string", default: "insight=false" },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const VIN_COUNT = Number(args.vins);
const QUERY = args.query;
const root = path.resolve(__dirname, "..");

function decodableVins(count: number): string[] {
  const data = loadVpicData(config().vpic.dbPath);
  const out: string[] = [];
  for (const vin of synthesiseVins(data, count * 2, 11)) {
    if (decodeVinWith(data, vin).ok) out.push(vin);
    if (out.length === count) break;
  }
  return out;
}

interface Run {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, paths: () => string, seconds = SECONDS): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths() }) }],
  });
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const vins = decodableVins(VIN_COUNT);
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-http-"));
  const port = await freePort();
  const env = { ...process.env, ...baseTestEnv(port, `file:${path.join(dir, "bench.db")}`), SEED_DEMO_DATA: "true", LOG_LEVEL: "warn" };
  // Served the way `npm start` serves: migrations, demo seed, then WEB_CONCURRENCY server processes.
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], { cwd: root, env, stdio: "ignore", detached: true });
  const workers = parseConfig(env).workers;
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  const exit = new Promise((resolve) => server.once("exit", resolve)).then(() => (exited = true));
  try {
    // start.ts builds first when the sources are newer than the build.
    for (let ok = false; !ok; ) {
      if (exited) throw new Error("the server did not start (run `npm start` to see why)");
      ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (!ok) await new Promise((r) => setTimeout(r, 200));
    }
    // Warm-up (not reported): let V8 optimise the hot paths of both routes and fill the database page cache.
    let warm = 0;
    await measure("warm-up", base, () => (warm++ % 5 === 0 ? "/robots.txt" : `/api/public/vin/${vins[warm % vins.length]}?${QUERY}`), 5);
    let next = 0;
    const repeated = vins[0];
    const runs = [
      await measure("ceiling: GET /robots.txt", base, () => "/robots.txt"),
      await measure(`distinct: ${vins.length} VINs`, base, () => `/api/public/vin/${vins[next++ % vins.length]}?${QUERY}`),
      await measure(`repeated: ${repeated}`, base, () => `/api/public/vin/${repeated}?${QUERY}`),
    ];
    const ceiling = runs[0].rps;
    console.log(
      `\nbench:http  /api/public/vin/{vin}?${QUERY}; ${cpus().length} cores, ${workers} server process${workers === 1 ? "" : "es"} (WEB_CONCURRENCY), ` +
        `load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}, ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );
    console.log("run".padEnd(40), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8), "of ceiling".padStart(11), "non-2xx".padStart(8));
    for (const r of runs) {
      console.log(
        r.name.padEnd(40),
        r.rps.toFixed(0).padStart(9),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        `${((r.rps / ceiling) * 100).toFixed(0)}%`.padStart(11),
        String(r.non2xx + r.errors).padStart(8),
      );
    }
  } finally {
    if (!exited) process.kill(-server.pid!, "SIGTERM");
    await exit;
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
