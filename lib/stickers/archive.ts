/**
 * The window-sticker archive: every original PDF fetched (or imported) is kept content-addressed under
 * config().stickers.archiveDir as `<first two hex digits>/<sha256>.pdf`, with an index row per (VIN, PDF).
 * Archived copies are served for any make, first, before a manufacturer is asked.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { db, Prisma } from "../db";

export interface ArchivedSticker {
  vin: string;
  sha256: string;
  bytes: number;
  source: string;
  fetchedAt: Date;
}

const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

export function archivePath(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("archivePath: not a sha256 hex digest");
  return path.join(config().stickers.archiveDir, sha256.slice(0, 2), `${sha256}.pdf`);
}

/** Stores a PDF for a VIN (idempotent: the same bytes are written once) and records it in the index. */
export async function archiveSticker(
  vin: string,
  pdf: Buffer,
  source: string,
  fetchedAt = new Date(),
): Promise<ArchivedSticker> {
  const sha256 = sha256Hex(pdf);
  const file = archivePath(sha256);
  if (!existsSync(file)) {
    await mkdir(path.dirname(file), { recursive: true });
    // Write beside, then rename: a reader never sees half a PDF.
    const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
    try {
      await writeFile(partial, pdf);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  }
  const row = await db().stickerArchive.upsert({
    where: { vin_sha256: { vin, sha256 } },
    create: { vin, sha256, bytes: pdf.length, source, fetchedAt },
    update: { fetchedAt, source },
  });
  return { vin: row.vin, sha256: row.sha256, bytes: row.bytes, source: row.source, fetchedAt: row.fetchedAt };
}

/** The newest archived PDF of a VIN whose file is present, or null. */
export async function findArchived(vin: string): Promise<(ArchivedSticker & { pdf: Buffer }) | null> {
  const rows = await db().stickerArchive.findMany({ where: { vin }, orderBy: { fetchedAt: "desc" }, take: 5 });
  for (const row of rows) {
    try {
      const pdf = await readFile(archivePath(row.sha256));
      return { vin: row.vin, sha256: row.sha256, bytes: row.bytes, source: row.source, fetchedAt: row.fetchedAt, pdf };
    } catch {
      // The index outlived its file (archive folder moved or pruned): try an older copy.
    }
  }
  return null;
}

/** Which of these VINs have an archived copy (one query, for provision). */
export async function archivedVins(vins: string[]): Promise<Set<string>> {
  if (vins.length === 0) return new Set();
  // Raw SQL: the query builder's `in` with hundreds of values costs tens of milliseconds, this a couple.
  const rows = await db().$queryRaw<{ vin: string }[]>(
    Prisma.sql`SELECT DISTINCT "vin" FROM "StickerArchive" WHERE "vin" IN (${Prisma.join(vins)})`,
  );
  return new Set(rows.map((r) => r.vin));
}
