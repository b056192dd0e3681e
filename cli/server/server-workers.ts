/**
 * `npm start`'s last step: `next start` in `workers` processes sharing one port (node:cluster; the primary
 * accepts connections and hands them out in turn). One Node.js event loop uses one core, so on a 2-core machine
 * two workers serve about twice the requests of one. They share nothing in memory that has to agree: the
 * database is the truth, and what each process holds (vPIC tables, the indexes in lib/db/data-version.ts, short
 * memos) is either read-only or rechecked against it.
 *
 * Supervision: a worker that dies is replaced (its in-flight requests are lost, the port stays open). A worker
 * that dies before any worker has started listening means the server cannot start (port taken, broken build):
 * everything stops with exit code 1, as does a crash loop. SIGINT/SIGTERM/SIGHUP stop the workers (Next.js
 * finishes what it is doing) and then the primary.
 *
 * Rate-limit counters: on SQLite the public per-address counters live here, in the primary
 * (rate-limiter-flexible's RateLimiterClusterMaster), so every server process counts in the same place
 * (lib/http/rate-limit-store.ts). On PostgreSQL they live in the database and this is their fallback.
 *
 * Nothing outlives its launcher: the primary watches the processes that launched it (`npm start` → sh → tsx →
 * this process) and stops when one of them is gone (killed with SIGKILL, which cannot be forwarded), and a
 * worker whose primary is gone exits (node:cluster's workers do so when their IPC channel closes).
 */
import { execFileSync } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

/** More replacements than this within CRASH_WINDOW_MS is a crash loop, not bad luck. */
const MAX_RESTARTS = 5;
const CRASH_WINDOW_MS = 60_000;
/** Past this after SIGTERM, workers still running are killed. */
const STOP_GRACE_MS = 10_000;
/** How often the primary checks that its launcher is still there. */
const LAUNCHER_CHECK_MS = 1000;
/** Launcher processes (npm, the shell npm runs scripts with, tsx, node); an interactive shell or init is not one. */
const LAUNCHER_COMMAND = /^(node|npm|npx|sh|dash|tsx)\b/;

/** The chain of launcher processes above this one, nearest first (ps works on Linux and macOS alike). */
function launcherChain(): number[] {
  const chain: number[] = [];
  let pid = process.ppid;
  while (pid > 1 && chain.length < 8) {
    let row: string;
    try {
      row = execFileSync("ps", ["-o", "ppid=,comm=", "-p", String(pid)], { encoding: "utf8" }).trim();
    } catch {
      break;
    }
    const match = row.match(/^(\d+)\s+(.*)$/);
    if (!match || !LAUNCHER_COMMAND.test(path.basename(match[2]))) break;
    chain.push(pid);
    pid = Number(match[1]);
  }
  return chain;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function serveWithWorkers(opts: { root: string; port: number; workers: number; heapMb: number; env: NodeJS.ProcessEnv }): void {
  cluster.setupPrimary({
    exec: path.join(opts.root, "node_modules", "next", "dist", "bin", "next"),
    args: ["start", "-p", String(opts.port)],
    // The primary runs under tsx; the workers run the built app with plain Node.js, with a bounded heap so that
    // garbage is collected near the live size instead of piling up (SERVER_HEAP_MB).
    execArgv: [`--max-old-space-size=${opts.heapMb}`],
  });
  // Before any worker starts: it answers the workers' limiters' `init` messages.
  new RateLimiterClusterMaster();
  let listening = 0;
  let stopping = false;
  const restarts: number[] = [];

  // VINSCOPE_WORKER: the worker watches its primary and stops when it is gone (lib/worker-watchdog.ts).
  const fork = () => cluster.fork({ ...opts.env, VINSCOPE_WORKER: "1" });
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (running.length === 0) process.exit(code);
    for (const w of running) w.process.kill("SIGTERM");
    setTimeout(() => {
      for (const w of running) if (!w.isDead()) w.process.kill("SIGKILL");
    }, STOP_GRACE_MS).unref();
    cluster.on("exit", () => {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(code);
    });
  };

  cluster.on("listening", () => {
    listening++;
    if (listening === opts.workers) console.log(`[vinscope] ${opts.workers} server process${opts.workers === 1 ? "" : "es"} listening on port ${opts.port}`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (listening === 0) {
      console.error(`[vinscope] a server process exited (${how}) before the server could start; stopping`);
      return stop(1);
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - CRASH_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      console.error(`[vinscope] server processes keep exiting (${restarts.length} in a minute, last: ${how}); stopping`);
      return stop(1);
    }
    console.error(`[vinscope] server process ${worker.process.pid} exited (${how}); starting a replacement`);
    fork();
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(0));

  const launchers = launcherChain();
  const originalParent = process.ppid;
  setInterval(() => {
    const gone = launchers.find((pid) => !isRunning(pid)) ?? (process.ppid !== originalParent ? originalParent : undefined);
    if (gone === undefined) return;
    console.error(`[vinscope] the launcher (pid ${gone}) is gone; stopping the server processes`);
    stop(0);
  }, LAUNCHER_CHECK_MS).unref();

  for (let i = 0; i < opts.workers; i++) fork();
}
