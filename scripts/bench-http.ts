/**
 * `npm run bench:http`: the VIN report over HTTP, measured with autocannon against the built app.
 *
 * Runs against one server, started as `npm start` starts it (its own SQLite database with the demo data,
 * WEB_CONCURRENCY server processes; the vPIC API off; NHTSA's recalls API a fake on loopback that answers
 * after --nhtsa-delay ms, as a slow NHTSA does):
 *   1. ceiling          a trivial constant route (/robots.txt): what Next.js itself does on this machine;
 *   2. distinct, live   /api/public/vin/{vin}?insight=false over distinct decodable VINs, no recall mirror:
 *                       each new year/make/model waits on the fake NHTSA (the live path, for comparison);
 *   3. repeated         the same VIN again and again;
 *   4. distinct, mirror other distinct VINs after `npm run sync -- recalls` loaded the recall mirror from a
 *                       loopback file server (a FLAT_RCL file with rows for the sampled vehicles): recalls
 *                       answered from the mirror, no NHTSA call.
 * Prints req/s, p50/p99 latency, each run's ratio to the ceiling, and how many calls the fake NHTSA got.
 *
 *   npm run bench:http -- [--seconds 10] [--connections 10] [--vins 10000] [--query "insight=false"] [--nhtsa-delay 300]
 */
import { execFile, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
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
    "nhtsa-delay": { type: "string", default: "300" },
  },
});
const NHTSA_DELAY_MS = Number(args["nhtsa-delay"]);
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

/**
 * A FLAT_RCL file (29 columns) with one synthetic campaign for every third sampled vehicle, so the mirror
 * knows every sampled year/make/model (a vehicle without rows in a complete file has no recalls).
 */
function mirrorFile(vins: string[]): string {
  const data = loadVpicData(config().vpic.dbPath);
  const vehicles = new Map<string, { year: string; make: string; model: string }>();
  for (const vin of vins) {
    const r = decodeVinWith(data, vin);
    if (r.ok && r.decoded.year && r.decoded.make && r.decoded.model) vehicles.set(`${r.decoded.year}|${r.decoded.make}|${r.decoded.model}`, r.decoded);
  }
  const lines: string[] = [];
  let n = 0;
  for (const v of vehicles.values()) {
    if (n++ % 3) continue;
    const campaign = `${String(Number(v.year) % 100).padStart(2, "0")}V${String(n).padStart(6, "0")}`;
    const cols = new Array<string>(29).fill("");
    Object.assign(cols, { 0: String(n), 1: campaign, 2: v.make.toUpperCase(), 3: v.model.toUpperCase(), 4: v.year, 6: "SERVICE BRAKES", 7: "BENCH MOTORS", 11: "100", 15: "20240105", 19: "Benchmark campaign (synthetic).", 20: "Crash risk.", 21: "Dealers will repair.", 27: "No", 28: "No" });
    lines.push(cols.join("\t"));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The fake NHTSA recalls API: every answer after NHTSA_DELAY_MS, no recalls, counted. It also stands in for
 * NHTSA's SafetyRatings and complaints APIs and fueleconomy.gov (issue 18's sections): nothing tested, no
 * complaints, no EPA make (`Results` for SafetyRatings, `results` for the rest, an empty menu for EPA).
 */
async function fakeNhtsa(): Promise<{ url: string; calls: () => number; close: () => void }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls++;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      const epa = req.url?.startsWith("/epa/");
      res.end(JSON.stringify(epa ? {} : { Count: 0, Message: "Results returned successfully", results: [], Results: [] }));
    }, NHTSA_DELAY_MS);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, close: () => server.close() };
}

async function fileServer(body: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-length": Buffer.byteLength(body), etag: '"bench-1"' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main() {
  const all = decodableVins(VIN_COUNT * 2);
  // Two disjoint halves: the live run and the mirror run each see VINs (and vehicles) the other did not warm.
  const vins = all.filter((_, i) => i % 2 === 0);
  const mirrorVins = all.filter((_, i) => i % 2 === 1);
  const nhtsa = await fakeNhtsa();
  const files = await fileServer(mirrorFile(mirrorVins));
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-http-"));
  const port = await freePort();
  const env = {
    ...process.env,
    ...baseTestEnv(port, `file:${path.join(dir, "bench.db")}`),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    DATA_DIR: dir,
    VPIC_DB_PATH: config().vpic.dbPath,
    NHTSA_API_BASE_URL: nhtsa.url,
    RATINGS_API_BASE_URL: nhtsa.url,
    COMPLAINTS_API_BASE_URL: nhtsa.url,
    FUEL_ECONOMY_API_BASE_URL: `${nhtsa.url}/epa`,
    SYNC_RECALLS_URL: files.url,
    SYNC_RECALLS_FILES: "FLAT_RCL_BENCH.txt",
    SYNC_RECALLS_SCHEDULE: "off",
  };
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
      await measure(`distinct, live recalls: ${vins.length} VINs`, base, () => `/api/public/vin/${vins[next++ % vins.length]}?${QUERY}`),
      await measure(`repeated: ${repeated}`, base, () => `/api/public/vin/${repeated}?${QUERY}`),
    ];
    const liveCalls = nhtsa.calls();
    // Load the recall mirror the way an operator does, then wait until the server processes answer from it.
    try {
      // Asynchronous: the file server it downloads from runs in this process.
      await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/sync.ts", "recalls"], { cwd: root, env, encoding: "utf8" });
    } catch (error) {
      throw new Error(`npm run sync -- recalls failed: ${(error as { stdout?: string; stderr?: string }).stdout ?? ""}${(error as { stderr?: string }).stderr ?? ""}`);
    }
    for (let i = 0; i < 100; i++) {
      const r = (await (await fetch(`${base}/api/public/vin/${mirrorVins[0]}?${QUERY}`)).json()) as { recalls?: { source: string } };
      if (r.recalls?.source.includes("mirror")) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    let nextMirror = 1;
    const beforeMirror = nhtsa.calls();
    runs.push(
      await measure(`distinct, recall mirror: ${mirrorVins.length} VINs`, base, () => `/api/public/vin/${mirrorVins[nextMirror++ % mirrorVins.length]}?${QUERY}`),
    );
    const mirrorCalls = nhtsa.calls() - beforeMirror;
    runs.push(await measure("ceiling again: GET /robots.txt", base, () => "/robots.txt"));
    // The machine is shared: the ceiling is measured before and after, and the lower of the two is used.
    const ceiling = Math.min(runs[0].rps, runs[runs.length - 1].rps);
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
    console.log(`fake NHTSA (answers after ${NHTSA_DELAY_MS} ms): ${liveCalls} calls during the live runs, ${mirrorCalls} during the mirror run`);
  } finally {
    if (!exited) process.kill(-server.pid!, "SIGTERM");
    await exit;
    nhtsa.close();
    files.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
