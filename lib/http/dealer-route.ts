/**
 * The one wrapper every /api/dealer/* handler goes through: it checks the `x-api-key` header against the
 * database on every request (so a revocation holds from the next request on every instance), answers the
 * 401 problems with their `reason`, and counts the request and its VINs against the key's day (written after
 * the answer, lib/dealers/usage-tally.ts). Above the
 * daily VIN volume (DEALER_DAILY_VIN_FLAG) the key keeps working and its answers carry the
 * `Vinscope-Daily-Volume` header; with DEALER_RATE_LIMIT_REQUESTS set, each key also has a rate limit (the
 * same counters and headers as the public per-address limit, lib/rate-limit/limits.ts).
 *
 *   export const POST = dealerRoute(operations.provision, async (req, input, dealer) => …);
 *
 * The operation's parameters are parsed after the key is checked: a request without a valid key learns nothing more.
 *
 * The key itself never reaches a log line: only its prefix does.
 */
import { unauthorized } from "../contract/errors";
import { config } from "../config";
import { log } from "../log";
import { checkKeyLimit } from "../rate-limit";
import type { RouteSpec } from "../api/operations";
import {
  parseRouteInput,
  serve,
  type RouteContext,
  type RouteHandler,
  type RouteInput,
  type RouteResult,
} from "./route";
import { verifyKey, type DayUsage, type DealerKeyRecord, type KeyRejection } from "../dealers/keys";
import { countUsage } from "../dealers/usage-tally";

const API_KEY_HEADER = "x-api-key";
/** On every answer of a key past the day's VIN volume: `exceeded;vins=12345;threshold=10000;day="2026-11-23"`. */
const DAILY_VOLUME_HEADER = "Vinscope-Daily-Volume";

export interface DealerContext extends RouteContext {
  key: DealerKeyRecord;
  /** Tells the wrapper how many VINs this request carried (counted against the key's daily usage). */
  countVins(n: number): void;
  /** Tells the wrapper a window-sticker PDF was served (the account page's chart counts them). */
  countSticker(): void;
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

/** Sent on every answer to a key whose account's payment failed: the key still works, for now. */
const ACCOUNT_WARNING_HEADER = "x-account-warning";

export function dealerRoute<R extends RouteSpec & { security: "dealerKey" }>(
  spec: R,
  handler: (req: Request, input: RouteInput<R>, dealer: DealerContext) => Promise<RouteResult>,
): RouteHandler {
  return serve(spec, async (req, ctx, meta) => {
    const presented = req.headers.get(API_KEY_HEADER)?.trim();
    if (!presented) throw unauthorized(`Send your API key in the ${API_KEY_HEADER} header.`, "missing_key");
    const check = await verifyKey(presented);
    if (!check.ok) {
      log().warn({ requestId: meta.requestId, route: spec.operationId, reason: check.reason }, "dealer key rejected");
      throw unauthorized(rejection(check.reason), check.reason);
    }
    const limit = await checkKeyLimit(check.record.id, check.record.prefix);
    for (const [name, value] of Object.entries(limit?.headers ?? {})) meta.responseHeaders.set(name, value);
    // A refused request is not counted: it carried no VINs the service looked at.
    if (limit?.refusal) throw limit.refusal;
    let vins = 0;
    let stickers = 0;
    const dealer: DealerContext = {
      ...meta,
      key: check.record,
      countVins: (n) => {
        vins = n;
      },
      countSticker: () => {
        stickers = 1;
      },
    };
    try {
      const result = await handler(req, await parseRouteInput(spec, req, ctx), dealer);
      if (check.record.status === "past_due") {
        result.headers = {
          ...result.headers,
          [ACCOUNT_WARNING_HEADER]: `past_due; payment failed: update the card at ${config().publicBaseUrl}/dealers/account or the key stops working`,
        };
      }
      return result;
    } finally {
      const usage = await countRequest(check.record, vins, meta.requestId, {
        stickers,
        provisions: spec.operationId === "provision" ? 1 : 0,
      });
      if (usage?.flagged) meta.responseHeaders.set(DAILY_VOLUME_HEADER, dailyVolumeHeader(usage));
    }
  });
}

function dailyVolumeHeader(usage: DayUsage): string {
  return `exceeded;vins=${usage.vins};threshold=${config().dealerDailyVinFlag};day="${usage.day}"`;
}

async function countRequest(
  key: DealerKeyRecord,
  vins: number,
  requestId: string,
  kind: { stickers: number; provisions: number },
): Promise<DayUsage | null> {
  try {
    const usage = await countUsage(key.id, { vins, ...kind });
    const threshold = config().dealerDailyVinFlag;
    if (usage.flagged && usage.vins - vins <= threshold) {
      log().warn(
        { requestId, keyPrefix: key.prefix, day: usage.day, vins: usage.vins, threshold },
        "dealer key passed the daily VIN volume",
      );
    }
    return usage;
  } catch (error) {
    // Counting must never cost the dealer their answer (the counts are queued; the day's total could not be read).
    log().error({ requestId, keyPrefix: key.prefix, err: error }, "dealer usage total not read");
    return null;
  }
}
