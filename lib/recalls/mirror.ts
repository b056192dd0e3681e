/**
 * Mirror first: when the recall mirror (lib/jobs/recall-mirror.ts) holds every configured FLAT_RCL file and
 * its last sync is younger than SYNC_RECALLS_MAX_AGE_HOURS, a recall question is answered from the store with
 * no call to NHTSA. The FLAT_RCL files list every campaign, so there a vehicle without rows truly has no
 * recalls ("ok", count 0). The live API stays for what the mirror cannot know: a model year newer than the
 * newest in its files, or no (fresh) mirror at all.
 *
 * The mirror's coverage is held in memory (lib/recalls/mirror-index.ts), so most answers cost no query.
 * The mirror's state is one JobStatus row, read at most once per RECHECK_MS per process: the hot path costs
 * no extra query, and a sync done by another process or instance shows within that time.
 *
 * The index is derived again after each sync, seconds for full files, while the one derived before the sync
 * keeps answering. Its answer is then the previous sync's, and a vehicle the sync newly covered would read
 * "0 recalls" stamped with the new sync's time. So the mirror's status carries the recalls data set's stamp as
 * read after the sync's row, and until the index is derived from that stamp the store answers with a query:
 * always the published set, never half of it, and never an index behind it.
 */
import { config } from "../config";
import { dataVersion } from "../db/data-version";
import { db } from "../db";
import { readJobStatus } from "../db/job-status";
import type { JobState } from "../db/job-status";
import { indexedRecalls, mirrorIndexState } from "./mirror-index";
import { nhtsaOnline } from "./nhtsa-client";
import { storedRecalls, type StoredAnswer } from "./store";
import type { VehicleQuery } from "../vehicle";

/** What the recall mirror job keeps per FLAT_RCL file, in its JobStatus row. */
export interface MirrorFileState {
  etag: string | null;
  lastModified: string | null;
  importedAt: string;
  rows: number;
  campaigns: number;
  maxModelYear: number | null;
}

export interface RecallMirrorState extends JobState {
  files?: Record<string, MirrorFileState>;
}

const RECHECK_MS = 5_000;
const JOB = "recalls";

export interface MirrorStatus {
  /** When the last sync confirmed the files current (a 304 confirms too). */
  asOf: Date;
  maxModelYear: number;
  fresh: boolean;
  /** The recalls data set's stamp, read after the sync's row: at least as new as what the sync published. */
  version: string;
}

let held: { at: number; value: Omit<MirrorStatus, "fresh"> | null } | undefined;
let reading: Promise<Omit<MirrorStatus, "fresh"> | null> | undefined;

async function readMirror(): Promise<Omit<MirrorStatus, "fresh"> | null> {
  const row = await readJobStatus(JOB);
  const files = (row?.state as RecallMirrorState | undefined)?.files ?? {};
  const wanted = config().sync.recalls.files;
  if (!row?.lastSuccessAt || wanted.length === 0 || !wanted.every((f) => files[f])) return null;
  const years = wanted.map((f) => files[f].maxModelYear ?? 0);
  // After the row: a sync publishes its files before it records its success.
  const { version } = await dataVersion(db(), "recalls");
  return { asOf: row.lastSuccessAt, maxModelYear: Math.max(...years), version };
}

/** The mirror's state, or null when there is none (never synced, or a configured file never imported). */
export async function recallMirrorStatus(now = Date.now()): Promise<MirrorStatus | null> {
  if (!held || now - held.at >= RECHECK_MS) {
    reading ??= readMirror().finally(() => (reading = undefined));
    held = { at: now, value: await reading };
  }
  const m = held.value;
  return m ? { ...m, fresh: now - m.asOf.getTime() <= config().sync.recalls.maxAgeMs } : null;
}

/** The mirror's answer for a vehicle, or null when the live path must answer. */
export async function mirrorRecalls(
  q: VehicleQuery,
  now: Date,
): Promise<{ stored: Pick<StoredAnswer, "items">; asOf: Date } | null> {
  const m = await recallMirrorStatus(now.getTime());
  if (!m || !m.fresh || q.year > m.maxModelYear) return null;
  const index = mirrorIndexState(m.version);
  // The first time this process uses the mirror its index is derived (seconds for full files): online, NHTSA
  // answers meanwhile (within the report's budget) rather than every request waiting; offline the mirror is
  // the only source, so the request waits for it.
  if (index === "none" && nhtsaOnline()) return null;
  // Derived before the sync the status names: the store answers until the new index is held.
  if (index === "behind") return { stored: await storedRecalls(q.year, q.make, q.model), asOf: m.asOf };
  return { stored: await indexedRecalls(q), asOf: m.asOf };
}
