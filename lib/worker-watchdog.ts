/**
 * A server process `npm start` runs (cli/server/server-workers.ts sets VINSCOPE_WORKER=1) stops when its
 * primary is gone: killed outright, the primary cannot stop it, and a worker left behind would keep the port
 * (issue 14). node:cluster's own exit on a closed IPC channel does not happen under `next start`, so the worker
 * watches for itself: the IPC channel closing, or its parent changing (reparented to init).
 */
const CHECK_MS = 1000;

export function watchPrimary(log: (message: string) => void): void {
  if (process.env.VINSCOPE_WORKER !== "1") return;
  const primary = process.ppid;
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`the primary process (pid ${primary}) is gone (${why}); this server process stops`);
    // SIGTERM lets Next.js finish what it is doing; if it is still here after the grace, exit anyway.
    process.kill(process.pid, "SIGTERM");
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("disconnect", () => stop("IPC channel closed"));
  setInterval(() => {
    if (process.ppid !== primary) stop("reparented");
  }, CHECK_MS).unref();
}
