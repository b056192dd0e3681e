/**
 * Runs one job now, under its lease: the scheduler, `npm run sync` and the tests all come through here, so a
 * job started by hand while the scheduled one runs (here or on another instance) is refused, not doubled.
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { log } from "../log";
import { countSyncRun } from "../metrics/process-metrics";
import { isSourceUnreachable } from "./download";
import type { Job, JobProgress, JobResult } from "./job";
import {
  acquireLease,
  LEASE_MS,
  readJobStatus,
  recordFailure,
  recordStart,
  recordSuccess,
  releaseLease,
  renewLease,
  saveJobState,
} from "../db/job-status";

/** Who holds a lease: host, process and a random part (two runners in one process stay distinct). */
export function runnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * The failure each job last logged in this process. A failing job is retried within minutes (with backoff), so
 * offline the same failure would be a warning every few minutes: it is a warning once, and again only when
 * the error changes; identical repeats are logged at info with how many there have been.
 */
const lastFailure = new Map<string, { message: string; repeats: number }>();

function logFailure(job: Job, message: string, error: unknown): void {
  const last = lastFailure.get(job.name);
  if (last?.message === message) {
    last.repeats++;
    log().info({ job: job.name, err: message, repeats: last.repeats }, "job failed again, as before");
    return;
  }
  lastFailure.set(job.name, { message, repeats: 0 });
  if (!isSourceUnreachable(error)) {
    log().warn({ job: job.name, err: message }, "job failed");
    return;
  }
  const offline = job.offlineImport
    ? `; without a network, load its data from a file: ${job.offlineImport}`
    : "; the data already loaded is served meanwhile";
  log().warn(
    { job: job.name, err: message, unreachable: true, offlineImport: job.offlineImport },
    `job failed: its source cannot be reached (offline?), retried with backoff${offline}`,
  );
}

export type RunOutcome =
  | { ran: true; ok: true; result: JobResult; seconds: number }
  | { ran: true; ok: false; error: string; seconds: number }
  | { ran: false; reason: string };

export interface RunOptions {
  owner?: string;
  onProgress?: (p: JobProgress) => void;
  signal?: AbortSignal;
}

export async function runJob(job: Job, opts: RunOptions = {}): Promise<RunOutcome> {
  const disabled = job.disabledReason();
  if (disabled) return { ran: false, reason: disabled };
  const owner = opts.owner ?? runnerId();
  const started = new Date();
  const leaseMs = job.leaseMs?.() ?? LEASE_MS;
  if (!(await acquireLease(job.name, owner, started, leaseMs))) {
    const held = await readJobStatus(job.name);
    return {
      ran: false,
      reason: `already running (lease held by ${held?.leaseOwner ?? "another runner"} until ${held?.leaseUntil?.toISOString() ?? "?"})`,
    };
  }
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(new Error("the run was stopped"));
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
  // Renew well before expiry; a lost lease stops the run, because another runner may have started it.
  const heartbeat = setInterval(() => {
    renewLease(job.name, owner, new Date(), leaseMs).then(
      (ours) => ours || abort.abort(new Error("the job's lease was lost to another runner")),
      (error) => log().warn({ job: job.name, err: error }, "job lease renewal failed"),
    );
  }, leaseMs / 4);
  heartbeat.unref();
  try {
    await recordStart(job.name, started);
    const status = await readJobStatus(job.name);
    log().info({ job: job.name }, "job started");
    const result = await job.run({
      signal: abort.signal,
      state: { ...(status?.state ?? {}) },
      saveState: (state) => saveJobState(job.name, state),
      progress: (p) => opts.onProgress?.(p),
    });
    await recordSuccess(job.name, result, new Date());
    lastFailure.delete(job.name);
    countSyncRun(job.name, result.outcome);
    const seconds = (Date.now() - started.getTime()) / 1000;
    log().info(
      { job: job.name, outcome: result.outcome, rowsChanged: result.rowsChanged, seconds },
      `job finished: ${result.summary}`,
    );
    return { ran: true, ok: true, result, seconds };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordFailure(job.name, message, new Date()).catch(() => undefined);
    countSyncRun(job.name, "failed");
    logFailure(job, message, error);
    return { ran: true, ok: false, error: message, seconds: (Date.now() - started.getTime()) / 1000 };
  } finally {
    clearInterval(heartbeat);
    opts.signal?.removeEventListener("abort", onOuterAbort);
    await releaseLease(job.name, owner).catch(() => undefined);
  }
}
