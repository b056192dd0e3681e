/**
 * `npm start` serves from WEB_CONCURRENCY processes on one port: they all answer, a process that dies is
 * replaced without the port going dark, SIGTERM stops them all, and a server that cannot start (port taken)
 * exits non-zero instead of restarting forever.
 */
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import http from "node:http";
import net from "node:net";
import { baseTestEnv, npmStartFailure, startApp } from "./support/app";
import { createTestDatabase, testProvider } from "./support/test-database";

/** The server processes under `pid`: Next.js names them "next-server (vX.Y.Z)". */
function serverProcesses(pid: number): number[] {
  return processesUnder(pid, (args) => args.startsWith("next-server"));
}

/** The job runner under `pid` (one process: node running its compiled bundle). */
function jobRunners(pid: number): number[] {
  return processesUnder(pid, (args) => /cli\/job-runner\.cjs/.test(args));
}

function processesUnder(pid: number, match: (args: string) => boolean): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!)
    .map(([, p, pp, args]) => ({ pid: Number(p), ppid: Number(pp), args }));
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of table) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  return table
    .filter((row) => below.has(row.pid) && match(row.args))
    .map((row) => row.pid)
    .sort();
}

async function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const value = probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * GET on a connection of its own. fetch's keep-alive pool may hold a connection to the killed process, which
 * is reset, as with any crashed server; what matters here is whether the port answers.
 */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Process supervision does not depend on the database: the suite runs once, in the SQLite pass.
const describeOnce = testProvider() === "sqlite" ? describe : describe.skip;

describeOnce("npm start with WEB_CONCURRENCY=2", () => {
  it("serves from two processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    const app = await startApp({ npmStart: true, env: { WEB_CONCURRENCY: "2" } });
    let workers: number[] = [];
    try {
      workers = await until("two server processes", () => {
        const found = serverProcesses(app.pid);
        return found.length === 2 ? found : undefined;
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${app.url}/api/public/vin/4T1G11AK7RU000001?insight=false`)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));

      process.kill(workers[0], "SIGKILL");
      await until("the launcher to notice", () =>
        app.output().includes(`server process ${workers[0]} exited`) ? true : undefined,
      );
      // The survivor keeps the port open while the replacement starts.
      expect(await statusOnNewConnection(`${app.url}/api/health`)).toBe(200);
      const replaced = await until("a replacement process", () => {
        const found = serverProcesses(app.pid);
        return found.length === 2 && !found.includes(workers[0]) ? found : undefined;
      });
      expect(replaced).toContain(workers[1]);
      expect(app.output()).toContain(`server process ${workers[0]} exited (signal SIGKILL); starting a replacement`);
      workers = replaced;
      const after = await Promise.all(Array.from({ length: 10 }, () => statusOnNewConnection(`${app.url}/api/health`)));
      expect(after).toEqual(Array(10).fill(200));
    } finally {
      await app.stop();
    }
    await until("every server process to exit", () => (workers.some(alive) ? undefined : true), 15_000);
  });

  it("exits with code 1, naming the cause, when the port is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const database = await createTestDatabase();
    try {
      const failure = await npmStartFailure({
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...baseTestEnv(port, database.url),
        NODE_ENV: "production",
        WEB_CONCURRENCY: "2",
      });
      expect(failure).not.toBeNull();
      expect(failure!.code).toBe(1);
      expect(failure!.stderr).toContain("EADDRINUSE");
      // Checked before migrations or workers: one line naming the port.
      expect(failure!.stderr).toContain(`[vinscope] cannot start: port ${port} is in use (EADDRINUSE)`);
    } finally {
      blocker.close();
      await database.drop();
    }
  });
});

/** `npm start` itself (npm → node, the primary → workers), as an operator runs it. */
async function startWithNpm(env: Record<string, string>) {
  const child = spawn("npm", ["start"], {
    cwd: path.resolve(__dirname, ".."),
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
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${env.PORT}`;
  await until(`npm start to serve\n${output}`, () => (output.includes("listening on port") ? true : undefined), 60_000);
  const workers = await until("the server processes", () => {
    const found = serverProcesses(child.pid!);
    return found.length === Number(env.WEB_CONCURRENCY) ? found : undefined;
  });
  const runner = await until("the job runner", () => {
    const found = jobRunners(child.pid!);
    return found.length === 1 ? found[0] : undefined;
  });
  return {
    pid: child.pid!,
    url,
    workers,
    /** Every process npm start started that must stop with it: the server processes and the job runner. */
    children: [...workers, runner],
    runner,
    output: () => output,
    /** Whatever is left of the process group (only used when a test fails). */
    cleanup: () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* all gone, as it should be */
      }
      for (const w of [...workers, runner]) if (alive(w)) process.kill(w, "SIGKILL");
    },
  };
}

async function portRefuses(url: string): Promise<boolean> {
  return statusOnNewConnection(`${url}/api/health`).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED",
  );
}

describeOnce("npm start's process and its workers", () => {
  it("refuses a second start on its port or its SQLite file at once, and leaves nothing behind when killed (SIGKILL)", async () => {
    const database = await createTestDatabase();
    const port = await freePortNumber();
    const env = { ...baseTestEnv(port, database.url), WEB_CONCURRENCY: "2" };
    const first = await startWithNpm(env);
    try {
      const other = await createTestDatabase();
      try {
        const started = Date.now();
        const samePort = await npmStartFailure({
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ...baseTestEnv(port, other.url),
          NODE_ENV: "production",
        });
        expect(samePort?.code).toBe(1);
        expect(samePort!.stderr.trim()).toBe(
          `[vinscope] cannot start: port ${port} is in use (EADDRINUSE): another server listens there; stop it or set PORT to a free port`,
        );
        const file = database.url.slice("file:".length);
        const sameFile = await npmStartFailure({
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ...baseTestEnv(await freePortNumber(), database.url),
          NODE_ENV: "production",
        });
        expect(sameFile?.code).toBe(1);
        expect(sameFile!.stderr).toContain(
          `[vinscope] cannot start: the database ${file} is in use by a running vinscope instance (pid `,
        );
        expect(sameFile!.stderr).not.toContain("WASM_ERROR");
        // "At once": well under the 10 s the Prisma migration timeout took.
        expect(Date.now() - started).toBeLessThan(8000);
      } finally {
        await other.drop();
      }
      // The first instance is untouched by the refused starts.
      expect(await statusOnNewConnection(`${first.url}/api/health`)).toBe(200);

      process.kill(first.pid, "SIGKILL");
      // Within a few seconds: the server processes, and the job runner (which used to be left running with the database open).
      await until(
        "every process npm start started to exit after it was killed",
        () => (first.children.some(alive) ? undefined : true),
        8_000,
      );
      expect(await portRefuses(first.url)).toBe(true);
    } finally {
      first.cleanup();
      await database.drop();
    }
  });

  it.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("%s to npm start's process stops its workers", async (signal) => {
    const database = await createTestDatabase();
    const port = await freePortNumber();
    const app = await startWithNpm({ ...baseTestEnv(port, database.url), WEB_CONCURRENCY: "1" });
    try {
      process.kill(app.pid, signal);
      await until(
        `the server process and the job runner to exit after ${signal}`,
        () => (app.children.some(alive) ? undefined : true),
        20_000,
      );
      expect(await portRefuses(app.url)).toBe(true);
    } finally {
      app.cleanup();
      await database.drop();
    }
  });
});

describeOnce("the server processes and the job runner whose primary is killed outright", () => {
  it("stop by themselves within seconds, leaving nothing on the port and the database free for the next start", async () => {
    const database = await createTestDatabase();
    const app = await startWithNpm({ ...baseTestEnv(await freePortNumber(), database.url), WEB_CONCURRENCY: "1" });
    try {
      const primary = Number(
        execFileSync("ps", ["-o", "ppid=", "-p", String(app.workers[0])], { encoding: "utf8" }).trim(),
      );
      expect(Number(execFileSync("ps", ["-o", "ppid=", "-p", String(app.runner)], { encoding: "utf8" }).trim())).toBe(
        primary,
      );
      process.kill(primary, "SIGKILL");
      await until(
        "the orphaned server process and job runner to exit",
        () => (app.children.some(alive) ? undefined : true),
        8_000,
      );
      expect(await portRefuses(app.url)).toBe(true);
    } finally {
      app.cleanup();
      await database.drop();
    }
  });
});

async function freePortNumber(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
