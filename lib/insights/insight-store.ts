/**
 * The VehicleInsight rows: the 30-day cache and, through `leaseUntil`, the lock that makes one generation per
 * key across every instance sharing the database. A claim is one conditional UPDATE ("set the lease where
 * there is none or it has lapsed"); the database serialises concurrent claims, so exactly one succeeds.
 */
import type { Db } from "../db";

interface InsightRow {
  key: string;
  year: number;
  make: string;
  model: string;
  text: string | null;
  writer: string | null;
  source: string | null;
  generatedAt: Date | null;
  expiresAt: Date | null;
}

export interface StoredInsight {
  key: string;
  year: number;
  make: string;
  model: string;
  text: string;
  writer: string;
  source: string;
  generatedAt: Date;
  expiresAt: Date;
}

const SELECT = {
  key: true,
  year: true,
  make: true,
  model: true,
  text: true,
  writer: true,
  source: true,
  generatedAt: true,
  expiresAt: true,
} as const;

function complete(row: InsightRow | null): StoredInsight | null {
  if (!row || row.text === null || !row.writer || !row.generatedAt || !row.expiresAt) return null;
  return {
    ...row,
    text: row.text,
    writer: row.writer,
    source: row.source ?? "",
    generatedAt: row.generatedAt,
    expiresAt: row.expiresAt,
  };
}

export async function readInsight(db: Db, key: string): Promise<StoredInsight | null> {
  return complete(await db.vehicleInsight.findUnique({ where: { key }, select: SELECT }));
}

/** Makes sure the key has a row to hold the lease; a concurrent insert of the same key is fine. */
export async function ensureInsightRow(
  db: Db,
  row: { key: string; year: number; make: string; model: string },
): Promise<void> {
  if (await db.vehicleInsight.findUnique({ where: { key: row.key }, select: { key: true } })) return;
  try {
    await db.vehicleInsight.create({ data: row });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
}

/** True when this caller now holds the key's lease until `now + leaseMs`. */
export async function claimLease(db: Db, key: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  // One plain UPDATE, never a transaction spanning several statements: the database settles concurrent claims,
  // and no lock is held while this process awaits anything.
  const until = new Date(now.getTime() + leaseMs);
  const count = await db.$executeRaw`
    UPDATE "VehicleInsight" SET "leaseOwner" = ${owner}, "leaseUntil" = ${until}
    WHERE "key" = ${key} AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now})`;
  return count === 1;
}

/** Stores a generated insight and frees the lease; false when the lease had lapsed and another took the key. */
export async function saveInsight(
  db: Db,
  owner: string,
  insight: StoredInsight & { inputTokens: number | null; outputTokens: number | null },
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "VehicleInsight"
    SET "make" = ${insight.make}, "model" = ${insight.model}, "text" = ${insight.text}, "writer" = ${insight.writer},
        "source" = ${insight.source}, "generatedAt" = ${insight.generatedAt}, "expiresAt" = ${insight.expiresAt},
        "inputTokens" = ${insight.inputTokens}, "outputTokens" = ${insight.outputTokens},
        "leaseOwner" = NULL, "leaseUntil" = NULL
    WHERE "key" = ${insight.key} AND "leaseOwner" = ${owner}`;
  return count === 1;
}

/** Gives the lease up (after a generation that stored nothing, or found the work already done). */
export async function releaseLease(db: Db, key: string, owner: string): Promise<void> {
  await db.$executeRaw`UPDATE "VehicleInsight" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "key" = ${key} AND "leaseOwner" = ${owner}`;
}
