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
 * With `--nhtsa down` it measures instead what an NHTSA outage costs: the same distinct-VIN run
 * against a server whose NHTSA is off (no live recalls configured) and against one whose NHTSA refuses
 * connections, side by side; the outage should keep at least 80% of the req/s and p99 within 1.5×.
 *
 * With --rate-limit-cost it measures the rate limiter instead: one server, two clients asking a
 * limited route in turn, one exempt (not counted) and one counted against a quota no run reaches; it prints
 * throughput, latency and the server's CPU time per request of each, and the limiter's cost. --database-url
 * serves from that PostgreSQL (counters in the database) instead of a SQLite file (counters in the primary), and
 * adds the shared counters' CPU per decision measured in this process (sharedCounterCost).
 *
 *   npm run bench:http -- [--seconds 10] [--connections 10] [--vins 10000] [--query "insight=false"] [--nhtsa-delay 300]
 *   npm run bench:http -- --nhtsa down
 *   npm run bench:http -- --rate-limit-cost [--seconds 3] [--rounds 8] [--database-url postgresql://…]
 *   npm run bench:http -- --database-url postgresql://… [--instances 1,2,4] [--instance-connections 16] [--rounds 2]
 *
 * With --report it measures the default VIN report (no flags) against decode + pricing: offline, with every
 * source at 300 ms (mirrors loaded, then not), and from a cold start with every source hanging
 * (scripts/bench/support/report-runs.ts):
 *   npm run bench:http -- --report [--seconds 10] [--connections 16]
 *
 * With --database-url alone it measures how the service scales over instances on one PostgreSQL
 * (instanceScaling below).
 */
import { execFile, execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import autocannon from "autocannon";
import { Client } from "pg";
import { config } from "../../lib/config";
import { decodeVinWith } from "../../lib/vin";
import { loadVpicData } from "../../lib/vin";
import { BatchedCounters, PostgresCounterBackend, SharedLimiter } from "../../lib/rate-limit";
import { refusedPort } from "../../tests/fixtures/fake-manufacturer";
import { startServer } from "./support/bench-server";
import { synthesiseVins } from "../../lib/vin";
import { reportRuns } from "./support/report-runs";
import { vinscopeCommand } from "../../tests/support/vinscope-cli";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    vins: { type: "string", default: "10000" },
    query: { type: "string", default: "insight=false" },
    "nhtsa-delay": { type: "string", default: "300" },
    nhtsa: { type: "string", default: "slow" },
    "rate-limit-cost": { type: "boolean", default: false },
    rounds: { type: "string" },
    "database-url": { type: "string" },
    instances: { type: "string", default: "1,2,4" },
    "instance-connections": { type: "string", default: "16" },
    report: { type: "boolean", default: false },
  },
});
const NHTSA_DELAY_MS = Number(args["nhtsa-delay"]);
if (args.nhtsa !== "slow" && args.nhtsa !== "down")
  throw new Error(`--nhtsa takes "slow" (the default) or "down", not "${args.nhtsa}"`);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const VIN_COUNT = Number(args.vins);
const QUERY = args.query;
const root = path.resolve(__dirname, "../..");

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

async function measure(
  name: string,
  url: string,
  paths: () => string,
  seconds = SECONDS,
  headers: Record<string, string> = {},
  /** Each answer's path, status and body (read only when asked for: parsing costs the client). */
  onBody?: (path: string, status: number, body: string) => void,
): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [
      {
        method: "GET",
        // One request at a time per connection: its answer follows the path set here.
        setupRequest: (req, context: { path?: string }) => ({ ...req, path: (context.path = paths()) }),
        ...(onBody
          ? {
              onResponse: (status: number, body: string, context: { path?: string }) =>
                onBody(context.path!, status, body),
            }
          : {}),
      },
    ],
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
    if (r.ok && r.decoded.year && r.decoded.make && r.decoded.model)
      vehicles.set(`${r.decoded.year}|${r.decoded.make}|${r.decoded.model}`, r.decoded);
  }
  const lines: string[] = [];
  let n = 0;
  for (const v of vehicles.values()) {
    if (n++ % 3) continue;
    const campaign = `${String(Number(v.year) % 100).padStart(2, "0")}V${String(n).padStart(6, "0")}`;
    const cols = new Array<string>(29).fill("");
    Object.assign(cols, {
      0: String(n),
      1: campaign,
      2: v.make.toUpperCase(),
      3: v.model.toUpperCase(),
      4: v.year,
      6: "SERVICE BRAKES",
      7: "BENCH MOTORS",
      11: "100",
      15: "20240105",
      19: "Benchmark campaign (synthetic).",
      20: "Crash risk.",
      21: "Dealers will repair.",
      27: "No",
      28: "No",
    });
    lines.push(cols.join("\t"));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The fake NHTSA recalls API: every answer after NHTSA_DELAY_MS, no recalls, counted. It also stands in for
 * NHTSA's SafetyRatings and complaints APIs and fueleconomy.gov (the buyer-data sections): nothing tested, no
 * complaints, no EPA make (`Results` for SafetyRatings, `results` for the rest, an empty menu for EPA).
 */
async function fakeNhtsa(): Promise<{ url: string; calls: () => number; close: () => void }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls++;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      const epa = req.url?.startsWith("/epa/");
      res.end(
        JSON.stringify(epa ? {} : { Count: 0, Message: "Results returned successfully", results: [], Results: [] }),
      );
    }, NHTSA_DELAY_MS);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => server.close(),
  };
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
  // Served the way `npm start` serves: migrations, demo seed, then WEB_CONCURRENCY server processes.
  const server = await startServer({
    NHTSA_API_BASE_URL: nhtsa.url,
    RATINGS_API_BASE_URL: nhtsa.url,
    COMPLAINTS_API_BASE_URL: nhtsa.url,
    FUEL_ECONOMY_API_BASE_URL: `${nhtsa.url}/epa`,
    SYNC_RECALLS_URL: files.url,
    SYNC_RECALLS_FILES: "FLAT_RCL_BENCH.txt",
  });
  const { base, workers, env } = server;
  try {
    // Warm-up (not reported): let V8 optimise the hot paths of both routes and fill the database page cache.
    let warm = 0;
    await measure(
      "warm-up",
      base,
      () => (warm++ % 5 === 0 ? "/robots.txt" : `/api/public/vin/${vins[warm % vins.length]}?${QUERY}`),
      5,
    );
    let next = 0;
    const repeated = vins[0];
    const runs = [
      await measure("ceiling: GET /robots.txt", base, () => "/robots.txt"),
      await measure(
        `distinct, live recalls: ${vins.length} VINs`,
        base,
        () => `/api/public/vin/${vins[next++ % vins.length]}?${QUERY}`,
      ),
      await measure(`repeated: ${repeated}`, base, () => `/api/public/vin/${repeated}?${QUERY}`),
    ];
    const liveCalls = nhtsa.calls();
    // Load the recall mirror the way an operator does, then wait until the server processes answer from it.
    try {
      // Asynchronous: the file server it downloads from runs in this process.
      await promisify(execFile)(...vinscopeCommand("sync", "recalls"), {
        cwd: root,
        env,
        encoding: "utf8",
      });
    } catch (error) {
      throw new Error(
        `npm run sync -- recalls failed: ${(error as { stdout?: string; stderr?: string }).stdout ?? ""}${(error as { stderr?: string }).stderr ?? ""}`,
      );
    }
    for (let i = 0; i < 100; i++) {
      const r = (await (await fetch(`${base}/api/public/vin/${mirrorVins[0]}?${QUERY}`)).json()) as {
        recalls?: { source: string };
      };
      if (r.recalls?.source.includes("mirror")) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    let nextMirror = 1;
    const beforeMirror = nhtsa.calls();
    runs.push(
      await measure(
        `distinct, recall mirror: ${mirrorVins.length} VINs`,
        base,
        () => `/api/public/vin/${mirrorVins[nextMirror++ % mirrorVins.length]}?${QUERY}`,
      ),
    );
    const mirrorCalls = nhtsa.calls() - beforeMirror;
    runs.push(await measure("ceiling again: GET /robots.txt", base, () => "/robots.txt"));
    // The machine is shared: the ceiling is measured before and after, and the lower of the two is used.
    const ceiling = Math.min(runs[0].rps, runs[runs.length - 1].rps);
    console.log(
      `\nbench:http  /api/public/vin/{vin}?${QUERY}; ${cpus().length} cores, ${workers} server process${workers === 1 ? "" : "es"} (WEB_CONCURRENCY), ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}, ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );
    console.log(
      "run".padEnd(40),
      "req/s".padStart(9),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "of ceiling".padStart(11),
      "non-2xx".padStart(8),
    );
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
    console.log(
      `fake NHTSA (answers after ${NHTSA_DELAY_MS} ms): ${liveCalls} calls during the live runs, ${mirrorCalls} during the mirror run`,
    );
  } finally {
    await server.stop();
    nhtsa.close();
    files.close();
  }
}

/** `--nhtsa down`: distinct VINs with NHTSA off, then with NHTSA refusing connections, on fresh servers. */
async function outageComparison() {
  const all = decodableVins(VIN_COUNT * 2);
  const cases = [
    { name: "NHTSA off (not configured)", env: { NHTSA_API_BASE_URL: "off" }, vins: all.filter((_, i) => i % 2 === 0) },
    {
      name: "NHTSA down (connection refused)",
      env: { NHTSA_API_BASE_URL: `http://127.0.0.1:${await refusedPort()}` },
      vins: all.filter((_, i) => i % 2 === 1),
    },
  ];
  const runs: Run[] = [];
  let workers = 0;
  for (const c of cases) {
    const server = await startServer(c.env);
    workers = server.workers;
    try {
      let warm = 0;
      // Warm-up on VINs of the other half, so the measured run meets only vehicles it has not seen.
      const other = cases.find((o) => o !== c)!.vins;
      await measure("warm-up", server.base, () => `/api/public/vin/${other[warm++ % other.length]}?${QUERY}`, 5);
      let next = 0;
      runs.push(
        await measure(
          `distinct VINs, ${c.name}`,
          server.base,
          () => `/api/public/vin/${c.vins[next++ % c.vins.length]}?${QUERY}`,
        ),
      );
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\nbench:http --nhtsa down  /api/public/vin/{vin}?${QUERY}; ${cpus().length} cores, ${workers} server processes, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  );
  console.log("run".padEnd(44), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8));
  for (const r of runs) {
    console.log(
      r.name.padEnd(44),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.non2xx + r.errors).padStart(8),
    );
  }
  const [off, down] = runs;
  const rpsShare = down.rps / off.rps;
  const p99Ratio = down.p99 / Math.max(off.p99, 1);
  console.log(
    `outage keeps ${(rpsShare * 100).toFixed(0)}% of the req/s (target ≥ 80%), p99 ${p99Ratio.toFixed(2)}× (target ≤ 1.5×): ` +
      (rpsShare >= 0.8 && p99Ratio <= 1.5 ? "met" : "NOT met"),
  );
}

/**
 * CPU time (user + system, ms) used so far by a process and everything below it (Linux /proc; null elsewhere).
 * On a shared machine, throughput swings with the neighbours' load; the CPU time a server spends per request
 * does much less, and for a CPU-bound server throughput is its inverse.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A process's parent and CPU time so far (ms), from /proc/<pid>/stat; null once it has ended. The time includes
 * its children that ended (and were waited for), so a tree's sum does not drop when a short-lived child exits.
 */
function procStat(pid: number | string): { ppid: number; cpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function treeCpuMs(rootPid: number): number | null {
  if (!existsSync("/proc/self/stat")) return null;
  const stats = new Map<number, { ppid: number; cpuMs: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, st] of stats) {
      if (tree.has(st.ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let cpuMs = 0;
  for (const pid of tree) cpuMs += stats.get(pid)?.cpuMs ?? 0;
  return cpuMs;
}

/**
 * The RateLimit field of a GET's answer, on a connection of its own: a kept-alive one left idle while autocannon
 * ran may be closed by a busy server just as it is reused.
 */
function rateLimitOf(url: string, headers: Record<string, string>): Promise<string | null> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve((res.headers.ratelimit as string | undefined) ?? null));
      })
      .on("error", reject);
  });
}

/**
 * The limiter's cost, on one server (so both sides share its processes, caches and the machine's load): the same
 * route asked in turn by two clients behind a trusted proxy (loopback), one whose address is exempt (the
 * request skips the counters: the limiter off, but for reading the address) and one counted against a quota no
 * run reaches (a round trip to the counters, and the headers). Runs alternate, pair by pair.
 */
async function rateLimitCost() {
  const ROUNDS = Number(args.rounds ?? 8);
  const vins = decodableVins(10);
  const nhtsa = await fakeNhtsa();
  const clients = [
    { name: "exempt address: not counted", headers: { "x-forwarded-for": "192.0.2.1" } },
    { name: "counted (quota 100,000,000/h)", headers: { "x-forwarded-for": "198.51.100.1" } },
  ];
  const server = await startServer(
    {
      NHTSA_API_BASE_URL: nhtsa.url,
      RATE_LIMIT_REQUESTS: "100000000",
      RATE_LIMIT_WINDOW_SECONDS: "3600",
      TRUSTED_PROXIES: "127.0.0.1,::1",
      RATE_LIMIT_EXEMPT: "192.0.2.1",
    },
    { databaseUrl: args["database-url"] },
  );
  try {
    const routes = [
      { name: `GET /api/public/vin/{vin}?${QUERY}`, path: `/api/public/vin/${vins[0]}?${QUERY}` },
      // The cheapest limited route (a document built once per process): where a per-request cost shows most.
      { name: "GET /api/public/openapi.json", path: "/api/public/openapi.json" },
    ];
    await measure(
      "warm-up",
      server.base,
      () => (Math.random() < 0.5 ? routes[0].path : routes[1].path),
      3,
      clients[1].headers,
    );
    // The counted client really is counted: its answers carry RateLimit.
    const probe = await rateLimitOf(`${server.base}${routes[1].path}`, clients[1].headers);
    const exemptProbe = await rateLimitOf(`${server.base}${routes[1].path}`, clients[0].headers);
    if (!probe || exemptProbe) throw new Error("the bench's clients are not counted / exempt as intended");
    console.log(
      `\nbench:http --rate-limit-cost  ${args["database-url"] ? "PostgreSQL (counters in the database)" : "SQLite (counters in the npm start primary)"}; ` +
        `${cpus().length} cores, ${server.workers} server processes, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}, ` +
        `${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds; counted answer: ${probe}`,
    );
    console.log(
      "route".padEnd(36),
      "client".padEnd(30),
      "total req/s".padStart(12),
      "p50 ms".padStart(7),
      "p99 ms".padStart(7),
      "CPU ms/req".padStart(11),
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const route of routes) {
      const totals = clients.map(() => ({
        requests: 0,
        seconds: 0,
        p50: [] as number[],
        p99: [] as number[],
        non2xx: 0,
        cpuMs: 0 as number | null,
      }));
      // The counted/exempt ratio of each round: its two runs are back to back, so they share the machine's load.
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so neither always follows the other.
        const order = round % 2 ? [1, 0] : [0, 1];
        const rps: number[] = [];
        for (const i of order) {
          const cpuBefore = treeCpuMs(server.pid);
          const run = await measure(clients[i].name, server.base, () => route.path, SECONDS, clients[i].headers);
          const cpuAfter = treeCpuMs(server.pid);
          const t = totals[i];
          t.cpuMs =
            cpuBefore === null || cpuAfter === null || t.cpuMs === null ? null : t.cpuMs + (cpuAfter - cpuBefore);
          t.requests += run.requests;
          t.seconds += SECONDS;
          t.p50.push(run.p50);
          t.p99.push(run.p99);
          t.non2xx += run.non2xx + run.errors;
          rps[i] = run.rps;
        }
        ratios.push(rps[1] / rps[0]);
      }
      totals.forEach((t, i) => {
        console.log(
          route.name.slice(0, 36).padEnd(36),
          clients[i].name.padEnd(30),
          (t.requests / t.seconds).toFixed(0).padStart(12),
          String(median(t.p50)).padStart(7),
          String(median(t.p99)).padStart(7),
          (t.cpuMs === null ? "n/a" : (t.cpuMs / t.requests).toFixed(3)).padStart(11),
          t.non2xx ? `(${t.non2xx} non-2xx)` : "",
        );
      });
      const [cpuOff, cpuOn] = totals.map((t) => (t.cpuMs === null ? null : t.cpuMs / t.requests));
      if (cpuOff !== null && cpuOn !== null) {
        // Throughput of a CPU-bound server is 1 / (CPU per request): the limiter's share of the CPU is its throughput cost.
        console.log(
          `  limiter cost in server CPU per request: ${(((cpuOn - cpuOff) / cpuOn) * 100).toFixed(1)}% (${(cpuOn - cpuOff).toFixed(3)} ms of ${cpuOn.toFixed(3)} ms)`,
        );
      }
      const off = totals[0].requests / totals[0].seconds;
      const on = totals[1].requests / totals[1].seconds;
      console.log(
        `  limiter cost in throughput: ${(((off - on) / off) * 100).toFixed(1)}% in total; median of the ${ROUNDS} paired rounds ` +
          `${((1 - median(ratios)) * 100).toFixed(1)}% (per round: ${ratios.map((r) => `${((1 - r) * 100).toFixed(0)}%`).join(", ")})`,
      );
    }
  } finally {
    await server.stop();
    nhtsa.close();
  }
  if (args["database-url"]) await sharedCounterCost(args["database-url"]);
}

/**
 * The shared counters' own cost, in this process against the same PostgreSQL, where a busy machine's noise does
 * not reach it: CPU time per decision (this process's, which includes sending the statements; PostgreSQL's
 * share is printed by the scaling runs) for one client asking again and again, and for many clients each
 * asking once (every first request of a client is counted by a statement, shared by all that wait with it).
 */
async function sharedCounterCost(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema") ?? undefined;
  const backend = new PostgresCounterBackend({ provider: "postgresql", url: url.toString(), schema });
  const policy = { requests: 100_000_000, windowSeconds: 3600 };
  const counters = new BatchedCounters(backend, {
    points: policy.requests,
    durationMs: 3_600_000,
    memberId: `bench-${process.pid}`,
    keyPrefix: `bench_${Date.now()}`,
  });
  const limiter = new SharedLimiter("bench", policy, [
    {
      name: "postgresql",
      consume: (key, points) => counters.consume(key, points),
      decideLocally: (key, points) => counters.decideLocally(key, points),
    },
  ]);
  const measureCpu = async (work: () => Promise<number>) => {
    const before = process.cpuUsage();
    const started = performance.now();
    const decisions = await work();
    const cpu = process.cpuUsage(before);
    return {
      perDecisionUs: ((cpu.user + cpu.system) / decisions).toFixed(1),
      perSecond: Math.round(decisions / ((performance.now() - started) / 1000)),
    };
  };
  await limiter.consume("warm-up");
  const one = await measureCpu(async () => {
    const until = performance.now() + 3000;
    let n = 0;
    while (performance.now() < until) for (let i = 0; i < 1000; i++, n++) await limiter.consume("198.51.100.1");
    return n;
  });
  const many = await measureCpu(async () => {
    let n = 0;
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(Array.from({ length: 1000 }, () => limiter.consume(`203.0.${batch}.${n++ % 1000}`)));
    }
    return n;
  });
  await backend.end();
  console.log(
    `shared counters in-process (PostgreSQL, CPU of this process per decision): one client asking again and again ` +
      `${one.perDecisionUs} µs (${one.perSecond}/s); 20,000 clients asking once, 1,000 at a time ${many.perDecisionUs} µs (${many.perSecond}/s)`,
  );
}

/** The PIDs of PostgreSQL's backends serving `database`, for their CPU time (/proc). */
async function postgresBackends(admin: Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [database],
  );
  return rows.map((r) => r.pid);
}

interface ScalingRun extends Run {
  /** CPU ms per request: the instances' processes, PostgreSQL's backends for the database, this load generator. */
  serverCpu: number;
  databaseCpu: number;
  benchCpu: number;
}

/**
 * Measured scaling on one PostgreSQL (`--database-url` without --rate-limit-cost): for each count of
 * `--instances` (1, 2, 4), that many instances started as `npm start` starts them with one server process
 * each (WEB_CONCURRENCY=1, so the machine's cores bound the total), all on the one database, every outside
 * source off; and one instance on SQLite first, for comparison. autocannon spreads `--instance-connections`
 * connections per instance over them (round robin, as a load balancer would) and asks for distinct VINs
 * throughout. Runs per set-up, `--rounds` times in alternating order:
 *   - decode + pricing, limit off: every other section off, from a client address on RATE_LIMIT_EXEMPT
 *   - decode + pricing, limit on: the same from a counted address (a quota no run reaches)
 *   - default report: no query (every section the default report has), limit off
 * and a constant route (/robots.txt) before and after, as the framework's ceiling. Each run prints req/s,
 * p50/p99 and the CPU time per request of the instances' processes, of PostgreSQL's backends for this
 * database and of this load generator: with the 2 cores saturated, their sum says where the time goes.
 */
async function instanceScaling(databaseUrl: string) {
  const counts = args.instances.split(",").map(Number);
  const rounds = Number(args.rounds ?? 2);
  const perInstance = Number(args["instance-connections"]);
  if (counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--instances takes counts such as 1,2,4, not "${args.instances}"`);
  const vins = decodableVins(VIN_COUNT * 4);
  let nextVin = 0;
  const distinct = (query: string) => () =>
    `/api/public/vin/${vins[nextVin++ % vins.length]}${query ? `?${query}` : ""}`;
  const DECODE_PRICING =
    "recalls=false&insight=false&safetyRatings=false&complaints=false&fuelEconomy=false&investigations=false&bulletins=false&canadaRecalls=false";
  const exempt = { "x-forwarded-for": "192.0.2.1" };
  const counted = { "x-forwarded-for": "198.51.100.1" };
  const runsOf = [
    { name: "decode + pricing, limit off", path: distinct(DECODE_PRICING), headers: exempt },
    { name: "decode + pricing, limit on", path: distinct(DECODE_PRICING), headers: counted },
    { name: "default report (no query)", path: distinct(""), headers: exempt },
  ];
  const pgUrl = new URL(databaseUrl);
  pgUrl.searchParams.delete("schema");
  const admin = new Client({ connectionString: pgUrl.toString() });
  await admin.connect();
  const databaseName = decodeURIComponent(pgUrl.pathname.slice(1));

  const setups = [
    { name: "SQLite, 1 instance", count: 1, databaseUrl: undefined as string | undefined },
    ...counts.map((count) => ({ name: `PostgreSQL, ${count} instance${count === 1 ? "" : "s"}`, count, databaseUrl })),
  ];
  const table: { setup: string; runs: ScalingRun[] }[] = [];
  for (const setup of setups) {
    const servers = await Promise.all(
      Array.from({ length: setup.count }, () =>
        startServer(
          {
            WEB_CONCURRENCY: "1",
            TRUSTED_PROXIES: "127.0.0.1,::1",
            RATE_LIMIT_EXEMPT: "192.0.2.1",
            RATE_LIMIT_REQUESTS: "100000000",
            RATE_LIMIT_WINDOW_SECONDS: "3600",
          },
          { databaseUrl: setup.databaseUrl },
        ),
      ),
    );
    try {
      const urls = servers.map((s) => s.base);
      const measureAll = async (
        name: string,
        path: () => string,
        headers: Record<string, string> = exempt,
        seconds = SECONDS,
      ): Promise<ScalingRun> => {
        const serverBefore = servers.map((s) => treeCpuMs(s.pid) ?? 0);
        const backends = setup.databaseUrl ? await postgresBackends(admin, databaseName) : [];
        const dbBefore = new Map(backends.map((pid) => [pid, procStat(pid)?.cpuMs ?? 0]));
        const benchBefore = process.cpuUsage();
        const result = await autocannon({
          url: urls as unknown as string, // autocannon spreads its connections over several URLs in turn
          connections: perInstance * servers.length,
          duration: seconds,
          headers,
          requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: path() }) }],
        });
        const bench = process.cpuUsage(benchBefore);
        const serverMs = servers.reduce((sum, s, i) => sum + ((treeCpuMs(s.pid) ?? 0) - serverBefore[i]), 0);
        let dbMs = 0;
        if (setup.databaseUrl)
          for (const pid of await postgresBackends(admin, databaseName))
            dbMs += (procStat(pid)?.cpuMs ?? 0) - (dbBefore.get(pid) ?? 0);
        const requests = Math.max(1, result.requests.total);
        return {
          name,
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          serverCpu: serverMs / requests,
          databaseCpu: dbMs / requests,
          benchCpu: (bench.user + bench.system) / 1000 / requests,
        };
      };
      // A run that ends leaves requests in the servers (autocannon stops waiting for them): the next starts once
      // the servers have finished them, i.e. once they use under a tenth of a core for a moment.
      const settle = async () => {
        for (let waited = 0, last = servers.map((s) => treeCpuMs(s.pid) ?? 0); waited < 20_000; waited += 250) {
          await new Promise((r) => setTimeout(r, 250));
          const now = servers.map((s) => treeCpuMs(s.pid) ?? 0);
          const busiest = Math.max(...now.map((ms, i) => ms - last[i]));
          last = now;
          if (busiest < 25) return;
        }
      };
      const measureSettled: typeof measureAll = async (...a) => {
        await settle();
        return measureAll(...a);
      };
      // Warm-up (not reported): V8 optimises the hot paths, every instance loads its indexes.
      await measureAll("warm-up", distinct(DECODE_PRICING), counted, 5);
      const runs: ScalingRun[] = [await measureSettled("ceiling: GET /robots.txt", () => "/robots.txt")];
      const totals = runsOf.map(() => [] as ScalingRun[]);
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 ? [...runsOf.keys()].reverse() : [...runsOf.keys()];
        for (const i of order) totals[i].push(await measureSettled(runsOf[i].name, runsOf[i].path, runsOf[i].headers));
      }
      for (const [i, list] of totals.entries()) runs.push(combineRuns(runsOf[i].name, list));
      runs.push(await measureSettled("ceiling again: GET /robots.txt", () => "/robots.txt"));
      table.push({ setup: setup.name, runs });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
  await admin.end();

  console.log(
    `\nbench:http --database-url  instances of 1 server process each; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, ` +
      `${perInstance} connections per instance, ${SECONDS} s per run, ${rounds} rounds, distinct VINs, outside sources off`,
  );
  console.log(
    "set-up".padEnd(26),
    "run".padEnd(30),
    "req/s".padStart(7),
    "p50 ms".padStart(7),
    "p99 ms".padStart(7),
    "non-2xx".padStart(8),
    "CPU ms/req: server".padStart(19),
    "PostgreSQL".padStart(11),
    "bench".padStart(6),
  );
  for (const { setup, runs } of table) {
    for (const r of runs) {
      console.log(
        setup.padEnd(26),
        r.name.padEnd(30),
        r.rps.toFixed(0).padStart(7),
        String(r.p50).padStart(7),
        String(r.p99).padStart(7),
        String(r.non2xx + r.errors).padStart(8),
        r.serverCpu.toFixed(2).padStart(19),
        r.databaseCpu.toFixed(2).padStart(11),
        r.benchCpu.toFixed(2).padStart(6),
      );
    }
    const by = (name: string) => runs.find((r) => r.name.startsWith(name))!;
    const off = by("decode + pricing, limit off");
    console.log(
      setup.padEnd(26),
      `limit on / off ${(by("decode + pricing, limit on").rps / off.rps).toFixed(2)} (target ≥ 0.9); ` +
        `default / decode + pricing ${(by("default report").rps / off.rps).toFixed(2)} (target ≥ 0.8); ` +
        `decode + pricing / ceiling ${(off.rps / Math.min(runs[0].rps, runs[runs.length - 1].rps)).toFixed(2)}`,
    );
  }
}

/** Several runs of one kind as one: their requests over their time, the median of their latencies, CPU weighted by requests. */
function combineRuns(name: string, runs: ScalingRun[]): ScalingRun {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const weighted = (pick: (r: ScalingRun) => number) =>
    runs.reduce((sum, r) => sum + pick(r) * r.requests, 0) / Math.max(1, requests);
  return {
    name,
    requests,
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    serverCpu: weighted((r) => r.serverCpu),
    databaseCpu: weighted((r) => r.databaseCpu),
    benchCpu: weighted((r) => r.benchCpu),
  };
}

let vpicForBench: ReturnType<typeof loadVpicData> | undefined;

function vehicleOf(vin: string): { year: string; make: string; model: string } | null {
  const r = decodeVinWith((vpicForBench ??= loadVpicData(config().vpic.dbPath)), vin);
  return r.ok && r.decoded.year && r.decoded.make && r.decoded.model
    ? { year: r.decoded.year, make: r.decoded.make, model: r.decoded.model }
    : null;
}

const run = args.report
  ? () =>
      reportRuns({
        vins: decodableVins(VIN_COUNT * 6),
        vehicleOf,
        recallFile: mirrorFile,
        measure,
        connections: CONNECTIONS,
        seconds: SECONDS,
      })
  : args.nhtsa === "down"
    ? outageComparison
    : args["rate-limit-cost"]
      ? rateLimitCost
      : args["database-url"]
        ? () => instanceScaling(args["database-url"]!)
        : main;
run().catch((error) => {
  console.error(error);
  process.exit(1);
});
