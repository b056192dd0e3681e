/**
 * Starts the BUILT app (`next start`) on a free port with its own fresh database, for integration tests.
 * Outside systems default to addresses that refuse connections, so a test never reaches the internet; a test
 * points them at its fakes through `env`.
 *
 *   const app = await startApp({ env: { NHTSA_API_BASE_URL: fake.url } });
 *   const res = await fetch(`${app.url}/api/health`);
 *   await app.stop();
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { parseConfig } from "../../lib/config";
import { createDb, type Db } from "../../lib/db";
import { registerApp } from "./contract";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { vinscopeCommand } from "./vinscope-cli";

const root = path.resolve(__dirname, "../..");
/** Port 9 (discard) on loopback: connections are refused at once. */
const REFUSED = "http://127.0.0.1:9";
const runFile = promisify(execFile);

export interface TestApp {
  url: string;
  port: number;
  /** The process started: `next start` itself, or with `npmStart` the launcher whose children serve. */
  pid: number;
  database: TestDatabase;
  /** Env the app was started with (useful to run a CLI script against the same database). */
  env: Record<string, string>;
  /** A Prisma client on the app's database, for fixtures and assertions. */
  db(): Db;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function baseTestEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO_DATA: "false",
    VPIC_API_BASE_URL: "off",
    NHTSA_API_BASE_URL: "off",
    RATINGS_API_BASE_URL: "off",
    COMPLAINTS_API_BASE_URL: "off",
    FUEL_ECONOMY_API_BASE_URL: "off",
    // No test reaches the internet: a test of the syncs points these at a loopback file server.
    SYNC_RECALLS_URL: "off",
    SYNC_VPIC_URL: "off",
    SYNC_COMPLAINTS_URL: "off",
    SYNC_FUEL_ECONOMY_URL: "off",
    SYNC_BULLETINS_URL: "off",
    SYNC_CANADA_RECALLS_URL: "off",
    SYNC_CANADA_RECALLS_UPDATE_URL: "off",
    SYNC_INVESTIGATIONS_URL: "off",
    ANTHROPIC_API_KEY: "",
    STICKER_URL_GM: `${REFUSED}/gm?vin={vin}`,
    STICKER_URL_STELLANTIS: `${REFUSED}/stellantis?vin={vin}`,
    STICKER_URL_FORD: `${REFUSED}/ford?vin={vin}`,
    STICKER_URL_HYUNDAI: `${REFUSED}/hyundai?model={model}&vin={vin}`,
    // Every test app is asked from 127.0.0.1: a quota no test reaches unless it sets its own (tests/rate-limits.test.ts).
    RATE_LIMIT_REQUESTS: "1000000",
    // A test that checks what a fake source answered waits for it: on a loaded machine a cold process can take longer
    // than the product's 300 ms to ask a fake that answers at once. The tests of the budget set their own.
    REPORT_LIVE_BUDGET_MS: "5000",
    // Ready at once: a test app is not measured for speed (tests/warm-up.test.ts tests the warm-up itself).
    SERVER_WARM_UP_REQUESTS: "0",
  };
}

/**
 * Runs `npm start` (`vinscope start`, cli/commands/start.ts) with exactly `env`, for starts that are meant to fail: the exit code and
 * stderr, or null when it exited 0.
 */
export function npmStartFailure(env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string } | null> {
  return runFile(...vinscopeCommand("start"), {
    cwd: root,
    env,
    timeout: 60_000,
  }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Wait for any answer from /api/health instead of a 200 (for apps started broken on purpose). */
  allowUnhealthy?: boolean;
  /**
   * Start as `npm start` does (cli/commands/start.ts: config check, migrations, then WEB_CONCURRENCY server
   * processes) instead of a bare `next start`.
   */
  npmStart?: boolean;
  /** Serve from this database (another app's, for several instances on one PostgreSQL); the caller drops it. */
  database?: TestDatabase;
}

export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const port = await freePort();
  const env: Record<string, string> = { ...baseTestEnv(port, database.url) };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const command = options.npmStart
    ? vinscopeCommand("start").flat()
    : [
        process.execPath,
        path.join(root, "node_modules/next/dist/bin/next"),
        "start",
        "-p",
        String(port),
        "-H",
        "127.0.0.1",
      ];
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    // Only what the app needs: the test runner's own variables (TEST_*, JEST_*) stay out.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? "",
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output, options.allowUnhealthy ?? false);
  // From here on, every response of this app is checked against its OpenAPI document (jest-setup.ts).
  registerApp(url);
  let client: Db | undefined;
  return {
    url,
    port,
    pid: child.pid!,
    database,
    env,
    db: () => (client ??= createDb(parseConfig(env, root).database)),
    output: () => output,
    stop: async () => {
      await client?.$disconnect();
      await stopProcess(child);
      if (!options.database) await database.drop();
    },
  };
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  anyStatus: boolean,
): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200 || anyStatus) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await stopProcess(child);
  throw new Error(`app did not become healthy in 45 s:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Waits out the stated bound for an import by another process (a test writing to the app's database) to reach
 * the app's in-memory indexes: their stamps are read at most once a second, then the index is derived again
 * (docs/scaling.md, "Memory"). For a test that must ask no report before: a report's sections are memoised for
 * REPORT_SECTION_MEMO_MS, so "no deals" asked too early would stay.
 */
export const importReachesApp = () => new Promise((r) => setTimeout(r, 2500));

/**
 * `read()` again every 100 ms until `done` says yes or `withinMs` passes; the last value either way. For what a
 * running app picks up in the background within a stated bound (an import, a sync, a stored answer).
 */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  withinMs: number,
): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
