/**
 * `Vary` that says what an answer varies on. Next.js adds its App Router's request headers (`rsc`,
 * `next-router-state-tree`, `next-router-prefetch`, `next-router-segment-prefetch`, `next-url`) to the `Vary` of
 * every app route, route handlers included, before the handler runs, and appends whatever the handler sets.
 * Those headers choose between a page's HTML and its RSC payload; a JSON (or PDF, text, problem) answer is the
 * same whatever they say, and listing them makes shared caches store one copy per router state for nothing.
 *
 * So at the HTTP server's `request` event (a step of lib/http/server-gate.ts, in every server process) each
 * response's `writeHead` is wrapped: unless the answer is a page (HTML) or an RSC payload, the router's
 * headers are dropped from `Vary`; what the answer does vary on (`Accept-Encoding` for compression, `Origin`
 * for CORS) stays.
 */
import http from "node:http";

const ROUTER_HEADERS = new Set([
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
]);
const PAGE_TYPES = ["text/html", "text/x-component"];

/** The Vary of an answer of `contentType`: the router's headers dropped unless it is a page; null when none is left. */
export function trimVary(vary: string, contentType: string | undefined): string | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (PAGE_TYPES.includes(type)) return vary;
  const kept = vary
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v && !ROUTER_HEADERS.has(v.toLowerCase()));
  return kept.length ? [...new Set(kept)].join(", ") : null;
}

function headerText(value: http.OutgoingHttpHeader | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** Applies trimVary to a response's headers just before they are sent. */
function trimResponseVary(res: http.ServerResponse, headers: http.OutgoingHttpHeaders | undefined): void {
  const given = headers && Object.keys(headers).find((k) => k.toLowerCase() === "vary");
  const contentType = headerText(headers?.["content-type"] ?? res.getHeader("content-type"));
  if (given) {
    const trimmed = trimVary(headerText(headers[given])!, contentType);
    if (trimmed === null) delete headers[given];
    else headers[given] = trimmed;
  }
  const set = headerText(res.getHeader("vary"));
  if (set !== undefined) {
    const trimmed = trimVary(set, contentType);
    if (trimmed === null) res.removeHeader("vary");
    else res.setHeader("vary", trimmed);
  }
}

/** A step of the server gate (lib/http/server-gate.ts): the response's `writeHead` (explicit, or implied by the first write) trims `Vary`. */
export function trimVaryOnWriteHead(res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...head: unknown[]) {
    // writeHead(status[, statusMessage][, headers]); headers may also be an array of raw pairs (left alone).
    const last = head[head.length - 1];
    const headers =
      last && typeof last === "object" && !Array.isArray(last) ? (last as http.OutgoingHttpHeaders) : undefined;
    trimResponseVary(this, headers);
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, head);
  } as typeof res.writeHead;
}
