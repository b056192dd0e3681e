/**
 * Rotating a dealer key: a new key for the same owner and location (shown once), and the old key kept working
 * until its grace period ends (KEY_ROTATION_GRACE_HOURS, so the dealer can switch their systems over); after it,
 * ./keys.ts refuses the old key as revoked. Whose key may be rotated is the account's question
 * (lib/accounts/accounts.ts: rotateKey); what rotating does to the keys is answered here.
 */
import { config } from "../config";
import { db } from "../db";
import { issueKey, type DealerKeyRecord, type IssuedKey, type KeyStatus } from "./keys";

/** The account a key belongs to, as far as its keys care. */
export interface KeyOwner {
  name: string;
  email: string;
  status: Exclude<KeyStatus, "revoked">;
  trialEndsAt: Date | null;
}

/** What a location's new key starts as: its account's state. */
export function keyStateFor(owner: Pick<KeyOwner, "status" | "trialEndsAt">): {
  status: KeyStatus;
  expiresAt: Date | null;
} {
  if (owner.status === "trial") return { status: "trial", expiresAt: owner.trialEndsAt };
  return { status: owner.status, expiresAt: null };
}

/** Why `old` cannot be rotated at `now` (a sentence for the dealer), or null when it can. */
export function rotationRefusal(old: DealerKeyRecord, now: Date): string | null {
  if (old.status === "revoked" || (old.graceUntil && old.graceUntil <= now))
    return "A revoked key cannot be rotated: issue a new key for its location instead.";
  if (old.graceUntil) return "This key was already rotated; rotate its replacement instead.";
  return null;
}

/**
 * Issues `old`'s replacement for its owner and location and starts `old`'s grace period, in one transaction.
 * The caller has checked `rotationRefusal`.
 */
export async function replaceKey(
  old: DealerKeyRecord,
  owner: KeyOwner,
  now: Date,
): Promise<{ issued: IssuedKey; graceUntil: Date }> {
  const graceUntil = new Date(now.getTime() + config().accounts.rotationGraceHours * 3_600_000);
  const issued = await db().$transaction(async (tx) => {
    const fresh = await issueKey({
      name: owner.name,
      email: owner.email,
      location: old.location,
      accountId: old.accountId,
      locationId: old.locationId,
      ...keyStateFor(owner),
      now,
      client: tx,
    });
    await tx.dealerKey.update({ where: { id: old.id }, data: { graceUntil, replacedBy: fresh.record.id } });
    return fresh;
  });
  return { issued, graceUntil };
}
