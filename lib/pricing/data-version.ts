/**
 * A version stamp of the deals table, kept in the Setting table and changed by every write (demo seed,
 * import, demo removal). Readers that memoise something derived from all deals (the market overview) compare
 * it, one primary-key read, instead of recomputing or guessing; its time is when the deals last changed.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db";

export const DEALS_VERSION_KEY = "deals.version";

type SettingWriter = Pick<Db, "setting">;

export async function bumpDealsVersion(tx: SettingWriter): Promise<string> {
  const value = randomUUID();
  await tx.setting.upsert({ where: { key: DEALS_VERSION_KEY }, create: { key: DEALS_VERSION_KEY, value }, update: { value } });
  return value;
}

export async function dealsVersion(db: Pick<Db, "setting">): Promise<{ version: string; changedAt: Date | null }> {
  const row = await db.setting.findUnique({ where: { key: DEALS_VERSION_KEY } });
  return { version: row?.value ?? "none", changedAt: row?.updatedAt ?? null };
}
