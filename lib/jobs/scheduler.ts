/**
 * The job runner `npm start` runs: one per instance, in its own process (cli/server/job-runner.ts), so the server
 * processes never do a sync's work. Each job runs on its cron schedule (UTC) through run-job.ts, whose lease
 * lets only one instance's runner do a given run when several share a PostgreSQL database. A job whose data
 * is missing or too old runs once right after start instead of waiting for its schedule.
 *
 * A run that fails (the source unreachable at start, a truncated download) is tried again after a backoff
 * (SYNC_RETRY_SECONDS, doubling per failure up to an hour) rather than at the next scheduled run, which for the
 * recall mirror is a day away. The retry is the next run shown in the job's status.
 */
import { Cron } from "croner";
import { config } from "../config";
import { log } from "../log";
import type { Job } from "./job";
import { runJob, runnerId } from "./run-job";
import { readJobStatus, recordNextRun } from "../db/job-status";

export interface JobRunner {
  stop(): void;
}

/** The longest wait between retries of a failing job. */
export const MAX_RETRY_MS = 60 * 60_000;

/** How long to wait before retry number `failures` (1 for the first): the first delay, doubled per failure, capped. */
export function retryDelayMs(failures: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

export interface JobRunnerOptions {
  owner?: string;
  now?: () => Date;
  /** The first retry's wait (default SYNC_RETRY_SECONDS); null: a failed run waits for the schedule. */
  retryFirstMs?: number | null;
}

export function startJobRunner(jobs: readonly Job[], opts: JobRunnerOptions = {}): JobRunner {
  const owner = opts.owner ?? runnerId();
  const retryFirstMs = opts.retryFirstMs === undefined ? config().sync.retryFirstMs : opts.retryFirstMs;
  const stop = new AbortController();
  const stoppers: (() => void)[] = [];
  for (const job of jobs) {
    const schedule = job.schedule();
    const disabled = job.disabledReason();
    if (disabled || !schedule) {
      log().info({ job: job.name }, `job not scheduled: ${disabled ?? "schedule is off"}`);
      void recordNextRun(job.name, null).catch(() => undefined);
      continue;
    }
    stoppers.push(scheduleJob(job, schedule, { owner, signal: stop.signal, retryFirstMs, now: opts.now }));
  }
  return {
    stop() {
      for (const s of stoppers) s();
      stop.abort(new Error("the job runner stopped"));
    },
  };
}

/** One job on its cron schedule, with its start-up run and its retries; returns what stops it. */
function scheduleJob(
  job: Job,
  schedule: string,
  {
    owner,
    signal,
    retryFirstMs,
    now,
  }: { owner: string; signal: AbortSignal; retryFirstMs: number | null; now?: () => Date },
): () => void {
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  // One run of a job at a time in this process: the run due at start (cron.trigger) and the first scheduled tick
  // would otherwise overlap (croner's `protect` does not cover trigger), and the lease, which is this runner's
  // for both, cannot tell them apart.
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    clearTimeout(retry);
    retry = undefined;
    let outcome: Awaited<ReturnType<typeof runJob>>;
    try {
      outcome = await runJob(job, { owner, signal });
    } finally {
      running = false;
    }
    if (!outcome.ran) log().info({ job: job.name }, `job skipped: ${outcome.reason}`);
    if (outcome.ran) failures = outcome.ok ? 0 : failures + 1;
    let next = cron.nextRun() ?? null;
    if (failures > 0 && retryFirstMs !== null && !signal.aborted) {
      const delay = retryDelayMs(failures, retryFirstMs);
      if (!next || Date.now() + delay < next.getTime()) {
        next = new Date(Date.now() + delay);
        log().info(
          { job: job.name, failures, retryInSeconds: Math.round(delay / 1000) },
          "job failed: retrying after a backoff",
        );
        // A scheduled run that is still going when the retry is due is not doubled (croner's `protect` only
        // guards its own schedule): the retry then waits for that run's outcome instead.
        retry = setTimeout(() => void (cron.isBusy() ? undefined : cron.trigger()), delay);
      }
    }
    await recordNextRun(job.name, next).catch(() => undefined);
  };
  // protect: a run still going when the next is due is not started twice in this process.
  const cron: Cron = new Cron(schedule, { timezone: "UTC", protect: true, catch: true }, run);
  void (async () => {
    await recordNextRun(job.name, cron.nextRun() ?? null);
    const last = await readJobStatus(job.name);
    if (job.dueAtStart?.({ lastSuccessAt: last?.lastSuccessAt ?? null }, now?.() ?? new Date())) {
      log().info({ job: job.name }, "job due at start");
      await cron.trigger();
    }
  })().catch((error) => log().warn({ job: job.name, err: error }, "job runner start failed"));
  return () => {
    cron.stop();
    clearTimeout(retry);
  };
}
