/**
 * Whether a buyer-data mirror (the complaints and fuel-economy syncs, lib/jobs/file-sync.ts) is fresh: its
 * job's last success is younger than the configured age. A fresh mirror holds the source's whole file, so its
 * answer is final for every model year it covers (no live call); a newer model year may still be asked live.
 * The job's row is read at most once per RECHECK_MS per process, in the background once one is held, so no
 * request waits on it; a sync done by another instance shows within that time.
 */
import { readJobStatus } from "../db/job-status";
import type { SourceDescriptor } from "./registry";

const RECHECK_MS = 5_000;

const held = new Map<string, { at: number; lastSuccessAt: Date | null }>();
const reading = new Map<string, Promise<void>>();

function check(job: string, now: number): Promise<void> {
  let r = reading.get(job);
  if (!r) {
    r = readJobStatus(job)
      .then((row) => void held.set(job, { at: now, lastSuccessAt: row?.lastSuccessAt ?? null }))
      .catch(() => void held.set(job, { at: now, lastSuccessAt: held.get(job)?.lastSuccessAt ?? null }))
      .finally(() => reading.delete(job));
    reading.set(job, r);
  }
  return r;
}

/**
 * The last sync of the source's mirror when it is younger than `maxAgeMs`, else null (never synced, too old, or a
 * source without a mirror).
 */
export async function freshMirror(
  source: Pick<SourceDescriptor, "mirror">,
  maxAgeMs: number,
  now = Date.now(),
): Promise<Date | null> {
  const job = source.mirror;
  if (!job) return null;
  const h = held.get(job);
  if (!h) await check(job, now);
  else if (now - h.at >= RECHECK_MS) void check(job, now);
  const last = held.get(job)?.lastSuccessAt ?? null;
  return last && now - last.getTime() <= maxAgeMs ? last : null;
}
