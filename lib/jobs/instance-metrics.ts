/**
 * The instance's facts that live in the database rather than in a process, read by the process that serves a
 * scrape of GET /metrics: each job's last success and failure, its last run's rows, whether it runs, and how often
 * its schedule runs it (what the mirror-age alert compares with); the webhook outbox's depth and how late its
 * oldest due event is. A job is labelled `sync`, not `job`: Prometheus keeps `job` for the scrape's own target.
 * They are the same whichever process reads them, so they are added once to the scrape, after
 * the processes' own metrics have been summed (lib/metrics/cluster.ts), never summed themselves.
 */
import { Cron } from "croner";
import { Gauge, Registry } from "prom-client";
import { db } from "../db";
import type { MetricsJson } from "../metrics/cluster";
import { jobsReport } from "./overview";

/** Runs of a schedule looked at to find its longest gap (a weekly or monthly pattern has uneven gaps). */
const RUNS_LOOKED_AT = 8;

/** The longest gap between the schedule's next runs, in seconds. */
export function scheduleIntervalSeconds(pattern: string, from = new Date()): number | null {
  const runs = new Cron(pattern, { paused: true, timezone: "UTC" }).nextRuns(RUNS_LOOKED_AT, from);
  let longest = 0;
  for (let i = 1; i < runs.length; i++) longest = Math.max(longest, runs[i].getTime() - runs[i - 1].getTime());
  return longest > 0 ? longest / 1000 : null;
}

const seconds = (iso: string | null) => (iso ? Date.parse(iso) / 1000 : null);

export async function instanceFacts(now = new Date()): Promise<MetricsJson> {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const lastSuccess = gauge(
    "vinscope_sync_last_success_timestamp_seconds",
    "When each job last finished successfully (Unix time).",
    ["sync"],
  );
  const lastFailure = gauge(
    "vinscope_sync_last_failure_timestamp_seconds",
    "When each job's last run failed (Unix time), while its last run is a failure.",
    ["sync"],
  );
  const rows = gauge("vinscope_sync_rows_changed", "Rows each job's last successful run changed.", ["sync"]);
  const running = gauge("vinscope_sync_running", "1 while a job runs (on any instance), else 0.", ["sync"]);
  const interval = gauge(
    "vinscope_sync_schedule_interval_seconds",
    "The longest gap between two runs of each scheduled job (absent for a job that is off).",
    ["sync"],
  );
  for (const job of await jobsReport(now)) {
    const labels = { sync: job.name };
    const success = seconds(job.lastSuccessAt);
    if (success !== null) lastSuccess.set(labels, success);
    const finished = seconds(job.lastFinishedAt);
    if (job.lastOutcome === "failed" && finished !== null) lastFailure.set(labels, finished);
    if (job.rowsChanged !== null) rows.set(labels, job.rowsChanged);
    running.set(labels, job.running ? 1 : 0);
    const every = job.schedule ? scheduleIntervalSeconds(job.schedule, now) : null;
    if (every !== null) interval.set(labels, every);
  }

  const outbox = gauge(
    "vinscope_webhook_outbox_events",
    "Webhook events in the outbox by status (pending: still to deliver, with retries).",
    ["status"],
  );
  const lateness = gauge(
    "vinscope_webhook_outbox_oldest_due_seconds",
    "How long the oldest pending webhook event has been due (0 when none is due).",
  );
  const byStatus = await db().alertEvent.groupBy({ by: ["status"], _count: { _all: true } });
  for (const status of ["pending", "delivered", "failed", "unsent"]) outbox.set({ status }, 0);
  for (const row of byStatus) outbox.set({ status: row.status }, row._count._all);
  const oldest = await db().alertEvent.findFirst({
    where: { status: "pending", nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  lateness.set(oldest?.nextAttemptAt ? Math.max(0, (now.getTime() - oldest.nextAttemptAt.getTime()) / 1000) : 0);
  return registry.getMetricsAsJSON();
}
