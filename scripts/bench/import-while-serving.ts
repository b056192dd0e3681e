/**
 * `npm run bench:import-while-serving`: what a big import and a full recall sync cost the requests the app
 * serves meanwhile, on the app started as `npm start` starts it (SQLite by default; `-- --database-url
 * postgresql://…` for PostgreSQL).
 *
 * While each phase runs, a steady load asks, each kind of request in its own loop, `--every` ms after the previous
 * answer:
 *   - /robots.txt, a constant route that never touches the database;
 *   - the VIN report of distinct VINs (`?insight=false`: pricing from the deals, recalls from the store);
 *   - a dealer provision call, which writes the key's usage (the writer that made imports fail).
 * Phases: idle (the load alone), a deals import of `--deals` rows (default 300,000) through `vinscope import
 * deals`, and a full recall sync of a synthetic FLAT_RCL file of `--recalls` rows (default 300,000) served from
 * loopback through `vinscope sync recalls`. For each phase and route: requests, failures (non-2xx), p50, p99
 * and the worst latency; and the import's and the sync's own outcome, time and longest write-lock hold (publish).
 */
import { execFile } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { config } from "../../lib/config";
import { decodeVinWith } from "../../lib/vin";
import { loadVpicData } from "../../lib/vin";
import { writeSyntheticFlatRcl } from "./generate-flat-rcl";
import { startServer, type BenchServer } from "./support/bench-server";
import { synthesiseVins } from "../../lib/vin";
import { vinscopeCommand } from "../../tests/support/vinscope-cli";

const { values: args } = parseArgs({
  options: {
    deals: { type: "string", default: "300000" },
    recalls: { type: "string", default: "300000" },
    every: { type: "string", default: "100" },
    "idle-seconds": { type: "string", default: "10" },
    "database-url": { type: "string" },
  },
});
const root = path.resolve(__dirname, "../..");
const EVERY_MS = Number(args.every);

type Route = "robots" | "report" | "provision";
interface Sample {
  route: Route;
  ms: number;
  ok: boolean;
}

function cli(
  server: BenchServer,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      ...vinscopeCommand(...argv),
      { cwd: root, env: { ...server.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          ms: performance.now() - started,
        }),
    );
  });
}

/**
 * One prober per kind of request, each sending its next request EVERY_MS after the previous answer (a closed
 * loop: what is measured is how long the app takes to answer, not a queue the load generator built up).
 */
function steadyLoad(server: BenchServer, vins: string[], key: string) {
  const samples: Sample[] = [];
  let running = true;
  let next = 0;
  const probe = async (route: Route, request: () => Promise<Response>) => {
    while (running) {
      const started = performance.now();
      try {
        const res = await request();
        await res.arrayBuffer();
        samples.push({ route, ms: performance.now() - started, ok: res.ok });
      } catch {
        samples.push({ route, ms: performance.now() - started, ok: false });
      }
      await new Promise((r) => setTimeout(r, EVERY_MS));
    }
  };
  const probers = Promise.all([
    probe("robots", () => fetch(`${server.base}/robots.txt`)),
    probe("report", () => fetch(`${server.base}/api/public/vin/${vins[next++ % vins.length]}?insight=false`)),
    probe("provision", () =>
      fetch(`${server.base}/api/dealer/v1/provision`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify({ vins: [vins[next++ % vins.length]] }),
      }),
    ),
  ]);
  return {
    stop: async () => {
      running = false;
      await probers;
      return samples;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

function summarise(phase: string, samples: Sample[]): void {
  for (const route of ["robots", "report", "provision"] as Route[]) {
    const mine = samples.filter((s) => s.route === route);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const failed = mine.filter((s) => !s.ok).length;
    console.log(
      `  ${phase.padEnd(14)} ${route.padEnd(10)} ${String(mine.length).padStart(6)} req  ${String(failed).padStart(4)} failed  ` +
        `p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(ms, 99).toFixed(1).padStart(7)} ms  worst ${(ms.at(-1) ?? NaN).toFixed(1).padStart(8)} ms`,
    );
  }
}

function writeDeals(file: string, rows: number): void {
  const makes: [string, string][] = [
    ["Toyota", "Camry"],
    ["Honda", "Accord"],
    ["Ford", "F-150"],
    ["Mazda", "CX-5"],
    ["Kia", "Telluride"],
    ["Subaru", "Outback"],
  ];
  const states = ["TX", "CA", "NY", "FL", "WA", "OH", "GA", "IL"];
  const lines = ["deal_id,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source"];
  for (let i = 0; i < rows; i++) {
    const [make, model] = makes[i % makes.length];
    const msrp = 25_000 + (i % 200) * 100;
    lines.push(
      `bench-${i},${2020 + (i % 6)},${make},${model},Trim ${i % 7},${states[i % states.length]},${msrp},${msrp - 1000 - (i % 30) * 10},` +
        `${["cash", "lease", "finance"][i % 3]},2024-0${1 + (i % 9)}-1${i % 9},bench-import`,
    );
  }
  writeFileSync(file, lines.join("\n") + "\n");
}

/** Serves `file` at /<its name> on loopback (the sync's download). */
async function serveFile(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== `/${path.basename(file)}`) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/plain", "content-length": statSync(file).size, etag: '"bench"' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-iws-"));
  const data = loadVpicData(config().vpic.dbPath);
  const vins = synthesiseVins(data, 4000, 29)
    .filter((v) => decodeVinWith(data, v).ok)
    .slice(0, 2000);
  console.log(
    `bench:import-while-serving: ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, node ${process.version}`,
  );
  const dealsFile = path.join(dir, "deals.csv");
  const recallsFile = path.join(dir, "FLAT_RCL_BENCH.txt");
  writeDeals(dealsFile, Number(args.deals));
  await writeSyntheticFlatRcl(recallsFile, Number(args.recalls));
  const files = await serveFile(recallsFile);
  const server = await startServer(
    { NHTSA_API_BASE_URL: "off", SYNC_RECALLS_URL: "off" },
    { databaseUrl: args["database-url"] },
  );
  console.log(
    `server: ${server.workers} server process(es) on ${server.env.DATABASE_URL?.startsWith("file:") ? "SQLite" : "PostgreSQL"}; load: robots.txt, the VIN report and a provision call, each ${EVERY_MS} ms after its previous answer`,
  );
  try {
    const created = await cli(server, [
      "keys",
      "create",
      "--name",
      "Bench Motors",
      "--email",
      "bench@motors.example",
      "--active",
      "--json",
    ]);
    const key = JSON.parse(created.stdout).key as string;

    // Warm-up (not measured): the first answers of a fresh process compile its routes.
    let load = steadyLoad(server, vins, key);
    await new Promise((r) => setTimeout(r, 5000));
    await load.stop();
    load = steadyLoad(server, vins, key);
    await new Promise((r) => setTimeout(r, Number(args["idle-seconds"]) * 1000));
    summarise("idle", await load.stop());

    load = steadyLoad(server, vins, key);
    const imported = await cli(server, ["import", "deals", dealsFile, "--json"]);
    const importSamples = await load.stop();
    const importJson = imported.code === 0 ? JSON.parse(imported.stdout) : null;
    console.log(
      `deals import of ${args.deals} rows: exit ${imported.code} in ${(imported.ms / 1000).toFixed(1)} s` +
        (importJson
          ? ` (publish held the write lock ${importJson.publishMs} ms)`
          : `: ${imported.stderr.trim().split("\n").at(-1)}`),
    );
    summarise("deals import", importSamples);

    load = steadyLoad(server, vins, key);
    const synced = await cli(server, ["sync", "recalls"], {
      SYNC_RECALLS_URL: files.url,
      SYNC_RECALLS_FILES: path.basename(recallsFile),
    });
    const syncSamples = await load.stop();
    const status = await cli(server, ["sync", "status", "--json"]);
    const recalls = (
      JSON.parse(status.stdout.trim().split("\n")[0]) as {
        jobs?: { name: string; summary?: string; lastOutcome?: string }[];
      }
    ).jobs?.find((j) => j.name === "recalls");
    console.log(
      `recall sync of ${args.recalls} rows: exit ${synced.code} in ${(synced.ms / 1000).toFixed(1)} s (${recalls?.lastOutcome ?? "?"}: ${recalls?.summary ?? ""})`,
    );
    summarise("recall sync", syncSamples);
  } finally {
    await server.stop();
    await files.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
