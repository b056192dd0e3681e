/**
 * The one wrapper every /api/dealer/* handler goes through: the dealer key's gate (lib/dealers: the `x-api-key`
 * check, the per-key limit, the count of the request and its VINs against the key's day) around route()'s
 * serving of an operation.
 *
 *   export const POST = dealerRoute(operations.provision, async (req, input, dealer) => …);
 *
 * The operation's parameters are parsed after the key is checked: a request without a valid key learns nothing more.
 */
import type { RouteSpec } from "../api/operations";
import { accountWarning, admitKey, countKeyRequest, type DealerKeyRecord } from "../dealers";
import {
  parseRouteInput,
  serve,
  type RouteContext,
  type RouteHandler,
  type RouteInput,
  type RouteResult,
} from "./route";

export interface DealerContext extends RouteContext {
  key: DealerKeyRecord;
  /** Tells the wrapper how many VINs this request carried (counted against the key's daily usage). */
  countVins(n: number): void;
  /** Tells the wrapper a window-sticker PDF was served (the account page's chart counts them). */
  countSticker(): void;
}

export function dealerRoute<R extends RouteSpec & { security: "dealerKey" }>(
  spec: R,
  handler: (req: Request, input: RouteInput<R>, dealer: DealerContext) => Promise<RouteResult>,
): RouteHandler {
  return serve(spec, async (req, ctx, meta) => {
    const admitted = await admitKey(req.headers, { requestId: meta.requestId, operationId: spec.operationId });
    for (const [name, value] of Object.entries(admitted.headers)) meta.responseHeaders.set(name, value);
    let vins = 0;
    let stickers = 0;
    const dealer: DealerContext = {
      ...meta,
      key: admitted.key,
      countVins: (n) => {
        vins = n;
      },
      countSticker: () => {
        stickers = 1;
      },
    };
    try {
      const result = await handler(req, await parseRouteInput(spec, req, ctx), dealer);
      const warning = accountWarning(admitted.key);
      if (Object.keys(warning).length > 0) result.headers = { ...result.headers, ...warning };
      return result;
    } finally {
      const counted = await countKeyRequest(admitted.key, vins, meta.requestId, {
        stickers,
        provisions: spec.operationId === "provision" ? 1 : 0,
      });
      for (const [name, value] of Object.entries(counted)) meta.responseHeaders.set(name, value);
    }
  });
}
