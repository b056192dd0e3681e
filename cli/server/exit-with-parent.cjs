/**
 * Preloaded (`node --require`) into every process `vinscope start` runs: the server processes, the job runner
 * and a build. Such a process stops when the process that started it is gone, however that one died (SIGKILL
 * included, which nobody can forward): an orphaned job runner kept the database open and made the next start
 * fail in its migrations, and an orphaned server process kept the port.
 *
 * Two signs, whichever comes first: the IPC channel to the parent closing (the operating system closes it when
 * the parent dies), and the parent changing (reparented to init or a subreaper; checked every half second).
 * The process is sent SIGTERM, so it stops as it would on an operator's SIGTERM (a job aborts and rolls back,
 * Next.js finishes what it is doing), and exits anyway after a grace period.
 *
 * Plain CommonJS without dependencies: it runs before anything else in the process, tsx included.
 */
"use strict";

const CHECK_MS = 500;
const GRACE_MS = 10_000;
const parent = process.ppid;
let stopping = false;

function stop(why) {
  if (stopping) return;
  stopping = true;
  clearInterval(watch);
  process.stderr.write(
    `[vinscope] process ${process.pid} stops: the process that started it (pid ${parent}) is gone (${why})\n`,
  );
  process.kill(process.pid, "SIGTERM");
  setTimeout(() => process.exit(1), GRACE_MS).unref();
}

const watch = setInterval(() => {
  if (process.ppid !== parent) stop("reparented");
}, CHECK_MS);
watch.unref();
if (process.channel) process.once("disconnect", () => stop("IPC channel closed"));
