/**
 * Dealer accounts: the trial signup creates the account, its sign-in identity, its first location
 * and that location's key in one transaction. One trial per dealer: the normalised email (email.ts) is unique.
 *
 * An account's status drives its keys: trial (keys expire at the trial's end) → active (paid) → past_due
 * (payment failed; keys still work, with a warning header) → cancelled (keys refused, 401
 * subscription_inactive). Billing (./billing/) and the operator's CLI move it; setAccountStatus() is the one
 * place that does.
 */
import { randomUUID } from "node:crypto";
import { db } from "../db";
import {
  issueKey,
  keyStateFor,
  replaceKey,
  rotationRefusal,
  toRecord,
  TRIAL_DAYS,
  usageDay,
  type DealerKeyRecord,
  type IssuedKey,
} from "../dealers";
import { normaliseEmail } from "./email";

export type AccountStatus = "trial" | "active" | "past_due" | "cancelled";

export interface DealerAccountRecord {
  id: string;
  name: string;
  email: string;
  status: AccountStatus;
  trialEndsAt: Date | null;
  partner: boolean;
  partnerTerms: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  createdAt: Date;
}

/** The standard terms of a partner licence, shown on the account page unless the operator set others. */
export const DEFAULT_PARTNER_TERMS =
  "Partner licence: the key may serve several rooftops, or a platform's dealer customers, under one agreement " +
  "with vinscope instead of one subscription per location. The API behaves as for any dealer; usage is reported " +
  "per location. Volume above 10,000 VINs a day is agreed in advance.";

export class AccountError extends Error {
  constructor(
    readonly code: "not_found" | "last_location" | "inactive" | "revoked",
    message: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

export type TrialOutcome =
  | { status: "issued"; account: DealerAccountRecord; issued: IssuedKey }
  /** A trial already exists for this (normalised) email: nothing was issued. */
  | { status: "exists" };

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";

export async function startTrialAccount(
  input: { name: string; email: string; location: string },
  now = new Date(),
): Promise<TrialOutcome> {
  const email = input.email.trim().toLowerCase();
  const emailKey = normaliseEmail(email);
  const existing = await db().dealerAccount.findUnique({ where: { emailKey }, select: { id: true } });
  if (existing) return { status: "exists" };
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  try {
    return await db().$transaction(async (tx) => {
      const account = await tx.dealerAccount.create({
        data: { id: randomUUID(), name: input.name, email, emailKey, status: "trial", trialEndsAt, createdAt: now },
      });
      // A sign-in identity for the mailbox. Another account may exist for a variant spelling of the same
      // mailbox only if the normalisation changed; the unique email then refuses the second, as it should.
      await tx.authUser.create({
        data: { id: randomUUID(), name: input.name, email, emailVerified: false, createdAt: now, updatedAt: now },
      });
      const location = await tx.dealerLocation.create({
        data: { id: randomUUID(), accountId: account.id, name: input.location, createdAt: now },
      });
      const issued = await issueKey({
        name: input.name,
        email,
        location: input.location,
        accountId: account.id,
        locationId: location.id,
        status: "trial",
        expiresAt: trialEndsAt,
        now,
        client: tx,
      });
      return { status: "issued" as const, account: toAccount(account), issued };
    });
  } catch (error) {
    // Two signups for one mailbox at the same moment: the second meets the unique key.
    if (isUniqueViolation(error)) return { status: "exists" };
    throw error;
  }
}

export async function findAccountByEmail(email: string): Promise<DealerAccountRecord | null> {
  const row = await db().dealerAccount.findUnique({ where: { emailKey: normaliseEmail(email) } });
  return row ? toAccount(row) : null;
}

export async function findAccount(idOrEmail: string): Promise<DealerAccountRecord | null> {
  const row = idOrEmail.includes("@")
    ? await db().dealerAccount.findUnique({ where: { emailKey: normaliseEmail(idOrEmail) } })
    : await db().dealerAccount.findUnique({ where: { id: idOrEmail } });
  return row ? toAccount(row) : null;
}

async function accountOrThrow(accountId: string): Promise<DealerAccountRecord> {
  const account = await findAccount(accountId);
  if (!account) throw new AccountError("not_found", "No such account.");
  return account;
}

async function accountKey(accountId: string, keyId: string): Promise<DealerKeyRecord> {
  const row = await db().dealerKey.findFirst({ where: { id: keyId, accountId } });
  if (!row) throw new AccountError("not_found", "That key does not belong to this account.");
  return toRecord(row);
}

/**
 * A new key for the key's location, shown once; the old key keeps working for KEY_ROTATION_GRACE_HOURS so the
 * dealer can switch their systems over, then it is refused as revoked.
 */
export async function rotateKey(
  accountId: string,
  keyId: string,
  now = new Date(),
): Promise<{ issued: IssuedKey; graceUntil: Date }> {
  const account = await accountOrThrow(accountId);
  const old = await accountKey(accountId, keyId);
  const refusal = rotationRefusal(old, now);
  if (refusal) throw new AccountError("revoked", refusal);
  return replaceKey(old, account, now);
}

export async function revokeAccountKey(accountId: string, keyId: string, now = new Date()): Promise<void> {
  const key = await accountKey(accountId, keyId);
  await db().dealerKey.update({ where: { id: key.id }, data: { status: "revoked", revokedAt: now } });
}

/** A new rooftop and its key (shown once). Billing follows the number of locations (./billing/). */
export async function addLocation(accountId: string, name: string, now = new Date()): Promise<IssuedKey> {
  const account = await accountOrThrow(accountId);
  if (account.status === "cancelled") {
    throw new AccountError("inactive", "The subscription has ended: resubscribe before adding a location.");
  }
  return db().$transaction(async (tx) => {
    const location = await tx.dealerLocation.create({ data: { id: randomUUID(), accountId, name, createdAt: now } });
    return issueKey({
      name: account.name,
      email: account.email,
      location: name,
      accountId,
      locationId: location.id,
      ...keyStateFor(account),
      now,
      client: tx,
    });
  });
}

/** A new key for a location whose keys were all revoked (shown once). A location has one live key at a time. */
export async function issueLocationKey(accountId: string, locationId: string, now = new Date()): Promise<IssuedKey> {
  const account = await accountOrThrow(accountId);
  if (account.status === "cancelled") {
    throw new AccountError("inactive", "The subscription has ended: resubscribe before issuing keys.");
  }
  const location = await db().dealerLocation.findFirst({ where: { id: locationId, accountId, removedAt: null } });
  if (!location) throw new AccountError("not_found", "No such location on this account.");
  const live = await db().dealerKey.count({
    where: {
      accountId,
      locationId,
      status: { not: "revoked" },
      OR: [{ graceUntil: null }, { graceUntil: { gt: now } }],
    },
  });
  if (live > 0) throw new AccountError("revoked", "This location already has a key: rotate it instead.");
  return issueKey({
    name: account.name,
    email: account.email,
    location: location.name,
    accountId,
    locationId,
    ...keyStateFor(account),
    now,
  });
}

/** Removes a rooftop and revokes its keys at once. The last location stays: cancel the account instead. */
export async function removeLocation(accountId: string, locationId: string, now = new Date()): Promise<void> {
  const live = await db().dealerLocation.findMany({ where: { accountId, removedAt: null } });
  if (!live.some((l) => l.id === locationId)) throw new AccountError("not_found", "No such location on this account.");
  if (live.length === 1)
    throw new AccountError("last_location", "An account keeps at least one location: cancel instead.");
  await db().$transaction([
    db().dealerLocation.update({ where: { id: locationId }, data: { removedAt: now } }),
    db().dealerKey.updateMany({
      where: { accountId, locationId, status: { not: "revoked" } },
      data: { status: "revoked", revokedAt: now },
    }),
  ]);
}

export async function activeLocationCount(accountId: string): Promise<number> {
  return db().dealerLocation.count({ where: { accountId, removedAt: null } });
}

/**
 * Moves the account, and every key of it not revoked, to a status. The one place account state changes
 * (webhooks, the CLI, cancellation).
 */
export async function setAccountStatus(
  accountId: string,
  status: AccountStatus,
  billing: Partial<
    Pick<DealerAccountRecord, "stripeCustomerId" | "stripeSubscriptionId" | "cancelAtPeriodEnd" | "currentPeriodEnd">
  > = {},
  /**
   * The Stripe event that asks for this (billing webhooks): applied only if no event Stripe created later has been
   * applied already. Stripe's clock has whole seconds: within the same second, a cancelled account is brought back
   * only by another subscription than the one it had (a resubscription). Answers whether it was applied.
   */
  event?: { createdAt: Date; subscriptionId: string | null },
): Promise<boolean> {
  const keyData = status === "trial" ? { status: "trial" } : { status, expiresAt: null as Date | null };
  const eventAt = event?.createdAt;
  const sameSecond = event
    ? {
        lastStripeEventAt: eventAt,
        OR: [
          { status: { not: "cancelled" } },
          ...(event.subscriptionId ? [{ stripeSubscriptionId: { not: event.subscriptionId } }] : []),
        ],
      }
    : {};
  const inOrder = event
    ? { OR: [{ lastStripeEventAt: null }, { lastStripeEventAt: { lt: eventAt } }, sameSecond] }
    : {};
  return db().$transaction(async (tx) => {
    // One conditional write decides, so two deliveries at once cannot both pass the check.
    const { count } = await tx.dealerAccount.updateMany({
      where: { id: accountId, ...inOrder },
      data: {
        status,
        ...(status === "trial" ? {} : { trialEndsAt: null }),
        ...billing,
        ...(eventAt ? { lastStripeEventAt: eventAt } : {}),
      },
    });
    if (count === 0) return false;
    await tx.dealerKey.updateMany({ where: { accountId, status: { not: "revoked" } }, data: keyData });
    return true;
  });
}

export async function setPartner(
  accountId: string,
  partner: boolean,
  terms: string | null,
): Promise<DealerAccountRecord> {
  await accountOrThrow(accountId);
  const row = await db().dealerAccount.update({
    where: { id: accountId },
    data: { partner, partnerTerms: partner ? terms : null },
  });
  return toAccount(row);
}

export interface LocationView {
  id: string;
  name: string;
  createdAt: Date;
  keys: (DealerKeyRecord & { lastUsedDay: string | null })[];
}

export interface UsageDayView {
  day: string;
  vins: number;
  stickers: number;
  provisions: number;
}

export interface AccountView {
  account: DealerAccountRecord;
  locations: LocationView[];
  /** The last 30 UTC days, oldest first, every day present (0 where there was no use). */
  usage: UsageDayView[];
  /** Per location over the same 30 days (a partner's usage is reported per location too). */
  usageByLocation: { locationId: string; name: string; vins: number; stickers: number; provisions: number }[];
}

export async function accountView(accountId: string, now = new Date()): Promise<AccountView> {
  const account = await accountOrThrow(accountId);
  const since = usageDay(new Date(now.getTime() - 29 * 86_400_000));
  const [locations, keys] = await Promise.all([
    db().dealerLocation.findMany({ where: { accountId, removedAt: null }, orderBy: { createdAt: "asc" } }),
    db().dealerKey.findMany({
      where: { accountId },
      orderBy: { createdAt: "asc" },
      include: { usage: { where: { day: { gte: since } } } },
    }),
  ]);
  const lastUse = await db().dealerUsage.groupBy({
    by: ["keyId"],
    where: { keyId: { in: keys.map((k) => k.id) } },
    _max: { day: true },
  });
  const lastUsed = new Map(lastUse.map((u) => [u.keyId, u._max.day ?? null]));
  const days = new Map<string, UsageDayView>();
  for (let i = 29; i >= 0; i--) {
    const day = usageDay(new Date(now.getTime() - i * 86_400_000));
    days.set(day, { day, vins: 0, stickers: 0, provisions: 0 });
  }
  const byLocation = new Map<string, { vins: number; stickers: number; provisions: number }>();
  for (const key of keys) {
    for (const u of key.usage) {
      const d = days.get(u.day);
      if (d) {
        d.vins += u.vins;
        d.stickers += u.stickers;
        d.provisions += u.provisions;
      }
      if (key.locationId) {
        const l = byLocation.get(key.locationId) ?? { vins: 0, stickers: 0, provisions: 0 };
        l.vins += u.vins;
        l.stickers += u.stickers;
        l.provisions += u.provisions;
        byLocation.set(key.locationId, l);
      }
    }
  }
  const liveKey = (k: (typeof keys)[number]) => k.status !== "revoked" && !(k.graceUntil && k.graceUntil <= now);
  return {
    account,
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      createdAt: l.createdAt,
      keys: keys
        .filter((k) => k.locationId === l.id && liveKey(k))
        .map((k) => ({ ...toRecord(k), lastUsedDay: lastUsed.get(k.id) ?? null })),
    })),
    usage: [...days.values()],
    usageByLocation: locations.map((l) => ({
      locationId: l.id,
      name: l.name,
      ...(byLocation.get(l.id) ?? { vins: 0, stickers: 0, provisions: 0 }),
    })),
  };
}

export interface AccountListing extends DealerAccountRecord {
  locations: number;
  liveKeys: number;
  vinsToday: number;
  /** Any key of the account above the daily VIN threshold in the last 30 days. */
  flagged: boolean;
}

/** The operator's view (`npm run accounts`). */
export async function listAccounts(now = new Date(), threshold = 10_000): Promise<AccountListing[]> {
  const since = usageDay(new Date(now.getTime() - 29 * 86_400_000));
  const today = usageDay(now);
  const rows = await db().dealerAccount.findMany({
    orderBy: { createdAt: "asc" },
    include: { locations: { where: { removedAt: null }, select: { id: true } } },
  });
  const keys = await db().dealerKey.findMany({
    where: { accountId: { in: rows.map((r) => r.id) } },
    include: { usage: { where: { day: { gte: since } } } },
  });
  return rows.map((row) => {
    const own = keys.filter((k) => k.accountId === row.id);
    const usage = own.flatMap((k) => k.usage);
    const perDay = new Map<string, number>();
    for (const u of usage) perDay.set(u.day, (perDay.get(u.day) ?? 0) + u.vins);
    return {
      ...toAccount(row),
      locations: row.locations.length,
      liveKeys: own.filter((k) => k.status !== "revoked" && !(k.graceUntil && k.graceUntil <= now)).length,
      vinsToday: perDay.get(today) ?? 0,
      flagged: usage.some((u) => u.vins > threshold),
    };
  });
}

/** The stored row: the record with its status still an unchecked string. */
type AccountRow = Omit<DealerAccountRecord, "status"> & { status: string };

function toAccount(row: AccountRow): DealerAccountRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status as AccountStatus,
    trialEndsAt: row.trialEndsAt,
    partner: row.partner,
    partnerTerms: row.partnerTerms,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    createdAt: row.createdAt,
  };
}
