/**
 * Who watches: a dealer key's location (so a rotated key keeps its watchlist and endpoint), or the key itself
 * when it belongs to no account location (a key the operator issued from the command line).
 */
import type { DealerKeyRecord } from "../dealers";

export interface Watcher {
  id: string;
  /** The dealer account, for the account page and the email digest; null for a key without one. */
  accountId: string | null;
  /** Where mail about the watcher's alerts goes. */
  email: string;
}

export const locationWatcherId = (locationId: string) => `location:${locationId}`;

export function watcherOf(key: DealerKeyRecord): Watcher {
  return {
    id: key.locationId ? locationWatcherId(key.locationId) : `key:${key.id}`,
    accountId: key.accountId,
    email: key.email,
  };
}
