/**
 * What one mirrored file's import opened: the year/make/model rows that a campaign covers for the first time.
 * Two kinds, both read inside the import's transaction once its rows are written:
 *
 * - a campaign no mirrored file listed before (new at NHTSA): every vehicle it covers;
 * - a campaign listed before that now covers another vehicle: the coverage rows this import created (their
 *   `createdAt` is the import's own stamp, as writeRecalls wrote it).
 *
 * Recall alerts (lib/alerts/recall-events.ts) turn them into events in the same transaction. The first import of a
 * file is the mirror's baseline, not news: the caller asks only when the file had been imported before.
 */
import { dbProvider, Prisma } from "../db";

/** A year/make/model that a campaign covers for the first time with this import. */
export interface OpenedCoverage {
  campaignNumber: string;
  year: number;
  /** NHTSA's spelling, as the recall file has it. */
  make: string;
  model: string;
  /** When the store first knew of this: the campaign's first row, or this import for a newly covered vehicle. */
  firstSeenAt: Date;
}

const IN_LIST = 500;

export async function openedByImport(
  tx: Prisma.TransactionClient,
  file: string,
  listed: Set<string>,
  listedBefore: Set<string>,
  stamp: Date,
): Promise<OpenedCoverage[]> {
  const candidates = [...listed].filter((c) => !listedBefore.has(c));
  const fresh = new Set<string>();
  for (let i = 0; i < candidates.length; i += IN_LIST) {
    const chunk = candidates.slice(i, i + IN_LIST);
    const elsewhere = new Set(
      (await tx.recallMirrorEntry.findMany({ where: { campaignNumber: { in: chunk }, file: { not: file } }, select: { campaignNumber: true } })).map(
        (e) => e.campaignNumber,
      ),
    );
    for (const c of chunk) if (!elsewhere.has(c)) fresh.add(c);
  }
  const opened: OpenedCoverage[] = [];
  const freshList = [...fresh];
  for (let i = 0; i < freshList.length; i += IN_LIST) {
    const chunk = freshList.slice(i, i + IN_LIST);
    const [rows, campaigns] = await Promise.all([
      tx.recallCoverage.findMany({ where: { campaignNumber: { in: chunk }, year: { not: 9999 } }, select: { campaignNumber: true, year: true, make: true, model: true } }),
      tx.recallCampaign.findMany({ where: { campaignNumber: { in: chunk } }, select: { campaignNumber: true, createdAt: true } }),
    ]);
    const firstSeen = new Map(campaigns.map((c) => [c.campaignNumber, c.createdAt]));
    for (const r of rows) opened.push({ ...r, firstSeenAt: firstSeen.get(r.campaignNumber) ?? stamp });
  }
  // The import's stamp exactly as writeRecalls (store.ts) writes it: ISO text on SQLite, timestamp(3) on PostgreSQL.
  const iso = stamp.toISOString();
  const written = dbProvider() === "postgresql" ? Prisma.sql`${iso}::timestamp(3)` : Prisma.sql`${iso}`;
  const added = await tx.$queryRaw<{ campaignNumber: string; year: number | bigint; make: string; model: string }[]>(Prisma.sql`
    SELECT "campaignNumber", "year", "make", "model" FROM "RecallCoverage" WHERE "createdAt" = ${written} AND "year" <> 9999`);
  for (const r of added) {
    if (!fresh.has(r.campaignNumber)) opened.push({ campaignNumber: r.campaignNumber, year: Number(r.year), make: r.make, model: r.model, firstSeenAt: stamp });
  }
  return opened;
}
