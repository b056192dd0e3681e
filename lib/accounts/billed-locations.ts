/**
 * A dealer adds or removes a rooftop, and the subscription's quantity follows (one per live location,
 * ./billing/stripe.ts). The location change stands even when billing cannot be reached: the quantity is
 * synced again at the next change, and the caller tells the dealer so.
 */
import { syncQuantity } from "./billing/stripe";
import type { IssuedKey } from "../dealers";
import { addLocation, removeLocation, type DealerAccountRecord } from "./accounts";

export interface LocationChange {
  /** Why billing was not updated (billing's own words), or null when it was, or had nothing to follow. */
  billingNotUpdated: string | null;
}

async function billingAfterChange(account: DealerAccountRecord): Promise<string | null> {
  const synced = await syncQuantity(account);
  return synced && !synced.ok ? synced.message : null;
}

/** A new location with its own key (shown once), then the subscription's quantity. */
export async function addLocationAndSyncBilling(
  account: DealerAccountRecord,
  name: string,
  now = new Date(),
): Promise<LocationChange & { issued: IssuedKey }> {
  const issued = await addLocation(account.id, name, now);
  return { issued, billingNotUpdated: await billingAfterChange(account) };
}

/** The location's keys revoked and the location gone (never the last one), then the subscription's quantity. */
export async function removeLocationAndSyncBilling(
  account: DealerAccountRecord,
  locationId: string,
  now = new Date(),
): Promise<LocationChange> {
  await removeLocation(account.id, locationId, now);
  return { billingNotUpdated: await billingAfterChange(account) };
}
