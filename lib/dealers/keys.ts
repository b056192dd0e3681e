/**
 * Dealer API keys: issued once, stored only as a hash, checked on every request.
 *
 * A key reads `vsk_<prefix>_<secret>`: the 12-hex-digit prefix is a public look-up handle (it is what the
 * CLI, logs and the operator use), the 32-byte secret is never stored; the row keeps its SHA-256. The secret
 * is random and long, so a plain SHA-256 resists guessing as well as a slow hash would, and keeps the check
 * cheap on every request. The comparison is constant-time, and an unknown prefix costs the same hash and
 * compare as a known one.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { config } from "../config";
import { db, Prisma } from "../db";

export const TRIAL_DAYS = 14;
/**
 * Bulk use of more than this many VINs a day per key needs the operator's say-so; it is flagged. The
 * default of DEALER_DAILY_VIN_FLAG, which sets it.
 */
export const DAILY_VIN_FLAG_THRESHOLD = 10_000;

export function dailyVinFlag(): number {
  try {
    return config().dealerDailyVinFlag;
  } catch {
    return DAILY_VIN_FLAG_THRESHOLD;
  }
}

/**
 * A key follows its account (lib/accounts): trial → active (paid) → past_due (payment failed: still works, with
 * a warning header) → cancelled (subscription ended: refused). `revoked` is the dealer's or operator's act.
 */
export type KeyStatus = "trial" | "active" | "past_due" | "cancelled" | "revoked";
export type KeyRejection = "invalid_key" | "revoked_key" | "expired_key" | "subscription_inactive";

const KEY_PATTERN = /^vsk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const DUMMY_HASH = Buffer.alloc(32);

export interface DealerKeyRecord {
  id: string;
  prefix: string;
  name: string;
  email: string;
  location: string | null;
  status: KeyStatus;
  expiresAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  accountId: string | null;
  locationId: string | null;
  /** Set on a rotated key: it keeps working until then. */
  graceUntil: Date | null;
}

export interface IssuedKey {
  /** The full key: shown to its owner once, never stored or logged. */
  key: string;
  record: DealerKeyRecord;
}

export interface IssueKeyInput {
  name: string;
  email: string;
  location?: string | null;
  /** Trial length; `null` issues an active (paid) key without expiry. */
  days?: number | null;
  now?: Date;
  accountId?: string | null;
  locationId?: string | null;
  /** For an account's key: its status and expiry follow the account instead of `days`. */
  status?: KeyStatus;
  expiresAt?: Date | null;
  /** A transaction client, when the key is issued together with other rows. */
  client?: Pick<ReturnType<typeof db>, "dealerKey">;
}

const hashSecret = (secret: string): Buffer => createHash("sha256").update(secret, "utf8").digest();

export async function issueKey(input: IssueKeyInput): Promise<IssuedKey> {
  const now = input.now ?? new Date();
  const days = input.days === undefined ? TRIAL_DAYS : input.days;
  const prefix = randomBytes(6).toString("hex");
  const secret = randomBytes(32).toString("base64url");
  const row = await (input.client ?? db()).dealerKey.create({
    data: {
      id: randomUUID(),
      prefix,
      secretHash: hashSecret(secret).toString("hex"),
      name: input.name,
      email: input.email,
      location: input.location ?? null,
      status: input.status ?? (days === null ? "active" : "trial"),
      expiresAt:
        input.expiresAt !== undefined
          ? input.expiresAt
          : days === null
            ? null
            : new Date(now.getTime() + days * 86_400_000),
      createdAt: now,
      accountId: input.accountId ?? null,
      locationId: input.locationId ?? null,
    },
  });
  return { key: `vsk_${prefix}_${secret}`, record: toRecord(row) };
}

export type KeyCheck = { ok: true; record: DealerKeyRecord } | { ok: false; reason: KeyRejection };

/**
 * Reads the key's row on every call (no cache), so a revocation made by any instance or by the CLI holds
 * from the very next request everywhere.
 */
export async function verifyKey(presented: string, now = new Date()): Promise<KeyCheck> {
  const match = KEY_PATTERN.exec(presented.trim());
  const row = match ? await db().dealerKey.findUnique({ where: { prefix: match[1] } }) : null;
  const expected = row ? Buffer.from(row.secretHash, "hex") : DUMMY_HASH;
  const actual = hashSecret(match ? match[2] : presented);
  const equal = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (!row || !equal) return { ok: false, reason: "invalid_key" };
  if (row.status === "revoked") return { ok: false, reason: "revoked_key" };
  // A rotated key past its grace period is as good as revoked.
  if (row.graceUntil && row.graceUntil.getTime() <= now.getTime()) return { ok: false, reason: "revoked_key" };
  if (row.status === "cancelled") return { ok: false, reason: "subscription_inactive" };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired_key" };
  return { ok: true, record: toRecord(row) };
}

/** Finds a key by its id or its prefix (with or without the `vsk_` part). */
async function findKey(idOrPrefix: string): Promise<DealerKeyRecord | null> {
  const handle = idOrPrefix.trim().replace(/^vsk_/, "").replace(/_.*$/, "");
  const row = await db().dealerKey.findFirst({ where: { OR: [{ id: handle }, { prefix: handle }] } });
  return row ? toRecord(row) : null;
}

export async function revokeKey(idOrPrefix: string, now = new Date()): Promise<DealerKeyRecord | null> {
  const found = await findKey(idOrPrefix);
  if (!found) return null;
  const row = await db().dealerKey.update({ where: { id: found.id }, data: { status: "revoked", revokedAt: now } });
  return toRecord(row);
}

/** Turns a trial (or a revoked key) into an active paid key: no expiry, not revoked. */
export async function activateKey(idOrPrefix: string): Promise<DealerKeyRecord | null> {
  const found = await findKey(idOrPrefix);
  if (!found) return null;
  const row = await db().dealerKey.update({
    where: { id: found.id },
    data: { status: "active", expiresAt: null, revokedAt: null },
  });
  if (found.accountId) {
    // The operator's activation (billing without Stripe) activates the whole account: its other live keys too.
    await db().dealerAccount.update({ where: { id: found.accountId }, data: { status: "active", trialEndsAt: null } });
    await db().dealerKey.updateMany({
      where: { accountId: found.accountId, status: { not: "revoked" } },
      data: { status: "active", expiresAt: null },
    });
  }
  return toRecord(row);
}

export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface DayUsage {
  day: string;
  requests: number;
  vins: number;
  flagged: boolean;
}

/** What a key used: requests, the VINs they carried, sticker PDFs served, provision calls. */
export interface UsageCounts {
  requests: number;
  vins: number;
  stickers: number;
  provisions: number;
}

/**
 * Adds `counts` to the key's UTC day and returns the day's totals. Requests count it through the per-process
 * tally (usage-tally.ts), which writes it after the answer; the CLI and tests call it directly.
 */
export async function recordUsage(
  keyId: string,
  counts: Partial<UsageCounts> & { vins: number },
  now = new Date(),
  threshold = dailyVinFlag(),
): Promise<DayUsage> {
  const day = usageDay(now);
  const { requests = 1, vins, stickers = 0, provisions = 0 } = counts;
  // One statement (an atomic upsert both SQLite and PostgreSQL understand): the day's row is the record of
  // use, and the last active day is the newest row.
  const [usage] = await db().$queryRaw<{ requests: number | bigint; vins: number | bigint }[]>(Prisma.sql`
    INSERT INTO "DealerUsage" ("keyId", "day", "requests", "vins", "stickers", "provisions")
    VALUES (${keyId}, ${day}, ${requests}, ${vins}, ${stickers}, ${provisions})
    ON CONFLICT ("keyId", "day") DO UPDATE
      SET "requests" = "DealerUsage"."requests" + excluded."requests", "vins" = "DealerUsage"."vins" + excluded."vins",
          "stickers" = "DealerUsage"."stickers" + excluded."stickers",
          "provisions" = "DealerUsage"."provisions" + excluded."provisions"
    RETURNING "requests", "vins"`);
  const total = Number(usage.vins);
  return { day, requests: Number(usage.requests), vins: total, flagged: total > threshold };
}

/** The key's totals for one UTC day as the database holds them (zeros for a day without use). */
export async function readUsage(keyId: string, day: string, threshold = dailyVinFlag()): Promise<DayUsage> {
  const row = await db().dealerUsage.findUnique({
    where: { keyId_day: { keyId, day } },
    select: { requests: true, vins: true },
  });
  const vins = row?.vins ?? 0;
  return { day, requests: row?.requests ?? 0, vins, flagged: vins > threshold };
}

export interface KeyListing extends DealerKeyRecord {
  today: DayUsage;
  /** The busiest day of the last 30, and whether any of them crossed the daily VIN threshold. */
  peak: DayUsage | null;
  lastActiveDay: string | null;
  flagged: boolean;
}

export async function listKeys(now = new Date(), threshold = dailyVinFlag()): Promise<KeyListing[]> {
  const since = usageDay(new Date(now.getTime() - 29 * 86_400_000));
  const today = usageDay(now);
  const rows = await db().dealerKey.findMany({
    orderBy: { createdAt: "asc" },
    include: { usage: { where: { day: { gte: since } } } },
  });
  return rows.map((row) => {
    const days = row.usage.map((u) => ({
      day: u.day,
      requests: u.requests,
      vins: u.vins,
      flagged: u.vins > threshold,
    }));
    const peak = days.reduce<DayUsage | null>((best, d) => (!best || d.vins > best.vins ? d : best), null);
    return {
      ...toRecord(row),
      today: days.find((d) => d.day === today) ?? { day: today, requests: 0, vins: 0, flagged: false },
      peak,
      lastActiveDay: days.reduce<string | null>((last, d) => (!last || d.day > last ? d.day : last), null),
      flagged: days.some((d) => d.flagged),
    };
  });
}

/** A key row as the database holds it: the status is a plain string there. */
type KeyRow = Omit<DealerKeyRecord, "status"> & { status: string };

export function toRecord(row: KeyRow): DealerKeyRecord {
  const {
    id,
    prefix,
    name,
    email,
    location,
    status,
    expiresAt,
    createdAt,
    revokedAt,
    accountId,
    locationId,
    graceUntil,
  } = row;
  return {
    id,
    prefix,
    name,
    email,
    location,
    status: status as KeyStatus,
    expiresAt,
    createdAt,
    revokedAt,
    accountId,
    locationId,
    graceUntil,
  };
}
