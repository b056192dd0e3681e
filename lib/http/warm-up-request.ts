/**
 * A server process's warm-up (lib/http/warm-up.ts) as requests see it: where it stands (for /api/health), and
 * which requests are warm-up requests: those that bear the token `npm start`'s primary made for this start
 * (VINSCOPE_WARM_UP_TOKEN, in the server processes' environment only, never logged).
 */
import { timingSafeEqual } from "node:crypto";
import { config } from "../config";

export const WARM_UP_HEADER = "x-vinscope-warm-up";

export function warmUpToken(): string | null {
  return process.env.VINSCOPE_WARM_UP_TOKEN || null;
}

/** True for a warm-up request of this start. */
export function isWarmUpRequest(headers: Headers): boolean {
  const presented = headers.get(WARM_UP_HEADER);
  const expected = warmUpToken();
  if (!presented || !expected) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface WarmUpState {
  state: "off" | "warming" | "ready";
  requests: number;
  failed: number;
  ms: number | null;
}

/** Process-wide: instrumentation.ts runs the warm-up, /api/health (another bundle) reports it. */
const held = globalThis as unknown as { __vinscopeWarmUp?: WarmUpState };

export function warmUpState(): WarmUpState {
  return (held.__vinscopeWarmUp ??= {
    state: warmUpToken() && config().serverWarmUpRequests > 0 ? "warming" : "off",
    requests: 0,
    failed: 0,
    ms: null,
  });
}
