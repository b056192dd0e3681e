/**
 * Imports one mirrored FLAT_RCL file (lib/jobs/recall-mirror.ts downloads it) in ONE transaction, so readers
 * see the file before or after, never half of it, and a file that breaks off mid-way changes nothing.
 *
 * Campaigns the previous copy of the same file listed and this one does not are marked (removedFromMirrorAt),
 * not deleted; a campaign that comes back is unmarked. RecallMirrorEntry remembers each file's list.
 */
import { changeDataSet } from "../db/data-version";
import { db, type Prisma } from "../db";
import { openFlatRcl, parseFlatRclLine } from "./flat-rcl";
import { openedByImport, type OpenedCoverage } from "./mirror-changes";
import type { RecallRecord } from "./record";
import { writeRecalls } from "./store";

export interface MirrorImportSummary {
  rows: number;
  skipped: number;
  campaigns: number;
  /** Campaigns newly marked as gone from the file, and marked ones listed again. */
  removed: number;
  restored: number;
  /** Newest model year in the file (9999, NHTSA's "unknown", aside). */
  maxModelYear: number | null;
}

const BATCH = 2000;
const IN_LIST = 500;

export async function importMirrorFile(
  path: string,
  file: string,
  opts: {
    now?: Date;
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
    /**
     * Called inside the import's transaction with what it opened (mirror-changes.ts), unless this is the file's
     * first import (the mirror's baseline): the recall alerts write their events here, so they commit with it.
     */
    onOpened?: (tx: Prisma.TransactionClient, opened: OpenedCoverage[], now: Date) => Promise<unknown>;
  } = {},
): Promise<MirrorImportSummary> {
  const now = opts.now ?? new Date();
  // Opening reads the zip's central directory: a truncated zip fails here, before any write.
  const source = await openFlatRcl(path);
  const seen = new Set<string>();
  let rows = 0;
  let skipped = 0;
  let maxModelYear: number | null = null;
  let bytes = 0;
  const { removed, restored } = await changeDataSet(
    db(),
    "recalls",
    async (tx) => {
      let batch: RecallRecord[] = [];
      for await (const line of source.lines((n) => (bytes += n))) {
        const parsed = parseFlatRclLine(line);
        if (!parsed.ok) {
          skipped++;
          continue;
        }
        rows++;
        const r = parsed.record;
        seen.add(r.campaignNumber);
        if (r.year !== 9999 && (maxModelYear === null || r.year > maxModelYear)) maxModelYear = r.year;
        batch.push(r);
        if (batch.length >= BATCH) {
          opts.signal?.throwIfAborted();
          await writeRecalls(tx, batch, "flat_rcl", now);
          batch = [];
          opts.onProgress?.(bytes, source.totalBytes);
        }
      }
      await writeRecalls(tx, batch, "flat_rcl", now);
      opts.onProgress?.(source.totalBytes, source.totalBytes);
      if (rows === 0) throw new Error(`${file}: no FLAT_RCL rows (${skipped} lines skipped); the file is not imported`);

      const before = new Set(
        (await tx.recallMirrorEntry.findMany({ where: { file }, select: { campaignNumber: true } })).map((e) => e.campaignNumber),
      );
      await tx.recallMirrorEntry.deleteMany({ where: { file } });
      const listed = [...seen];
      for (let i = 0; i < listed.length; i += IN_LIST) {
        await tx.recallMirrorEntry.createMany({ data: listed.slice(i, i + IN_LIST).map((campaignNumber) => ({ file, campaignNumber })) });
      }
      // Gone from this file and not listed by another mirrored file either.
      const gone = [...before].filter((c) => !seen.has(c));
      let removed = 0;
      for (let i = 0; i < gone.length; i += IN_LIST) {
        const chunk = gone.slice(i, i + IN_LIST);
        const elsewhere = new Set(
          (await tx.recallMirrorEntry.findMany({ where: { campaignNumber: { in: chunk } }, select: { campaignNumber: true } })).map(
            (e) => e.campaignNumber,
          ),
        );
        const mark = chunk.filter((c) => !elsewhere.has(c));
        if (mark.length) {
          removed += (await tx.recallCampaign.updateMany({
            where: { campaignNumber: { in: mark }, removedFromMirrorAt: null },
            data: { removedFromMirrorAt: now },
          })).count;
        }
      }
      // Recall alerts: what this import opened becomes events in this same transaction.
      if (opts.onOpened && before.size > 0) await opts.onOpened(tx, await openedByImport(tx, file, seen, before, now), now);
      let restored = 0;
      for (let i = 0; i < listed.length; i += IN_LIST) {
        restored += (await tx.recallCampaign.updateMany({
          where: { campaignNumber: { in: listed.slice(i, i + IN_LIST) }, removedFromMirrorAt: { not: null } },
          data: { removedFromMirrorAt: null },
        })).count;
      }
      return { removed, restored };
    },
    // A full POST_2010 file is a few hundred thousand rows: minutes, not the default 5 seconds.
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
  return { rows, skipped, campaigns: seen.size, removed, restored, maxModelYear };
}
