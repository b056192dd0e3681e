/**
 * What a scheduled job is. A job is one file in lib/jobs/ exporting a `Job`, plus one line in registry.ts.
 * The runner (run-job.ts) gives it a lease, a progress callback and the state it saved last time, and records
 * its outcome in the JobStatus table; the job itself only does its work and says what changed.
 */
import type { JobState } from "../db/job-status";

export interface JobProgress {
  /** Units done and in all (bytes, rows); total null when unknown. */
  done: number;
  total: number | null;
  /** What is being done ("download FLAT_RCL_POST_2010.zip", "import …"). */
  stage: string;
}

interface JobContext {
  /** Aborted when the run must stop (its lease was lost, the process stops). */
  signal: AbortSignal;
  /** What the job saved at the end of its previous runs (ETags, file dates); `{}` at first. */
  state: JobState;
  /** Saves state mid-run, so a run that fails later still remembers what it finished (resumable). */
  saveState(state: JobState): Promise<void>;
  progress(p: JobProgress): void;
}

export interface JobResult {
  /** "unchanged": the source had nothing new (a 304), nothing was written. */
  outcome: "ok" | "unchanged";
  rowsChanged: number;
  state: JobState;
  /** One line for the log and `npm run sync`. */
  summary: string;
}

export interface Job {
  /** Stable name: the JobStatus key and the `npm run sync -- <name>` argument. */
  name: string;
  description: string;
  /** Cron pattern (UTC) from config, or null when the job's schedule or source is `off`. */
  schedule(): string | null;
  /** Why the job cannot run at all (its source URL is `off`), or null. */
  disabledReason(): string | null;
  /**
   * Whether the runner should run the job right away at start instead of waiting for its schedule (a mirror
   * that has never been loaded, or is past its freshness age).
   */
  dueAtStart?(last: { lastSuccessAt: Date | null }, now: Date): boolean;
  /**
   * How long the job's lease lasts without renewal (default LEASE_MS, two minutes): what a runner that died
   * holds the job up for. A job that runs all the time (webhook deliveries) keeps it short.
   */
  leaseMs?(): number;
  /**
   * The command that loads the same data from a file, without the network (`vinscope import recalls
   * <FLAT_RCL.zip>`): the log names it when the job's source cannot be reached.
   */
  offlineImport?: string;
  run(ctx: JobContext): Promise<JobResult>;
}
