/**
 * `npm run bench:tracing`: what OpenTelemetry tracing costs the default VIN report, and what a scrape of
 * GET /metrics costs.
 *
 * Servers started as `npm start` starts them (scripts/bench/support/bench-server.ts: demo data, WEB_CONCURRENCY
 * server processes, every outside source off, so each report answers from memory), one without the OTEL_*
 * variables (nothing traced, the SDK not loaded) and one with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a loopback
 * receiver that takes every export. Each asks /api/public/vin/{vin} (the default report, no flags) over distinct
 * decodable VINs with autocannon, in alternating order for --rounds rounds, and prints req/s and p50/p99 of each run
 * and the spans the receiver took. Then it times --scrapes scrapes of GET /metrics (the whole instance, through the
 * primary) on the server without tracing, under load and idle.
 *
 *   npm run bench:tracing -- [--seconds 10] [--connections 10] [--rounds 2] [--scrapes 20]
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { config } from "../../lib/config";
import { decodeVinWith } from "../../lib/vin";
import { synthesiseVins } from "../../lib/vin";
import { loadVpicData } from "../../lib/vin";
import { startServer, type BenchServer } from "./support/bench-server";
import { percentile } from "./support/percentile";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    scrapes: { type: "string", default: "20" },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const SCRAPES = Number(args.scrapes);
const TOKEN = "bench";

function decodableVins(count: number): string[] {
  const data = loadVpicData(config().vpic.dbPath);
  const out: string[] = [];
  for (const vin of synthesiseVins(data, count * 2, 29)) {
    if (decodeVinWith(data, vin).ok) out.push(vin);
    if (out.length === count) break;
  }
  return out;
}

/** A loopback OTLP/HTTP receiver that takes every export and counts its spans. */
async function startReceiver() {
  let spans = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Run {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  spans: number;
}

async function measure(name: string, server: BenchServer, vins: string[], spans: () => number): Promise<Run> {
  let next = 0;
  const before = spans();
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      { method: "GET", setupRequest: (req) => ({ ...req, path: `/api/public/vin/${vins[next++ % vins.length]}` }) },
    ],
  });
  // The batch processor exports every second: let the last batch arrive.
  await new Promise((r) => setTimeout(r, 1500));
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    spans: spans() - before,
  };
}

async function scrapeTimes(server: BenchServer, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await res.text();
    if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const vins = decodableVins(20_000);
  const receiver = await startReceiver();
  const runs: Run[] = [];
  let scrapes: { idle: number[]; loaded: number[] } | undefined;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const traced of order) {
        const server = await startServer({
          METRICS_TOKEN: TOKEN,
          ...(traced ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } : {}),
        });
        try {
          const slice = vins.slice((round * 2 + (traced ? 1 : 0)) * 5000);
          runs.push(await measure(traced ? "tracing on " : "tracing off", server, slice, receiver.spans));
          if (!traced && !scrapes) {
            const idle = await scrapeTimes(server, SCRAPES);
            let loaded: number[] = [];
            let n = 0;
            const load = autocannon({
              url: server.base,
              connections: CONNECTIONS,
              duration: Math.max(3, Math.ceil(SECONDS / 2)),
              requests: [
                {
                  method: "GET",
                  setupRequest: (req) => ({ ...req, path: `/api/public/vin/${vins[n++ % vins.length]}` }),
                },
              ],
            });
            await new Promise((r) => setTimeout(r, 500));
            loaded = await scrapeTimes(server, Math.min(SCRAPES, 10));
            await load;
            scrapes = { idle, loaded };
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await receiver.close();
  }
  const workers = config().workers;
  console.log(
    `\nbench:tracing  /api/public/vin/{vin} (default report, every source off); ${cpus().length} cores, ` +
      `${workers} server processes, ${CONNECTIONS} connections, ${SECONDS} s per run, load average ${loadavg()[0].toFixed(2)}`,
  );
  console.log("run            req/s    p50 ms  p99 ms  non-2xx  spans exported");
  for (const r of runs)
    console.log(
      `${r.name}    ${r.rps.toFixed(0).padStart(6)}  ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}  ${String(r.non2xx).padStart(7)}  ${r.spans}`,
    );
  const mean = (traced: boolean) => {
    const of = runs.filter((r) => r.name.startsWith(traced ? "tracing on" : "tracing off"));
    return of.reduce((s, r) => s + r.rps, 0) / of.length;
  };
  console.log(`tracing on / off req/s: ${(mean(true) / mean(false)).toFixed(3)}`);
  if (scrapes) {
    const line = (name: string, t: number[]) =>
      `GET /metrics ${name}: p50 ${percentile(t, 50).toFixed(1)} ms, max ${t[t.length - 1].toFixed(1)} ms (${t.length} scrapes)`;
    console.log(line("idle      ", scrapes.idle));
    console.log(line("under load", scrapes.loaded));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
