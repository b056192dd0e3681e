/**
 * `npm start` serves from WEB_CONCURRENCY processes on one port: they all answer, a process that dies is
 * replaced without the port going dark, SIGTERM stops them all, and a server that cannot start (port taken)
 * exits non-zero instead of restarting forever.
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { baseTestEnv, npmStartFailure, startApp } from "./support/app";
import { createTestDatabase, testProvider } from "./support/test-database";

/** The server processes under `pid`: Next.js names them "next-server (vX.Y.Z)". */
function serverProcesses(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!)
    .map(([, p, pp, args]) => ({ pid: Number(p), ppid: Number(pp), args }));
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of table) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  return table.filter((row) => below.has(row.pid) && row.args.startsWith("next-server")).map((row) => row.pid).sort();
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
    http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
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
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}/api/public/vin/4T1G11AK7RU000001?insight=false`)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));

      process.kill(workers[0], "SIGKILL");
      await until("the launcher to notice", () => (app.output().includes(`server process ${workers[0]} exited`) ? true : undefined));
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
      expect(failure!.stderr).toContain("a server process exited (code 1) before the server could start; stopping");
    } finally {
      blocker.close();
      await database.drop();
    }
  });
});
