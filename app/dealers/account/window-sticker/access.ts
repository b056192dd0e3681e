// Who may open archived window stickers from the account page: a signed-in dealer whose keys work (a trial not
// yet ended, a subscription not cancelled), as the API would serve them the same copies.
import type { DealerAccountRecord } from "@/lib/accounts/accounts";

export function mayReadStickers(account: DealerAccountRecord, now = Date.now()): boolean {
  if (account.status === "cancelled") return false;
  return !(account.status === "trial" && account.trialEndsAt !== null && account.trialEndsAt.getTime() <= now);
}
