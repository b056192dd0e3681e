/**
 * The job runner process `npm start` starts beside the server processes (one per instance): the scheduled
 * syncs of lib/jobs run here, so a download or an import never competes with requests inside a server process.
 * SIGTERM/SIGINT stop the schedule and abort a running job (its transaction rolls back; the lease is released).
 */
import { warnIfAddressChecksOff } from "../../lib/alerts/address-policy";
import { disconnectDb } from "../../lib/db";
import { runAsTool } from "../../lib/db/process-kind";
import { log } from "../../lib/log";
import { JOBS } from "../../lib/jobs/registry";
import { startJobRunner } from "../../lib/jobs/scheduler";
import { answerMetricsCollection } from "../../lib/metrics/cluster";
import { processMetrics } from "../../lib/metrics/process-metrics";

runAsTool();
// Its counts (sync runs, webhook deliveries, outside calls, memory) join the instance's GET /metrics through the
// primary, which asks over the IPC channel (lib/metrics/cluster.ts).
processMetrics();
answerMetricsCollection();
const runner = startJobRunner(JOBS);
log().info({ jobs: JOBS.map((j) => j.name) }, "job runner started");
// The runner delivers the webhooks (lib/jobs/webhook-delivery.ts).
if (JOBS.some((j) => j.name === "webhooks")) warnIfAddressChecksOff("job runner");
// With every job switched off nothing else holds the event loop, and the process would end at once; the
// launcher takes an exit for a crash and restarts it. So the runner stays up, idle, until it is stopped.
const idle = setInterval(() => undefined, 2 ** 30);
/** How long closing the database may take once the runner is stopping. */
const DISCONNECT_WAIT_MS = 3000;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    const stopping = performance.now();
    clearInterval(idle);
    runner.stop();
    const exit = () => {
      log().info({ signal, ms: Math.round(performance.now() - stopping) }, "job runner stopped");
      process.exit(0);
    };
    // Give an aborted job a moment to roll back and release its lease, then close the database. Closing waits for
    // the connections in use; one that never comes back (a query the abort left waiting on a lock) must not keep
    // the runner from stopping, so it exits DISCONNECT_WAIT_MS later whatever the database does.
    setTimeout(() => {
      setTimeout(exit, DISCONNECT_WAIT_MS).unref();
      void disconnectDb().finally(exit);
    }, 1500).unref();
  });
}
