/**
 * `vinscope start` (`npm start`): everything a fresh clone needs after `npm install`, then the server.
 *   1. validate the configuration (a bad variable stops here, named);
 *   2. make sure the vPIC database is unpacked (scripts/build/prepare-data.ts, compiled);
 *   3. migrate the database and seed demo data into an empty one (`vinscope db migrate`);
 *   4. build the app if there is no build or the sources are newer than it;
 *   5. `next start` on PORT (at HOST, else every interface) in WEB_CONCURRENCY processes (cli/server/server-workers.ts);
 *   6. the job runner (cli/server/job-runner.ts): the scheduled syncs of lib/jobs.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import lockfile from "proper-lockfile";
import { examples } from "../help";
import { wholeNumber } from "../output";
import { claimSqliteFile, ensurePortFree, StartRefused } from "../server/instance-guard";
import { EXIT_WITH_PARENT, holdLifetime, isStopping, track } from "../server/lifetime";
import { LEAN_PROCESS, listenAddress, serveWithWorkers } from "../server/server-workers";
import { collectFromJobRunner } from "../../lib/metrics/cluster";

const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
/** `vinscope <args>` in a child process, through the one launcher (scripts/build/cli.mjs: compiled, no tsx). */
const cliCommand = (...args: string[]): [string, string[]] => [
  process.execPath,
  [path.join(root, "scripts/build/cli.mjs"), ...args],
];
/**
 * A process the launcher compiled beside the CLI (scripts/build/compile-cli.mjs): the job runner, the data check.
 * Current when it runs, since this command itself came through the launcher, which compiles what is out of date.
 */
const bundled = (name: "job-runner" | "prepare-data") =>
  path.join(process.env.VINSCOPE_CLI_BUNDLE ?? path.join(root, "node_modules/.cache/vinscope/cli"), `${name}.cjs`);
let env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

export function registerStart(program: Command): void {
  const command = program
    .command("start")
    .description("prepare the data and the database, build the app if needed, and serve it with the scheduled syncs")
    .option("-p, --port <port>", "port to listen on (default: PORT, else 3000)", wholeNumber(1, 65535))
    .option("-H, --host <address>", "address to listen on, e.g. 127.0.0.1 (default: HOST, else every interface)")
    .action((opts: { port?: number; host?: string }) => start(opts));
  command.addHelpText(
    "after",
    "\nConfiguration comes from the environment (PORT, HOST, DATABASE_URL, WEB_CONCURRENCY, PUBLIC_BASE_URL, …: see docs/configuration.md).\n" +
      "Stops with exit code 2 on an invalid variable, 1 when the port or the SQLite file is taken by another instance.\n",
  );
  examples(command, [
    "vinscope start",
    "vinscope start --port 8080",
    "HOST=127.0.0.1 PORT=8080 vinscope start     only this machine (behind a reverse proxy)",
    "DATABASE_URL=postgresql://user:pw@db/vinscope WEB_CONCURRENCY=4 vinscope start",
  ]);
}

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(full)) {
    if (child === "generated" || child === "node_modules" || child.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  const sources = ["app", "lib", "public", "proxy.ts", "next.config.mjs", "package.json", "prisma/schema.prisma"];
  return sources.every((s) => newestMtime(s) <= built);
}

/**
 * Builds unless the build is current. Several instances started together from one checkout take turns on a
 * lock (proper-lockfile: a lock directory whose time the holder refreshes, so a crashed holder's lock goes
 * stale and is taken over); the others wait, then find the build current. The build runs as a child process
 * awaited, not synchronously, so the holder's event loop keeps the lock fresh while `next build` works.
 */
async function buildIfNeeded(): Promise<void> {
  if (buildIsCurrent()) return;
  const release = await lockfile.lock(root, {
    lockfilePath: path.join(root, ".next-build.lock"),
    realpath: false,
    stale: 30_000,
    update: 5_000,
    // Another instance's build takes a minute or two; wait up to 15 minutes for it.
    retries: { retries: 450, minTimeout: 2_000, maxTimeout: 2_000 },
    onCompromised: (error) => console.error(`[vinscope] the build lock was lost: ${error.message}`),
  });
  try {
    if (buildIsCurrent()) return;
    console.log("[vinscope] building the app (first start or changed sources)…");
    const code = await new Promise<number | null>((resolve, reject) => {
      // The parent-death watch reaches the build's own worker processes too, through NODE_OPTIONS.
      const buildEnv = {
        ...env,
        NODE_OPTIONS: [env.NODE_OPTIONS, `--require ${JSON.stringify(EXIT_WITH_PARENT)}`].filter(Boolean).join(" "),
      };
      const child = spawn(bin("next"), ["build"], { stdio: "inherit", env: buildEnv });
      track(child);
      child.once("error", reject).once("exit", resolve);
    });
    if (code !== 0) throw new Error(`next build exited with code ${code}`);
  } finally {
    await release();
  }
}

async function start(opts: { port?: number; host?: string }): Promise<void> {
  // First: whatever happens from here on stops when the launcher does (cli/server/lifetime.ts).
  holdLifetime();
  if (opts.port !== undefined) process.env.PORT = String(opts.port);
  if (opts.host !== undefined) process.env.HOST = opts.host; // validated with the rest of the configuration
  env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const { config } = await import("../../lib/config");
  const cfg = config(); // a ConfigError is a usage error (exit 2), reported by the program
  // Before anything touches the database: a port in use or a SQLite file another instance holds stops here.
  try {
    await ensurePortFree(cfg.port, cfg.host);
    if (cfg.database.provider === "sqlite") claimSqliteFile(cfg.database.url.slice("file:".length), cfg.port);
  } catch (error) {
    if (error instanceof StartRefused) {
      console.error(`[vinscope] cannot start: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  execFileSync(process.execPath, [bundled("prepare-data")], { stdio: "inherit", env });
  execFileSync(...cliCommand("db", "migrate"), { stdio: "inherit", env });
  await buildIfNeeded();
  console.log(
    `[vinscope] serving on ${listenAddress(cfg.host, cfg.port)} with ${cfg.workers} server process${cfg.workers === 1 ? "" : "es"} (public base URL ${cfg.publicBaseUrl})`,
  );
  serveWithWorkers({ root, port: cfg.port, host: cfg.host, workers: cfg.workers, heapMb: cfg.serverHeapMb, env });
  startJobRunnerProcess();
}

/**
 * The scheduled syncs (lib/jobs) run in one more process beside the server processes: one runner per
 * instance; the database lease keeps instances from doubling a run. It is restarted if it dies, and stopped
 * with the server. It runs as one Node.js process compiled to plain JavaScript (no wrapper process in between:
 * killing a wrapper once left its child running beside the replacement), with an IPC channel whose close tells it
 * this process is gone.
 */
function startJobRunnerProcess(): void {
  const start = () => {
    const child = spawn(
      process.execPath,
      [...LEAN_PROCESS.execArgv, "--require", EXIT_WITH_PARENT, bundled("job-runner")],
      {
        cwd: root,
        env: { ...LEAN_PROCESS.env, ...env },
        stdio: ["inherit", "inherit", "inherit", "ipc"],
      },
    );
    track(child);
    // Its metrics are part of the instance's scrape (lib/metrics/cluster.ts), over the IPC channel.
    collectFromJobRunner(child);
    child.on("exit", (code, signal) => {
      if (isStopping()) return;
      console.error(`[vinscope] the job runner exited (${signal ?? `code ${code}`}); restarting it in 10 s`);
      setTimeout(() => isStopping() || start(), 10_000).unref();
    });
  };
  start();
}
