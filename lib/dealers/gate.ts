/**
 * The dealer API's gate: the `x-api-key` check of every /api/dealer/* request, against the database on every
 * request (so a revocation holds from the next request on every instance), the 401 problems with their `reason`,
 * the optional per-key rate limit (DEALER_RATE_LIMIT_REQUESTS: the same counters and headers as the public
 * per-address limit, lib/rate-limit), and the count of the request and its VINs against the key's day (written
 * after the answer, ./usage-tally.ts). Above the daily VIN volume (DEALER_DAILY_VIN_FLAG) the key keeps working
 * and its answers carry the `Vinscope-Daily-Volume` header.
 *
 * Framework-free: lib/http/dealer-route.ts wraps a route handler in it, and proxy.ts answers a request without a
 * key with `missingKey()` before any route runs. The key itself never reaches a log line: only its prefix does.
 */
import { unauthorized, type ApiError } from "../contract/errors";
import { config } from "../config";
import { log } from "../log";
import { checkKeyLimit } from "../rate-limit";
import { verifyKey, type DayUsage, type DealerKeyRecord, type KeyRejection } from "./keys";
import { countUsage } from "./usage-tally";

export const API_KEY_HEADER = "x-api-key";
/** On every answer of a key past the day's VIN volume: `exceeded;vins=12345;threshold=10000;day="2026-11-23"`. */
const DAILY_VOLUME_HEADER = "Vinscope-Daily-Volume";
/** Sent on every answer to a key whose account's payment failed: the key still works, for now. */
const ACCOUNT_WARNING_HEADER = "x-account-warning";

/** The dealer API's answer to a request that carries no key at all: 401. */
export function missingKey(): ApiError {
  return unauthorized(
    `The dealer API needs an API key in the ${API_KEY_HEADER} header. Start a free trial at /dealers.`,
    "missing_key",
  );
}

const rejection = (reason: KeyRejection): string => {
  const account = `${config().publicBaseUrl}/dealers/account`;
  switch (reason) {
    case "invalid_key":
      return "The API key is not valid.";
    case "revoked_key":
      return "The API key has been revoked (or replaced by a rotation whose grace period has ended).";
    case "expired_key":
      return `The API key's trial has ended. Subscribe at ${account} to keep using it.`;
    case "subscription_inactive":
      return `The subscription of this key's account has ended. Resubscribe at ${account} to use it again.`;
  }
};

/**
 * Admits a dealer request: its key's record, and the fields its answer carries whatever it is (the per-key
 * rate limit's). Throws the problem to answer instead: 401 (no key, or one refused) or 429 (over the per-key
 * limit; such a request is not counted, it carried no VINs the service looked at).
 */
export async function admitKey(
  headers: Headers,
  context: { requestId: string; operationId: string },
): Promise<{ key: DealerKeyRecord; headers: Record<string, string> }> {
  const presented = headers.get(API_KEY_HEADER)?.trim();
  if (!presented) throw missingKey();
  const check = await verifyKey(presented);
  if (!check.ok) {
    log().warn(
      { requestId: context.requestId, route: context.operationId, reason: check.reason },
      "dealer key rejected",
    );
    throw unauthorized(rejection(check.reason), check.reason);
  }
  const limit = await checkKeyLimit(check.record.id, check.record.prefix);
  if (limit?.refusal) throw limit.refusal;
  return { key: check.record, headers: limit?.headers ?? {} };
}

/** The fields of a handled request's answer that its key's account calls for: a payment that failed. */
export function accountWarning(key: DealerKeyRecord): Record<string, string> {
  if (key.status !== "past_due") return {};
  return {
    [ACCOUNT_WARNING_HEADER]: `past_due; payment failed: update the card at ${config().publicBaseUrl}/dealers/account or the key stops working`,
  };
}

/**
 * Counts a served request against its key's day, with the VINs it carried, and returns the fields its answer
 * carries for it (the daily-volume flag). Counting never costs the dealer their answer: a failure is logged.
 */
export async function countKeyRequest(
  key: DealerKeyRecord,
  vins: number,
  requestId: string,
  kind: { stickers: number; provisions: number },
): Promise<Record<string, string>> {
  try {
    const usage = await countUsage(key.id, { vins, ...kind });
    const threshold = config().dealerDailyVinFlag;
    if (usage.flagged && usage.vins - vins <= threshold) {
      log().warn(
        { requestId, keyPrefix: key.prefix, day: usage.day, vins: usage.vins, threshold },
        "dealer key passed the daily VIN volume",
      );
    }
    return usage.flagged ? { [DAILY_VOLUME_HEADER]: dailyVolumeHeader(usage) } : {};
  } catch (error) {
    // The counts are queued; the day's total could not be read.
    log().error({ requestId, keyPrefix: key.prefix, err: error }, "dealer usage total not read");
    return {};
  }
}

function dailyVolumeHeader(usage: DayUsage): string {
  return `exceeded;vins=${usage.vins};threshold=${config().dealerDailyVinFlag};day="${usage.day}"`;
}
