/**
 * Counting a dealer request against its key's day without waiting on a database write: the counts go into this
 * process's tally and reach the database through the deferred-write queue (lib/db/write-behind.ts), one upsert
 * per key and day for whatever accumulated meanwhile. The answer still says whether the day is past the VIN
 * volume: the day's total as the database last reported it (the first request of a key's day in this process
 * reads it, a read never waits on a writer) plus what this process has counted since.
 *
 * Other processes' and instances' counts show here at this process's next write (its upsert returns the total).
 * Each counted call is journaled on disk first (lib/dealers/usage-journal.ts), so a kill -9 loses none of them.
 */
import { LRUCache } from "lru-cache";
import { deferWrite } from "../db/write-behind";
import { replayUsageJournals, usageJournal } from "./usage-journal";
import { dailyVinFlag, readUsage, recordUsage, usageDay, type DayUsage, type UsageCounts } from "./keys";

interface DayTally {
  keyId: string;
  day: string;
  /** The day's totals in the database as last read or returned by a write; null before the first read. */
  stored: { requests: number; vins: number } | null;
  /** Counted here, not yet written; and being written right now (not yet in `stored`). */
  pending: UsageCounts;
  writing: UsageCounts;
  /** The journal's number of the newest call in `pending` (lib/dealers/usage-journal.ts). */
  pendingThrough: number;
}

const zero = (): UsageCounts => ({ requests: 0, vins: 0, stickers: 0, provisions: 0 });

function add(into: UsageCounts, counts: UsageCounts): void {
  into.requests += counts.requests;
  into.vins += counts.vins;
  into.stickers += counts.stickers;
  into.provisions += counts.provisions;
}

/** One entry per key and day in use; an evicted entry still has its pending counts written (the queue holds it). */
const globalForTally = globalThis as unknown as { __vinscopeUsageTally?: LRUCache<string, DayTally> };
const tallies = () => (globalForTally.__vinscopeUsageTally ??= new LRUCache<string, DayTally>({ max: 10_000 }));

/** Writes what the tally holds; on failure the counts go back into it (the queue tries again). */
async function writeTally(tally: DayTally): Promise<void> {
  const counts = tally.pending;
  if (counts.requests === 0) return;
  const through = tally.pendingThrough;
  tally.pending = zero();
  tally.writing = counts;
  try {
    const total = await recordUsage(tally.keyId, counts, new Date(`${tally.day}T12:00:00Z`));
    usageJournal().written(tally.keyId, tally.day, through);
    tally.stored = { requests: total.requests, vins: total.vins };
  } catch (error) {
    add(tally.pending, counts);
    throw error;
  } finally {
    tally.writing = zero();
  }
}

/** Counts one request (and its VINs, sticker, provision call) against the key's day; returns the day's totals. */
export async function countUsage(
  keyId: string,
  counts: Omit<UsageCounts, "requests">,
  now = new Date(),
): Promise<DayUsage> {
  const day = usageDay(now);
  const id = `${keyId}|${day}`;
  let tally = tallies().get(id);
  if (!tally) {
    tally = { keyId, day, stored: null, pending: zero(), writing: zero(), pendingThrough: 0 };
    tallies().set(id, tally);
  }
  const call = { requests: 1, ...counts };
  // Journaled before the call is answered: a kill -9 before the queue writes it loses nothing.
  tally.pendingThrough = usageJournal().counted(keyId, day, call) || tally.pendingThrough;
  add(tally.pending, call);
  const held = tally;
  deferWrite(`usage:${id}`, { run: () => writeTally(held) });
  if (held.stored === null) {
    const read = await readUsage(keyId, day);
    // A write that finished meanwhile reported a newer total: keep that one.
    held.stored ??= { requests: read.requests, vins: read.vins };
  }
  const vins = held.stored.vins + held.writing.vins + held.pending.vins;
  const requests = held.stored.requests + held.writing.requests + held.pending.requests;
  return { day, requests, vins, flagged: vins > dailyVinFlag() };
}

/**
 * At a server process's start: adds the usage that processes of this host killed outright had journaled and not
 * written (a worker's replacement does this for the worker it replaces).
 */
export function replayUsageOfKilledProcesses(): Promise<number> {
  return replayUsageJournals((keyId, counts, day) => recordUsage(keyId, counts, day));
}
