#!/usr/bin/env node
// `npm test`: the linter (`npm run lint`), unit tests, a production build, integration tests against the built app
// (on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names a database), then the Playwright e2e suite in Chromium.
// Every step runs even when an earlier one fails, so one run shows everything; the exit code is 1 if any failed.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// The integration suites run two or more at a time: each starts its own apps on free ports with databases of its
// own, and one suite at a time left a core idle while it waited on its apps (606 s in band on SQLite, 371 s in two
// workers, on this project's 2-core machine).
const integrationWorkers = String(Math.max(2, os.availableParallelism()));

const steps = [
  // `npm run lint`: the type check (`tsc --noEmit`; the build itself does not type-check), ESLint, knip for
  // exports and types nothing imports, then Redocly over the generated OpenAPI document.
  // The linter, then the build, run one after the other beside the unit tests (Jest runs those in one worker on a
  // 2-core machine, leaving a core idle); their output is printed as each ends.
  { name: "lint", cmd: "npm", args: ["run", "-s", "lint"], background: true },
  { name: "build", cmd: bin("next"), args: ["build"], background: true },
  { name: "unit", cmd: bin("jest"), args: ["--selectProjects", "unit"] },
  {
    name: "integration (sqlite)",
    cmd: bin("jest"),
    args: ["--selectProjects", "integration", "--maxWorkers", integrationWorkers, "--forceExit"],
    env: { TEST_DB_PROVIDER: "sqlite" },
  },
];
// Suites whose outcome does not depend on the database's provider (input parsing, outside systems failing, the
// decoder, the catalog, MCP transports, the offline first run, health and config errors, the OpenAPI document's
// validity and generated client) run on SQLite only: on PostgreSQL they would only repeat what SQLite showed, and
// they take about two minutes. Every response of every suite is still checked against the document on PostgreSQL
// too (tests/support/jest-setup.ts).
const PROVIDER_NEUTRAL = [
  "health-and-config",
  "fuzz",
  "outside-faults",
  "world-vins",
  "catalog",
  "mcp-stdio",
  "mcp-http",
  "first-hour",
  "vin-batch",
  "contract",
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: "integration (postgresql)",
    cmd: bin("jest"),
    args: [
      "--selectProjects",
      "integration",
      "--maxWorkers",
      integrationWorkers,
      "--forceExit",
      "--testPathIgnorePatterns",
      ...PROVIDER_NEUTRAL.map((name) => `/tests/${name}\\.test\\.ts$`),
    ],
    env: { TEST_DB_PROVIDER: "postgresql" },
  });
} else {
  console.log("[test] TEST_DATABASE_URL is not set: integration tests run on SQLite only");
}
steps.push({ name: "e2e", cmd: bin("playwright"), args: ["test"] });

/**
 * Runs a step to its end. A step in the background has its output held and printed once it ends, so the two
 * logs do not interleave.
 */
function run(step, background = false) {
  const started = Date.now();
  if (!background) console.log(`\n[test] ── ${step.name} ──`);
  const child = spawn(step.cmd, step.args, {
    cwd: root,
    stdio: background ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...baseEnv, ...step.env },
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  }).then((status) => {
    if (background) {
      console.log(`\n[test] ── ${step.name} (run beside the unit tests) ──`);
      process.stdout.write(Buffer.concat(output));
    }
    return { name: step.name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) };
  });
}

const only = process.env.TEST_STEPS?.split(",").map((s) => s.trim());
const chosen = steps.filter((step) => !only || only.some((o) => step.name.startsWith(o)));
const results = [];
// Background steps run in order, one at a time, beside the next foreground step; both end before the step after.
let besides = [];
for (const step of chosen) {
  if (step.background) {
    besides.push(step);
    continue;
  }
  const chain = (async () => {
    const ended = [];
    for (const beside of besides) ended.push(await run(beside, true));
    return ended;
  })();
  const foreground = await run(step);
  results.push(...(await chain), foreground);
  besides = [];
}
for (const step of besides) results.push(await run(step));

console.log("\n[test] summary");
for (const r of results) console.log(`  ${r.ok ? "pass" : "FAIL"}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
