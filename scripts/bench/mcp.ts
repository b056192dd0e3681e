/**
 * npm run bench:mcp [-- --iterations 200 --url http://127.0.0.1:3000/api/mcp]
 *
 * Server time of MCP requests, on a throwaway SQLite database (the project's migrations, the demo deals),
 * with NHTSA, the buyer-data sources and the live vPIC API off and insight off, so only vinscope's own work is
 * timed (every tool, the catalog tools among them), and the size of `tools/list` in bytes:
 *   - HTTP handler: lib/mcp/http.ts's handleMcpRequest, what POST /api/mcp runs per request (a new server
 *     and transport per request, JSON-RPC parse, the tool, the JSON response), called in-process;
 *   - stdio: the bin spawned by the SDK client, round trip per request (adds the pipe and the client);
 *   - with --url, the same requests over HTTP to a running app (adds Next.js and the loopback socket).
 * The first decode in a process loads the vPIC tables; that cold call is reported on its own.
 * Prints mean, median and p95 in milliseconds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const { values: args } = parseArgs({
  options: { iterations: { type: "string", default: "200" }, url: { type: "string", default: "" } },
});
const iterations = Number(args.iterations);
const url = args.url;
const root = path.resolve(__dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-bench-mcp-"));

// Before anything reads the configuration: a throwaway database, no outside systems, quiet logs.
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
  NHTSA_API_BASE_URL: "off",
  VPIC_API_BASE_URL: "off",
  RATINGS_API_BASE_URL: "off",
  COMPLAINTS_API_BASE_URL: "off",
  FUEL_ECONOMY_API_BASE_URL: "off",
  ANTHROPIC_API_KEY: "",
  LOG_LEVEL: "warn",
  SEED_DEMO_DATA: "true",
});

/** A real 2011 Ford Fusion VIN (tests/fixtures/vin/real-vins.json). */
const VIN = "3FAHP0JG7BR257109";

interface Case {
  label: string;
  method: string;
  params?: Record<string, unknown>;
}

const CASES: Case[] = [
  { label: "tools/list", method: "tools/list" },
  {
    label: "decode_vin (insight off)",
    method: "tools/call",
    params: { name: "decode_vin", arguments: { vin: VIN, insight: false } },
  },
  {
    label: "validate_vin_check_digit",
    method: "tools/call",
    params: { name: "validate_vin_check_digit", arguments: { vin: VIN } },
  },
  {
    label: "get_pricing",
    method: "tools/call",
    params: { name: "get_pricing", arguments: { make: "Toyota", model: "Camry", year: 2024 } },
  },
  { label: "about_service", method: "tools/call", params: { name: "about_service", arguments: {} } },
  { label: "list_makes (2022)", method: "tools/call", params: { name: "list_makes", arguments: { year: 2022 } } },
  { label: "list_makes (q)", method: "tools/call", params: { name: "list_makes", arguments: { q: "land" } } },
  {
    label: "list_models (Honda 2022)",
    method: "tools/call",
    params: { name: "list_models", arguments: { make: "Honda", year: 2022 } },
  },
  {
    label: "list_models (every Honda)",
    method: "tools/call",
    params: { name: "list_models", arguments: { make: "honda", type: "all" } },
  },
  { label: "lookup_wmi", method: "tools/call", params: { name: "lookup_wmi", arguments: { wmi: "1HG" } } },
  {
    label: "get_safety_ratings (off)",
    method: "tools/call",
    params: { name: "get_safety_ratings", arguments: { year: 2024, make: "Toyota", model: "Camry" } },
  },
  {
    label: "get_complaints (off)",
    method: "tools/call",
    params: { name: "get_complaints", arguments: { year: 2024, make: "Toyota", model: "Camry" } },
  },
  {
    label: "get_fuel_economy (off)",
    method: "tools/call",
    params: { name: "get_fuel_economy", arguments: { year: 2024, make: "Toyota", model: "Camry" } },
  },
  { label: "get_market_overview", method: "tools/call", params: { name: "get_market_overview", arguments: {} } },
  {
    label: "get_vehicle_insight",
    method: "tools/call",
    params: { name: "get_vehicle_insight", arguments: { year: 2024, make: "Toyota", model: "Camry" } },
  },
];

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const f = (n: number) => n.toFixed(2).padStart(8);
  return `mean ${f(mean)}  median ${f(at(0.5))}  p95 ${f(at(0.95))}`;
}

async function timeIt(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main() {
  const { migrate } = await import("../../cli/db/prepare");
  const { seedDemoData } = await import("../../lib/seed");
  const { disconnectDb } = await import("../../lib/db");
  const { handleMcpRequest } = await import("../../lib/mcp");
  const { MCP_TOOL_NAMES: TOOL_NAMES } = await import("../../lib/mcp");
  const cases = CASES.filter(
    (c) => c.method !== "tools/call" || (TOOL_NAMES as string[]).includes(String(c.params?.name)),
  );
  for (const c of CASES.filter((c) => !cases.includes(c)))
    console.log(`(skipped ${c.label}: no such tool in this build)`);

  await migrate();
  await seedDemoData();
  console.log(`MCP server time, ${iterations} requests per case (SQLite, 30,000 demo deals, NHTSA off, insight off)\n`);

  const listed = await handleMcpRequest(
    new Request("http://bench/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "tools/list" }),
    }),
  );
  const listBody = await listed.text();
  console.log(
    `tools/list: ${Buffer.byteLength(listBody).toLocaleString("en-US")} bytes for ${JSON.parse(listBody).result.tools.length} tools\n`,
  );

  let id = 0;
  const viaHandler = async (c: Case) => {
    const res = await handleMcpRequest(
      new Request("http://bench/api/mcp", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: c.method, params: c.params }),
      }),
    );
    const body = await res.json();
    if (body.error || body.result?.isError) throw new Error(`${c.label}: ${JSON.stringify(body).slice(0, 300)}`);
  };

  console.log("HTTP handler (in-process, what POST /api/mcp runs)");
  for (const c of cases) {
    const cold = await timeIt(() => viaHandler(c));
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) samples.push(await timeIt(() => viaHandler(c)));
    console.log(`  ${c.label.padEnd(26)} ${stats(samples)}   first ${cold.toFixed(1)} ms`);
  }

  console.log("\nstdio (bin spawned by the SDK client; round trip)");
  const started = performance.now();
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, "bin/vinscope-mcp.mjs")],
      env: Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
      stderr: "ignore",
    }),
  );
  console.log(
    `  start-up to initialized      ${(performance.now() - started).toFixed(0)} ms (tsx, migrate check, connect)`,
  );
  await client.listTools();
  for (const c of cases) {
    const run = () =>
      c.method === "tools/list"
        ? client.listTools().then(() => undefined)
        : client.callTool(c.params as { name: string; arguments: Record<string, unknown> }).then((r) => {
            if (r.isError) throw new Error(`${c.label}: ${JSON.stringify(r.content)}`);
          });
    const cold = await timeIt(run);
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) samples.push(await timeIt(run));
    console.log(`  ${c.label.padEnd(26)} ${stats(samples)}   first ${cold.toFixed(1)} ms`);
  }
  await client.close();

  if (url) {
    console.log(`\nHTTP to a running app (${url})`);
    for (const c of cases) {
      const run = async () => {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: c.method, params: c.params }),
        });
        const body = await res.json();
        if (body.error || body.result?.isError) throw new Error(`${c.label}: ${JSON.stringify(body).slice(0, 300)}`);
      };
      const cold = await timeIt(run);
      const samples: number[] = [];
      for (let i = 0; i < iterations; i++) samples.push(await timeIt(run));
      console.log(`  ${c.label.padEnd(26)} ${stats(samples)}   first ${cold.toFixed(1)} ms`);
    }
  }
  await disconnectDb();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
