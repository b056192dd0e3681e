/**
 * The job runner `npm start` runs: one per instance, in its own process (cli/server/job-runner.ts), so the server
 * processes never do a sync's work. Each job runs on its cron schedule (UTC) through run-job.ts, whose lease
 * lets only one instance's runner do a given run when several share a PostgreSQL database. A job whose data
 * is missing or too old runs once right after start instead of waiting for its schedule.
 */
import { Cron } from "croner";
import { log } from "../log";
import type { Job } from "./job";
import { runJob, runnerId } from "./run-job";
import { readJobStatus, recordNextRun } from "./status-store";

export interface JobRunner {
  stop(): void;
}

export function startJobRunner(jobs: readonly Job[], opts: { owner?: string; now?: () => Date } = {}): JobRunner {
  const owner = opts.owner ?? runnerId();
  const stop = new AbortController();
  const crons: Cron[] = [];
  for (const job of jobs) {
    const schedule = job.schedule();
    const disabled = job.disabledReason();
    if (disabled || !schedule) {
      log().info({ job: job.name }, `job not scheduled: ${disabled ?? "schedule is off"}`);
      void recordNextRun(job.name, null).catch(() => undefined);
      continue;
    }
    const run = async () => {
      const outcome = await runJob(job, { owner, signal: stop.signal });
      if (!outcome.ran) log().info({ job: job.name }, `job skipped: ${outcome.reason}`);
      await recordNextRun(job.name, cron.nextRun() ?? null).catch(() => undefined);
    };
    // protect: a run still going when the next is due is not started twice in this process.
    const cron: Cron = new Cron(schedule, { timezone: "UTC", protect: true, catch: true }, run);
    crons.push(cron);
    void (async () => {
      await recordNextRun(job.name, cron.nextRun() ?? null);
      const last = await readJobStatus(job.name);
      if (job.dueAtStart?.({ lastSuccessAt: last?.lastSuccessAt ?? null }, opts.now?.() ?? new Date())) {
        log().info({ job: job.name }, "job due at start");
        await cron.trigger();
      }
    })().catch((error) => log().warn({ job: job.name, err: error }, "job runner start failed"));
  }
  return {
    stop() {
      for (const c of crons) c.stop();
      stop.abort(new Error("the job runner stopped"));
    },
  };
}
