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
 * finishes what it is doing) and then the primary (cli/server/lifetime.ts).
 *
 * Metrics: a scrape of GET /metrics reaches one worker, which asks this primary; the primary collects every
 * worker's registry and the job runner's over IPC and adds them up (lib/metrics/cluster.ts).
 *
 * Rate-limit counters: on SQLite the public per-address counters live here, in the primary
 * (rate-limiter-flexible's RateLimiterClusterMaster), so every server process counts in the same place
 * (lib/rate-limit/store.ts). On PostgreSQL they live in the database and this is their fallback.
 *
 * Nothing outlives its launcher: see cli/server/lifetime.ts (each worker starts with the parent-death watch
 * preloaded; this process watches its own launchers).
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { serveInstanceScrapes } from "../../lib/metrics/cluster";
import { EXIT_WITH_PARENT, isStopping, stopAll, track } from "./lifetime";

/** Where the server listens, in words: "port 3000" on every interface, else "127.0.0.1 port 3000". */
export function listenAddress(host: string | undefined, port: number): string {
  return host === undefined ? `port ${port} (every interface)` : `${host} port ${port}`;
}

/**
 * What the server processes and the job runner start with to hold less memory. A young generation of at most 3 × 4 MB
 * instead of V8's default 3 × 16 MB, and at most two glibc malloc arenas instead of eight per core (an environment
 * that sets MALLOC_ARENA_MAX keeps its own). Measured by `npm run bench:memory` on 2 cores with the demo data: the
 * instance 934 → 791 MB PSS when ready and 1,177 → 1,020 MB after the minute of load (docs/scaling.md#memory).
 */
export const LEAN_PROCESS = {
  execArgv: ["--max-semi-space-size=4"],
  env: { MALLOC_ARENA_MAX: "2" } as Record<string, string>,
};

/** More replacements than this within CRASH_WINDOW_MS is a crash loop, not bad luck. */
const MAX_RESTARTS = 5;
const CRASH_WINDOW_MS = 60_000;
export function serveWithWorkers(opts: {
  root: string;
  port: number;
  /** HOST: the address to listen on; undefined, every interface (next start's default). */
  host?: string;
  workers: number;
  heapMb: number;
  env: NodeJS.ProcessEnv;
}): void {
  cluster.setupPrimary({
    exec: path.join(opts.root, "node_modules", "next", "dist", "bin", "next"),
    args: ["start", "-p", String(opts.port), ...(opts.host === undefined ? [] : ["-H", opts.host])],
    // The workers run the built app with plain Node.js, with a bounded heap so that garbage is collected near the
    // live size instead of piling up (SERVER_HEAP_MB), and a small young generation (LEAN_PROCESS).
    execArgv: [
      `--max-old-space-size=${opts.heapMb}`,
      ...LEAN_PROCESS.execArgv,
      // V8's gc function, for the collection that gives memory back once a burst of load is over
      // (lib/http/idle-memory.ts).
      "--expose-gc",
      "--require",
      EXIT_WITH_PARENT,
    ],
  });
  // Before any worker starts: it answers the workers' limiters' `init` messages.
  new RateLimiterClusterMaster();
  // GET /metrics, served by any worker, is answered with every process's metrics added up here (lib/metrics/cluster.ts).
  serveInstanceScrapes();
  let listening = 0;
  const restarts: number[] = [];

  // VINSCOPE_WORKER: the rate limiter counts in this primary (lib/rate-limit/store.ts).
  // VINSCOPE_WARM_UP_TOKEN: what marks the processes' own warm-up requests (lib/http/warm-up.ts), one per start.
  const warmUpToken = randomBytes(24).toString("base64url");
  const fork = () =>
    track(
      cluster.fork({
        ...LEAN_PROCESS.env,
        ...opts.env,
        VINSCOPE_WORKER: "1",
        VINSCOPE_WARM_UP_TOKEN: warmUpToken,
      }).process,
    );

  cluster.on("listening", () => {
    listening++;
    if (listening === opts.workers)
      console.log(
        `[vinscope] ${opts.workers} server process${opts.workers === 1 ? "" : "es"} listening on ${listenAddress(opts.host, opts.port)}`,
      );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (isStopping()) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (listening === 0) {
      console.error(`[vinscope] a server process exited (${how}) before the server could start; stopping`);
      return stopAll(1, "the server could not start");
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - CRASH_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      console.error(
        `[vinscope] server processes keep exiting (${restarts.length} in a minute, last: ${how}); stopping`,
      );
      return stopAll(1, "server processes kept exiting");
    }
    console.error(`[vinscope] server process ${worker.process.pid} exited (${how}); starting a replacement`);
    fork();
  });

  for (let i = 0; i < opts.workers; i++) fork();
}
