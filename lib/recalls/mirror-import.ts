/**
 * Imports one mirrored FLAT_RCL file (lib/jobs/recall-mirror.ts downloads it) in two steps:
 *   1. stage: the file's rows go into the staging tables (RecallCampaignStage, RecallCoverageStage) in short
 *      transactions of a few thousand rows, so the app writing on the same database (a SQLite file has one
 *      writer at a time) never waits long for the lock;
 *   2. publish: one transaction moves them into the store and updates which campaigns the file lists, so
 *      readers see the file before or after, never half of it. A file that breaks off mid-way, or a kill
 *      before the publish, changes nothing in the store.
 *
 * Campaigns the previous copy of the same file listed and this one does not are marked (removedFromMirrorAt),
 * not deleted; a campaign that comes back is unmarked. RecallMirrorEntry remembers each file's list. The
 * staging tables are emptied before and after each file; the sync's lease (lib/jobs) runs one import at a time.
 */
import { changeDataSet } from "../db/data-version";
import { db, Prisma } from "../db";
import { openFlatRcl, parseFlatRclLine } from "./flat-rcl";
import type { RecallRecord } from "./record";
import { publishRecallStage, writeRecalls } from "./store";

/** A year/make/model that a campaign covers for the first time with an import (recall alerts turn it into events). */
export interface OpenedCoverage {
  campaignNumber: string;
  year: number;
  /** NHTSA's spelling, as the recall file has it. */
  make: string;
  model: string;
  /** When the store first knew of this: the campaign's first row, or this import for a newly covered vehicle. */
  firstSeenAt: Date;
}

/** What a published file brought that the store did not hold before (computed inside the publishing transaction). */
interface MirrorChanges {
  /** Campaigns new to the store. */
  newCampaigns: string[];
  /** Year/make/model rows a campaign covers that the store did not have for it (those of new campaigns included). */
  newCoverage: {
    campaignNumber: string;
    year: number;
    make: string;
    model: string;
    makeKey: string;
    modelKey: string;
  }[];
}

export interface MirrorImportSummary {
  rows: number;
  skipped: number;
  campaigns: number;
  /** Campaigns newly marked as gone from the file, and marked ones listed again. */
  removed: number;
  restored: number;
  /** Newest model year in the file (9999, NHTSA's "unknown", aside). */
  maxModelYear: number | null;
  changes: MirrorChanges;
  /** How long the publishing transaction took: the longest the import held the write lock at once. */
  publishMs: number;
}

const BATCH = 2000;
const STAGE = { campaign: "RecallCampaignStage", coverage: "RecallCoverageStage" } as const;

export async function importMirrorFile(
  path: string,
  file: string,
  opts: {
    now?: Date;
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
    /**
     * Called inside the publishing transaction with what the file opened (see openedCoverage), unless this is the
     * file's first import (the mirror's baseline): the recall alerts write their events here, so they commit with
     * the file or not at all.
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
  await emptyStage();
  try {
    const stage = (batch: RecallRecord[]) =>
      db().$transaction((tx) => writeRecalls(tx, batch, "flat_rcl", now, STAGE), { maxWait: 30_000 });
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
        await stage(batch);
        batch = [];
        opts.onProgress?.(bytes, source.totalBytes);
      }
    }
    if (batch.length > 0) await stage(batch);
    opts.onProgress?.(source.totalBytes, source.totalBytes);
    if (rows === 0) throw new Error(`${file}: no FLAT_RCL rows (${skipped} lines skipped); the file is not imported`);
    opts.signal?.throwIfAborted();

    const publishing = performance.now();
    const published = await changeDataSet(db(), "recalls", (tx) => publishFile(tx, file, now, opts.onOpened), {
      timeout: 10 * 60_000,
      maxWait: 60_000,
    });
    return {
      rows,
      skipped,
      campaigns: seen.size,
      maxModelYear,
      ...published,
      publishMs: Math.round(performance.now() - publishing),
    };
  } finally {
    await emptyStage().catch(() => undefined);
  }
}

/** The one transaction that makes a staged file visible. */
async function publishFile(
  tx: Prisma.TransactionClient,
  file: string,
  now: Date,
  onOpened?: (tx: Prisma.TransactionClient, opened: OpenedCoverage[], now: Date) => Promise<unknown>,
): Promise<{ removed: number; restored: number; changes: MirrorChanges }> {
  const changes = await stagedChanges(tx);
  // What this file opened, read before the store changes, and handed on in this same transaction.
  if (onOpened) {
    const opened = await openedCoverage(tx, file, changes, now);
    if (opened.length > 0) await onOpened(tx, opened, now);
  }

  // Gone from this file and not listed by another mirrored file either: marked, not deleted.
  const removed = await tx.$executeRaw`
    UPDATE "RecallCampaign" SET "removedFromMirrorAt" = ${now}
    WHERE "removedFromMirrorAt" IS NULL AND "campaignNumber" IN (
      SELECT e."campaignNumber" FROM "RecallMirrorEntry" e
      WHERE e."file" = ${file}
        AND NOT EXISTS (SELECT 1 FROM "RecallCampaignStage" s WHERE s."campaignNumber" = e."campaignNumber")
        AND NOT EXISTS (SELECT 1 FROM "RecallMirrorEntry" o WHERE o."campaignNumber" = e."campaignNumber" AND o."file" <> ${file}))`;
  const restored = await tx.$executeRaw`
    UPDATE "RecallCampaign" SET "removedFromMirrorAt" = NULL
    WHERE "removedFromMirrorAt" IS NOT NULL AND "campaignNumber" IN (SELECT "campaignNumber" FROM "RecallCampaignStage")`;
  await publishRecallStage(tx);
  await tx.$executeRaw`DELETE FROM "RecallMirrorEntry" WHERE "file" = ${file}`;
  await tx.$executeRaw`
    INSERT INTO "RecallMirrorEntry" ("file", "campaignNumber") SELECT ${file}, "campaignNumber" FROM "RecallCampaignStage"`;
  return { removed, restored, changes };
}

async function stagedChanges(tx: Prisma.TransactionClient): Promise<MirrorChanges> {
  const campaigns = await tx.$queryRaw<{ campaignNumber: string }[]>`
    SELECT s."campaignNumber" FROM "RecallCampaignStage" s
    WHERE NOT EXISTS (SELECT 1 FROM "RecallCampaign" c WHERE c."campaignNumber" = s."campaignNumber")
    ORDER BY s."campaignNumber"`;
  const coverage = await tx.$queryRaw<MirrorChanges["newCoverage"]>`
    SELECT s."campaignNumber", s."year", MIN(s."make") AS "make", MIN(s."model") AS "model", s."makeKey", s."modelKey"
    FROM "RecallCoverageStage" s
    WHERE NOT EXISTS (
      SELECT 1 FROM "RecallCoverage" c
      WHERE c."campaignNumber" = s."campaignNumber" AND c."makeKey" = s."makeKey" AND c."modelKey" = s."modelKey" AND c."year" = s."year")
    GROUP BY s."campaignNumber", s."year", s."makeKey", s."modelKey"
    ORDER BY s."campaignNumber", s."year", s."makeKey", s."modelKey"`;
  return {
    newCampaigns: campaigns.map((c) => c.campaignNumber),
    newCoverage: coverage.map((c) => ({ ...c, year: Number(c.year) })),
  };
}

/**
 * The year/make/model rows a campaign covers for the first time with this file (read from the staging tables
 * before they are published): every row of a campaign no mirrored file listed before (new at NHTSA; it may already
 * be in the store from a live answer, whose first sighting then dates it), and the newly covered rows of a
 * campaign listed before. A file's first import is the mirror's baseline, not news: it opens nothing.
 */
async function openedCoverage(
  tx: Prisma.TransactionClient,
  file: string,
  changes: MirrorChanges,
  now: Date,
): Promise<OpenedCoverage[]> {
  const [{ listed }] = await tx.$queryRaw<{ listed: number | bigint }[]>`
    SELECT COUNT(*) AS "listed" FROM "RecallMirrorEntry" WHERE "file" = ${file}`;
  if (Number(listed) === 0) return [];
  const fresh = await tx.$queryRaw<
    { campaignNumber: string; year: number | bigint; make: string; model: string; firstSeenAt: Date | string | null }[]
  >`
    SELECT s."campaignNumber", s."year", MIN(s."make") AS "make", MIN(s."model") AS "model", MIN(c."createdAt") AS "firstSeenAt"
    FROM "RecallCoverageStage" s LEFT JOIN "RecallCampaign" c ON c."campaignNumber" = s."campaignNumber"
    WHERE s."year" <> 9999 AND NOT EXISTS (SELECT 1 FROM "RecallMirrorEntry" e WHERE e."campaignNumber" = s."campaignNumber")
    GROUP BY s."campaignNumber", s."year", s."makeKey", s."modelKey"`;
  const freshCampaigns = new Set(fresh.map((r) => r.campaignNumber));
  return [
    ...fresh.map((r) => ({
      campaignNumber: r.campaignNumber,
      year: Number(r.year),
      make: r.make,
      model: r.model,
      firstSeenAt: r.firstSeenAt === null ? now : new Date(r.firstSeenAt),
    })),
    ...changes.newCoverage
      .filter((c) => c.year !== 9999 && !freshCampaigns.has(c.campaignNumber))
      .map((c) => ({ campaignNumber: c.campaignNumber, year: c.year, make: c.make, model: c.model, firstSeenAt: now })),
  ];
}

/** Empties the staging tables (whatever a killed import left there too). */
async function emptyStage(): Promise<void> {
  await db().$executeRaw`DELETE FROM "RecallCoverageStage"`;
  await db().$executeRaw`DELETE FROM "RecallCampaignStage"`;
}
