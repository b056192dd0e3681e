/**
 * The one wrapper every /api/dealer/* handler goes through: it checks the `x-api-key` header against the
 * database on every request (so a revocation holds from the next request on every instance), answers the
 * 401 problems with their `reason`, and counts the request and its VINs against the key's day.
 *
 *   export const POST = dealerRoute({ name: "provision", cache: "none" }, async (req, ctx, dealer) => …);
 *
 * The key itself never reaches a log line: only its prefix does.
 */
import { unauthorized } from "../api/errors";
import { log } from "../log";
import { route, type RouteContext, type RouteOptions, type RouteResult } from "../http/route";
import { DAILY_VIN_FLAG_THRESHOLD, recordUsage, verifyKey, type DealerKeyRecord } from "./keys";

export const API_KEY_HEADER = "x-api-key";

export interface DealerContext extends RouteContext {
  key: DealerKeyRecord;
  /** Tells the wrapper how many VINs this request carried (counted against the key's daily usage). */
  countVins(n: number): void;
}

const REJECTIONS = {
  invalid_key: "The API key is not valid.",
  revoked_key: "The API key has been revoked.",
  expired_key: "The API key's trial has ended. Activate a subscription to keep using it.",
} as const;

export function dealerRoute<Ctx = unknown>(
  options: RouteOptions,
  handler: (req: Request, ctx: Ctx, dealer: DealerContext) => Promise<RouteResult>,
): (req: Request, ctx: Ctx) => Promise<Response> {
  return route<Ctx>(options, async (req, ctx, meta) => {
    const presented = req.headers.get(API_KEY_HEADER)?.trim();
    if (!presented) throw unauthorized(`Send your API key in the ${API_KEY_HEADER} header.`, "missing_key");
    const check = await verifyKey(presented);
    if (!check.ok) {
      log().warn({ requestId: meta.requestId, route: options.name, reason: check.reason }, "dealer key rejected");
      throw unauthorized(REJECTIONS[check.reason], check.reason);
    }
    let vins = 0;
    const dealer: DealerContext = {
      ...meta,
      key: check.record,
      countVins: (n) => {
        vins = n;
      },
    };
    try {
      return await handler(req, ctx, dealer);
    } finally {
      await countUsage(check.record, vins, meta.requestId);
    }
  });
}

async function countUsage(key: DealerKeyRecord, vins: number, requestId: string): Promise<void> {
  try {
    const usage = await recordUsage(key.id, vins);
    if (usage.flagged && usage.vins - vins <= DAILY_VIN_FLAG_THRESHOLD) {
      log().warn({ requestId, keyPrefix: key.prefix, day: usage.day, vins: usage.vins }, "dealer key passed 10,000 VINs today");
    }
  } catch (error) {
    // Counting must never cost the dealer their answer.
    log().error({ requestId, keyPrefix: key.prefix, err: error }, "dealer usage not recorded");
  }
}
