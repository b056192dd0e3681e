/**
 * Job status and leases, in the JobStatus table (SQLite or the PostgreSQL several instances share).
 *
 * The lease is what makes "exactly one runner" true across processes and instances: a run starts only after a
 * conditional UPDATE (free, expired, or already ours) changed the row, which both databases apply atomically
 * per row. The holder renews it while it works; a holder that dies stops renewing and the lease expires, so a
 * crashed run never blocks the job for longer than LEASE_MS.
 *
 * A holder names itself `host:pid:random` (lib/jobs/run-job.ts's runnerId). A holder on this host whose process
 * is gone (a `kill -9` of a sync, a crash) has left its lease behind: it is taken over at once and shown as not
 * running, not held for the rest of LEASE_MS. A holder on another host is known dead only by its lease's expiry.
 */
import { db } from "./";
import { processGone } from "./process-gone";

/** What a job keeps between runs (its files' ETags, the last row seen): its own JSON. */
export type JobState = Record<string, unknown>;

export const LEASE_MS = 2 * 60_000;

export interface JobStatusRow {
  name: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSuccessAt: Date | null;
  rowsChanged: number | null;
  lastOutcome: string | null;
  lastError: string | null;
  state: JobState;
  nextRunAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

function toRow(r: Awaited<ReturnType<ReturnType<typeof db>["jobStatus"]["findUniqueOrThrow"]>>): JobStatusRow {
  let state: JobState = {};
  try {
    state = JSON.parse(r.state) as JobState;
  } catch {
    state = {};
  }
  return { ...r, state };
}

export async function readJobStatus(name: string): Promise<JobStatusRow | null> {
  const r = await db().jobStatus.findUnique({ where: { name } });
  return r ? toRow(r) : null;
}

export async function readJobStatuses(): Promise<JobStatusRow[]> {
  return (await db().jobStatus.findMany({ orderBy: { name: "asc" } })).map(toRow);
}

async function ensureRow(name: string): Promise<void> {
  await db().jobStatus.upsert({ where: { name }, create: { name }, update: {} });
}

/** Whether a lease holder (`host:pid:random`) is known to be gone (lib/db/process-gone.ts). */
export function leaseHolderGone(owner: string | null): boolean {
  if (!owner) return false;
  const [host, pid] = owner.split(":");
  return processGone(host, Number(pid));
}

/** Takes the job's lease for `owner` unless another live holder has it. True when taken. */
export async function acquireLease(name: string, owner: string, now = new Date(), ms = LEASE_MS): Promise<boolean> {
  await ensureRow(name);
  const until = new Date(now.getTime() + ms);
  const { count } = await db().jobStatus.updateMany({
    where: {
      name,
      OR: [{ leaseOwner: null }, { leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: owner }],
    },
    data: { leaseOwner: owner, leaseUntil: until },
  });
  if (count === 1) return true;
  // Held: taken over only from the very holder found gone (another runner may take it first).
  const held = await db().jobStatus.findUnique({ where: { name }, select: { leaseOwner: true } });
  if (!held?.leaseOwner || !leaseHolderGone(held.leaseOwner)) return false;
  const takeover = await db().jobStatus.updateMany({
    where: { name, leaseOwner: held.leaseOwner },
    data: { leaseOwner: owner, leaseUntil: until },
  });
  return takeover.count === 1;
}

/** Extends a lease we hold. False when it is no longer ours (expired and taken by another runner). */
export async function renewLease(name: string, owner: string, now = new Date(), ms = LEASE_MS): Promise<boolean> {
  const { count } = await db().jobStatus.updateMany({
    where: { name, leaseOwner: owner },
    data: { leaseUntil: new Date(now.getTime() + ms) },
  });
  return count === 1;
}

export async function releaseLease(name: string, owner: string): Promise<void> {
  await db().jobStatus.updateMany({ where: { name, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
}

export async function recordStart(name: string, now: Date): Promise<void> {
  await db().jobStatus.update({ where: { name }, data: { lastStartedAt: now, lastOutcome: "running" } });
}

export async function saveJobState(name: string, state: JobState): Promise<void> {
  await db().jobStatus.update({ where: { name }, data: { state: JSON.stringify(state) } });
}

export async function recordSuccess(
  name: string,
  r: { outcome: string; rowsChanged: number; state: JobState },
  now: Date,
): Promise<void> {
  await db().jobStatus.update({
    where: { name },
    data: {
      lastFinishedAt: now,
      lastSuccessAt: now,
      lastOutcome: r.outcome,
      rowsChanged: r.rowsChanged,
      lastError: null,
      state: JSON.stringify(r.state),
    },
  });
}

export async function recordFailure(name: string, error: string, now: Date): Promise<void> {
  await db().jobStatus.update({
    where: { name },
    data: { lastFinishedAt: now, lastOutcome: "failed", lastError: error.slice(0, 2000) },
  });
}

export async function recordNextRun(name: string, nextRunAt: Date | null): Promise<void> {
  await ensureRow(name);
  await db().jobStatus.update({ where: { name }, data: { nextRunAt } });
}
