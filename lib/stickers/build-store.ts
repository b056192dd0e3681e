/**
 * Build data is parsed once per archived PDF (keyed by its sha256, like the archive's files) and parser version:
 * at import or archive time, and again when it is next read after the parser's version has changed.
 */
import { readFile } from "node:fs/promises";
import type { StickerBuild, StickerParse } from "./answers";
import { db, Prisma } from "../db";
import { log } from "../log";
import { archivePath } from "./archive";
import { parseStickerText, STICKER_PARSER_VERSION } from "./build-data";
import { extractStickerText } from "./sticker-text";

export interface StoredBuild {
  build: StickerBuild;
  parsed: StickerParse;
}

/** Parses in flight in this process, by sha256: a PDF asked for twice at once (a fetch and its build) is parsed once. */
const inFlight = new Map<string, Promise<StoredBuild>>();

/** Parses a PDF's text layer now and stores the result (replacing one of an older parser version). */
export function parseAndStoreBuild(sha256: string, pdf: Uint8Array): Promise<StoredBuild> {
  const pending = inFlight.get(sha256);
  if (pending) return pending;
  const parsing = parseAndStore(sha256, pdf).finally(() => inFlight.delete(sha256));
  inFlight.set(sha256, parsing);
  return parsing;
}

async function parseAndStore(sha256: string, pdf: Uint8Array): Promise<StoredBuild> {
  const started = performance.now();
  const { build, parsed } = parseStickerText(await extractStickerText(pdf));
  const parsedAt = new Date();
  const stored: StoredBuild = { build, parsed: { ...parsed, parsedAt: parsedAt.toISOString() } };
  const row = { parserVersion: STICKER_PARSER_VERSION, status: parsed.status, data: JSON.stringify(stored), parsedAt };
  await db().stickerBuild.upsert({ where: { sha256 }, create: { sha256, ...row }, update: row });
  log().debug({ sha256, status: parsed.status, ms: Math.round(performance.now() - started) }, "window sticker parsed");
  return stored;
}

/** The stored build data of a PDF, parsed now when there is none or it is of an older parser version. */
export async function stickerBuild(sha256: string, pdf?: Uint8Array): Promise<StoredBuild> {
  const row = await db().stickerBuild.findUnique({ where: { sha256 } });
  if (row && row.parserVersion === STICKER_PARSER_VERSION) return JSON.parse(row.data) as StoredBuild;
  return parseAndStoreBuild(sha256, pdf ?? (await readFile(archivePath(sha256))));
}

/**
 * The build data of each VIN's newest archived PDF, for provision with decode: true (two queries; a PDF parsed
 * by an older parser, or archived before there was a parser, is parsed now). A VIN without a readable archived
 * copy is absent.
 */
export async function buildsForVins(vins: string[]): Promise<Map<string, StickerBuild>> {
  const found = new Map<string, StickerBuild>();
  if (vins.length === 0) return found;
  const newest = await db().$queryRaw<{ vin: string; sha256: string }[]>(
    Prisma.sql`SELECT a."vin", a."sha256" FROM "StickerArchive" a
      WHERE a."vin" IN (${Prisma.join(vins)})
        AND a."fetchedAt" = (SELECT MAX(b."fetchedAt") FROM "StickerArchive" b WHERE b."vin" = a."vin")`,
  );
  if (newest.length === 0) return found;
  const rows = await db().stickerBuild.findMany({
    where: { sha256: { in: [...new Set(newest.map((r) => r.sha256))] } },
  });
  const bySha = new Map(rows.map((r) => [r.sha256, r]));
  for (const { vin, sha256 } of newest) {
    if (found.has(vin)) continue;
    const row = bySha.get(sha256);
    let stored: StoredBuild | null = null;
    if (row && row.parserVersion === STICKER_PARSER_VERSION) stored = JSON.parse(row.data) as StoredBuild;
    else {
      try {
        stored = await parseAndStoreBuild(sha256, await readFile(archivePath(sha256)));
      } catch (error) {
        // The index outlived its file (archive moved or pruned): no build data, as for a VIN with no copy.
        log().warn({ err: error, vin, sha256 }, "window sticker build data could not be read");
      }
    }
    if (stored && stored.parsed.status === "parsed") found.set(vin, stored.build);
  }
  return found;
}

/**
 * After a live fetch archived a new PDF: its build data is parsed just after the answer has gone out, so the PDF's
 * requester does not wait for the parse; a failure is logged and the next read parses again.
 */
export function parseSoon(sha256: string, pdf: Uint8Array): void {
  void stickerBuild(sha256, pdf).catch((error: unknown) =>
    log().warn({ err: error, sha256 }, "window sticker build data could not be stored"),
  );
}
