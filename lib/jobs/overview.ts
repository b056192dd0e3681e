/**
 * The jobs as /api/health and `npm run sync -- status` show them: every registered job with its schedule and
 * what the JobStatus table says about its runs.
 */
import { recallMirrorStatus } from "../recalls";
import { JOBS } from "./registry";
import { leaseHolderGone, readJobStatuses } from "../db/job-status";

export interface JobReport {
  name: string;
  description: string;
  /** Cron pattern (UTC), or null when the job is off. */
  schedule: string | null;
  disabledReason: string | null;
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastSuccessAt: string | null;
  lastOutcome: string | null;
  rowsChanged: number | null;
  nextRunAt: string | null;
  lastError: string | null;
}

export async function jobsReport(now = new Date()): Promise<JobReport[]> {
  const rows = new Map((await readJobStatuses()).map((r) => [r.name, r]));
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return JOBS.map((job) => {
    const r = rows.get(job.name);
    const disabledReason = job.disabledReason();
    const running = !!r?.leaseUntil && r.leaseUntil > now && !leaseHolderGone(r.leaseOwner);
    // A run whose process died (kill -9) never recorded its end: it is not running, and it did not finish.
    const lastOutcome = r?.lastOutcome === "running" && !running ? "interrupted" : (r?.lastOutcome ?? null);
    return {
      name: job.name,
      description: job.description,
      schedule: disabledReason ? null : job.schedule(),
      disabledReason: disabledReason ?? (job.schedule() ? null : "schedule is off (runs only by hand)"),
      running,
      lastStartedAt: iso(r?.lastStartedAt),
      lastFinishedAt: iso(r?.lastFinishedAt),
      lastSuccessAt: iso(r?.lastSuccessAt),
      lastOutcome,
      rowsChanged: r?.rowsChanged ?? null,
      nextRunAt: disabledReason ? null : iso(r?.nextRunAt),
      lastError: r?.lastError ?? null,
    };
  });
}

/** The recall mirror in one line of JSON: whether answers come from it, and how old it is. */
export async function recallMirrorReport(now = new Date()) {
  const m = await recallMirrorStatus(now.getTime());
  if (!m) return { state: "none" as const, asOf: null, maxModelYear: null };
  return {
    state: m.fresh ? ("fresh" as const) : ("stale" as const),
    asOf: m.asOf.toISOString(),
    maxModelYear: m.maxModelYear,
  };
}
