/**
 * The built app started for a benchmark as `npm start` starts it (migrations, demo seed, WEB_CONCURRENCY
 * server processes), on its own SQLite database in a temporary directory, with nothing outside reachable
 * unless `extra` points somewhere.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { config, parseConfig } from "../../../lib/config";
import { baseTestEnv, freePort } from "../../../tests/support/app";
import { vinscopeCommand } from "../../../tests/support/vinscope-cli";

const root = path.resolve(__dirname, "../../..");

export interface BenchServer {
  base: string;
  /** The process group leader (`npm start`'s primary); its workers are in the same group. */
  pid: number;
  workers: number;
  /** The environment it runs with (for a CLI run against the same database, e.g. `npm run sync`). */
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
}

/**
 * Starts the app as `npm start` does with `extra` env; resolves once /api/health answers. Its database is a
 * SQLite file in a temporary directory, or `opts.databaseUrl` (e.g. a PostgreSQL database several runs share).
 */
export async function startServer(
  extra: Record<string, string>,
  opts: { databaseUrl?: string; viaNpm?: boolean } = {},
): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-"));
  const port = await freePort();
  const env = {
    ...process.env,
    ...baseTestEnv(port, opts.databaseUrl ?? `file:${path.join(dir, "bench.db")}`),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    DATA_DIR: dir,
    VPIC_DB_PATH: config().vpic.dbPath,
    SYNC_RECALLS_SCHEDULE: "off",
    // The product's live budget, not the tests' (a blank value is unset), unless the caller's environment names one.
    REPORT_LIVE_BUDGET_MS: process.env.REPORT_LIVE_BUDGET_MS ?? "",
    // Likewise its warm-up: the server is measured once it says it is ready, as a load balancer would send it traffic.
    SERVER_WARM_UP_REQUESTS: process.env.SERVER_WARM_UP_REQUESTS ?? "",
    ...extra,
  };
  // `viaNpm`: the whole chain a user starts (`npm start` → its launcher), for a measure of what the machine pays.
  const [command, ...args] = opts.viaNpm ? ["npm", "start", "--silent"] : vinscopeCommand("start").flat();
  const server = spawn(command, args, {
    cwd: root,
    env,
    stdio: "ignore",
    detached: true,
  });
  let exited = false;
  const exit = new Promise((resolve) => server.once("exit", resolve)).then(() => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) process.kill(-server.pid!, "SIGTERM");
    await exit;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let ok = false; !ok;) {
    if (exited) {
      await stop();
      throw new Error("the server did not start (run `npm start` to see why)");
    }
    ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok) await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: server.pid!, workers: parseConfig(env).workers, env, stop };
}
