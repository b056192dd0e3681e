/**
 * The lifetime of `vinscope start` (`npm start`) and of everything it runs: the build, the server processes
 * (node:cluster workers) and the job runner. Nothing outlives its launcher, however the launcher dies:
 *
 * - Downwards, a parent-death watch in each child: every child is started with cli/server/exit-with-parent.cjs
 *   preloaded, which stops it when its IPC channel to this process closes or it is reparented. So a SIGKILL of
 *   this process (which it cannot act on) still stops them all within a second.
 * - Here, a watch on the launchers above this process (`npm start` → sh → this process, or npm → tsx → this process): when one of them
 *   is gone (killed with SIGKILL, which cannot be forwarded), this process stops its children and exits. Polled
 *   every second with `ps`, from the very start (a launcher killed during the build or the migrations counts).
 * - SIGINT, SIGTERM and SIGHUP stop the children (SIGTERM, then SIGKILL after a grace period) and then this process.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import path from "node:path";

/** Every child process gets this preloaded (`node --require`). */
export const EXIT_WITH_PARENT = path.join(__dirname, "exit-with-parent.cjs");

/** Past this after SIGTERM, children still running are killed. */
const STOP_GRACE_MS = 10_000;
/** How often this process checks that its launchers are still there. */
const LAUNCHER_CHECK_MS = 1000;
/** Launcher processes (npm, the shell npm runs scripts with, tsx, node); an interactive shell or init is not one. */
const LAUNCHER_COMMAND = /^(node|npm|npx|sh|dash|tsx)\b/;

const children = new Set<ChildProcess>();
let stopping: { why: string; at: number; count: number } | null = null;

/** A child this process started: stopped with it. */
export function track(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => {
    children.delete(child);
    if (stopping && children.size === 0) {
      stopped(`${stopping.count} process${stopping.count === 1 ? "" : "es"} drained`);
      process.exit(process.exitCode ?? 0);
    }
  });
}

/** The one line that says the service is down, why, and how long stopping its processes took. */
function stopped(how: string): void {
  if (!stopping) return;
  const seconds = ((performance.now() - stopping.at) / 1000).toFixed(1);
  console.log(`[vinscope] stopped (${stopping.why}): ${how} in ${seconds} s`);
}

export const isStopping = () => stopping !== null;

/**
 * Stops every child (SIGTERM, then SIGKILL after the grace period), then exits with `code`. `why` (the signal, the
 * launcher gone, a crash) goes into the line logged once all have stopped: server processes and job runner.
 */
export function stopAll(code: number, why: string): void {
  if (stopping) return;
  stopping = { why, at: performance.now(), count: children.size };
  process.exitCode = code;
  if (children.size === 0) {
    stopped("nothing was running");
    process.exit(code);
  }
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => {
    const left = children.size;
    for (const child of children) child.kill("SIGKILL");
    stopped(`${left} of ${stopping!.count} processes killed after the ${STOP_GRACE_MS / 1000} s grace period`);
    process.exit(code);
  }, STOP_GRACE_MS).unref();
}

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

/** Signals and the launcher watch: call once, first thing. */
export function holdLifetime(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stopAll(0, signal));
  const launchers = launcherChain();
  const originalParent = process.ppid;
  setInterval(() => {
    const gone =
      launchers.find((pid) => !isRunning(pid)) ?? (process.ppid !== originalParent ? originalParent : undefined);
    if (gone === undefined) return;
    console.error(`[vinscope] the launcher (pid ${gone}) is gone; stopping the server processes and the job runner`);
    stopAll(0, `launcher pid ${gone} gone`);
  }, LAUNCHER_CHECK_MS).unref();
}
