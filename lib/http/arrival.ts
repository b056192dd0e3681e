/**
 * When a request reached this server process, on performance.now()'s clock: stamped by the server's own request
 * hook (installPeerAddress in client-address.ts, which overwrites whatever a client sent under the same name)
 * before Next.js routes it. A report's live budget counts from here, so the time a request spent queued behind
 * others in this process is part of the budget, not added to it.
 */
export const ARRIVED_HEADER = "x-vinscope-arrived";

/** The stamp of a request, or null when it did not come through the hook (a test calling a handler directly). */
export function arrivalOf(headers: Headers): number | null {
  return arrivalStamp(headers.get(ARRIVED_HEADER));
}

/** The stamp from the header's value (MCP hands tools the request's headers as a plain record). */
export function arrivalStamp(header: string | null | undefined): number | null {
  const value = Number(header);
  // A stamp from the future cannot be this process's: ignore it rather than extend a budget.
  return Number.isFinite(value) && value > 0 && value <= performance.now() ? value : null;
}
