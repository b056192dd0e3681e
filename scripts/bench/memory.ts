/**
 * `npm run bench:memory`: what an instance costs the machine. The built app is started as a user starts it
 * (`npm start`, its defaults: one server process per core, the demo data set), then loaded for --seconds (60) by
 * --connections (16) clients asking distinct VINs' default reports (`/api/public/vin/{vin}`, no flags) and VIN
 * pages (`/vin/{vin}`) in turn, then left idle for --idle seconds (30). NHTSA is a fake on loopback answering in
 * --nhtsa-delay ms, so the report's caches fill as they do in production.
 *
 * Each process's PSS (proportional set size, /proc/PID/smaps_rollup) is read 10 s after the instance is ready
 * (settled: a process gives back what its warm-up took once it is quiet), right after the load and after the idle
 * time: shared pages (the vPIC file mapped by every process, the Node binary) are
 * split between the processes that map them, so the sum is what the machine pays. The verdict is the memory
 * issue's: the instance's total ≤ --budget MB (600) after the load, and no server process more than 15% above
 * where it had settled, once idle.
 *
 *   npm run bench:memory -- [--seconds 60] [--idle 30] [--connections 16] [--budget 600] [--full-indexes]
 */
import { cpus } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServer } from "./support/bench-server";
import { decodableVins, fakeNhtsa, fullIndexDatabase, groupProcesses } from "./support/instance";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    idle: { type: "string", default: "30" },
    connections: { type: "string", default: "16" },
    budget: { type: "string", default: "600" },
    "nhtsa-delay": { type: "string", default: "20" },
    "full-indexes": { type: "boolean", default: false },
  },
});
const GROWTH_WITHIN = 0.15;

interface Proc {
  pid: number;
  role: string;
  pssMb: number;
}

/** What a process of the instance is, from its command line. */
function roleOf(cmd: string[]): string {
  const text = cmd.join(" ");
  if (cmd[0]?.startsWith("next-server")) return "server process";
  if (/\bnpm\b/.test(cmd[0] ?? "") || text.startsWith("npm")) return "npm";
  if (/job-runner|jobs\b/.test(text)) return "job runner";
  if (/node_modules\/\.bin\/tsx|\/tsx\/dist\/cli/.test(text)) return "tsx";
  if (/cli\/index\.ts start|scripts\/build\/cli\.mjs start/.test(text)) return "launcher";
  return path.basename(cmd[0] ?? "?");
}

/** Every process of the instance with its role and PSS (tsx's esbuild service, when there is one, under its own name). */
const processes = (pgid: number): Proc[] =>
  groupProcesses(pgid).map((p) => ({ pid: p.pid, role: roleOf(p.cmd), pssMb: p.pssMb }));

const total = (ps: Proc[]) => ps.reduce((sum, p) => sum + p.pssMb, 0);

async function main() {
  const vins = decodableVins(20_000, 29);
  const nhtsa = await fakeNhtsa(Number(args["nhtsa-delay"]));
  const full = args["full-indexes"] ? fullIndexDatabase() : null;
  const server = await startServer(
    { NHTSA_API_BASE_URL: nhtsa.url },
    { viaNpm: true, ...(full ? { databaseUrl: full.url } : {}) },
  );
  console.log(
    `bench:memory  npm start with its defaults (${server.workers} server processes on ${cpus().length} cores, the demo data` +
      `${full ? ", every report index at full size" : ""}); ${args.connections} connections of distinct VINs, ` +
      `default reports and VIN pages in turn, ${args.seconds} s, then ${args.idle} s idle`,
  );
  let ready: Proc[] = [];
  let loaded: Proc[] = [];
  let idle: Proc[] = [];
  let requests = 0;
  let bad = 0;
  try {
    // Ready as a load balancer sees it: /api/health answers and no server process is still warming up.
    for (let i = 0; i < 150; i++) {
      const health = (await fetch(`${server.base}/api/health`).then(
        (r) => r.json(),
        () => null,
      )) as { warmUp?: { state?: string } } | null;
      if (health && health.warmUp?.state !== "warming") break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Settled: a process gives back what its warm-up took once it is quiet (lib/http/idle-memory.ts).
    await new Promise((r) => setTimeout(r, 10_000));
    ready = processes(server.pid);
    let next = 0;
    const result = await autocannon({
      url: server.base,
      connections: Number(args.connections),
      duration: Number(args.seconds),
      requests: [
        {
          method: "GET",
          setupRequest: (req) => {
            const n = next++;
            const vin = vins[n % vins.length];
            return { ...req, path: n % 2 ? `/vin/${vin}` : `/api/public/vin/${vin}` };
          },
        },
      ],
    });
    requests = result.requests.total;
    bad = result.non2xx + result.errors + result.timeouts;
    loaded = processes(server.pid);
    await new Promise((r) => setTimeout(r, Number(args.idle) * 1000));
    idle = processes(server.pid);
  } finally {
    await server.stop();
    nhtsa.close();
    full?.remove();
  }

  const row = (cells: string[]) => console.log(cells.map((c, i) => (i ? c.padStart(12) : c.padEnd(26))).join(""));
  row(["process (PSS, MB)", "ready", "after load", "idle after"]);
  for (const p of ready) {
    const at = (list: Proc[]) => list.find((q) => q.pid === p.pid)?.pssMb.toFixed(0) ?? "gone";
    row([`${p.role} ${p.pid}`, p.pssMb.toFixed(0), at(loaded), at(idle)]);
  }
  for (const p of loaded.filter((q) => !ready.some((r) => r.pid === q.pid))) {
    row([
      `${p.role} ${p.pid} (new)`,
      "-",
      p.pssMb.toFixed(0),
      idle.find((q) => q.pid === p.pid)?.pssMb.toFixed(0) ?? "gone",
    ]);
  }
  row(["the instance", total(ready).toFixed(0), total(loaded).toFixed(0), total(idle).toFixed(0)]);
  console.log(`${requests} requests, ${bad} non-2xx/errors/timeouts`);

  const budget = Number(args.budget);
  const worst = Math.max(total(loaded), total(idle));
  let ok = worst <= budget && bad === 0;
  console.log(`instance total ${worst.toFixed(0)} MB against ${budget} MB: ${worst <= budget ? "within" : "OVER"}`);
  for (const p of ready.filter((q) => q.role === "server process")) {
    const after = idle.find((q) => q.pid === p.pid)?.pssMb;
    if (after === undefined) continue;
    const growth = (after - p.pssMb) / p.pssMb;
    ok &&= growth <= GROWTH_WITHIN;
    console.log(
      `server process ${p.pid}: ${p.pssMb.toFixed(0)} → ${after.toFixed(0)} MB idle after load (${(growth * 100).toFixed(1)}%, limit ${GROWTH_WITHIN * 100}%)`,
    );
  }
  console.log(ok ? "memory within the issue's bounds" : "memory NOT within the issue's bounds");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
