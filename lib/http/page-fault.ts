/**
 * A page's answer to a database fault: 503 with Retry-After and a page saying the service is briefly unavailable,
 * never Next.js's 500. The JSON API answers the same fault itself (lib/http/problem.ts); pages, the sitemap and
 * every other page-like answer Next.js renders are answered here, with the same classifier (lib/db/faults.ts).
 *
 * Why here and not in a page: a server component cannot set its status (an App Router error.tsx renders with
 * whatever status Next chose, 200 or 500), proxy.ts runs before the page and never sees its error, and a wrapper
 * around each page would be one more thing every new page must remember. What Next does give is
 * instrumentation.ts's `onRequestError`, called with the error before the answer's status is sent. So:
 *  1. at the HTTP server's `request` event (a step of lib/http/server-gate.ts, in every server process) each request
 *     gets a ticket in a header of ours, always overwritten there so no client can send it, and its response's
 *     `writeHead`/`write`/`end` are wrapped;
 *  2. `onRequestError` hands the error and the request's headers to notePageError, which marks the ticket's
 *     response when the error is a database fault (and, like the API, asks for a fresh SQLite connection);
 *  3. when a marked response is about to go out as a 5xx, this answer is sent instead, and whatever Next then
 *     writes of its error page is dropped.
 * A page that rendered, or an answer that is no 5xx, is untouched; so is everything under /api/, whose routes
 * answer their own problems.
 */
import http from "node:http";
import { FAULT_DETAIL, noteDatabaseError, type DatabaseFault } from "../db/faults";
import { log } from "../log";
import { databaseRetryAfterSeconds } from "./problem";
import { REQUEST_ID_HEADER } from "./request-id";
import { escapeHtml, standalonePage } from "./standalone-page";

const PAGE_TICKET_HEADER = "x-vinscope-page-ticket";

interface Watched {
  fault: DatabaseFault | null;
}

const state = globalThis as unknown as {
  __vinscopePageFault?: { watched: Map<string, Watched>; next: number };
};

function watchedRequests() {
  return (state.__vinscopePageFault ??= { watched: new Map(), next: 0 });
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function ticketOf(headers: HeaderBag): string | undefined {
  const value = headers instanceof Headers ? headers.get(PAGE_TICKET_HEADER) : headers[PAGE_TICKET_HEADER];
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

/**
 * instrumentation.ts's onRequestError: a database fault marks its request's response, to be answered 503. Any
 * other error is left to Next (a 500, logged by Next with its stack).
 */
export function notePageError(error: unknown, headers: HeaderBag): void {
  const ticket = ticketOf(headers);
  const watched = ticket === undefined ? undefined : watchedRequests().watched.get(ticket);
  if (!watched || watched.fault) return;
  watched.fault = noteDatabaseError(error);
}

/** A page that stands alone (no stylesheet, script or font of the app to load while it is failing). */
function unavailablePage(path: string, fault: DatabaseFault, retryAfter: number, requestId: string): string {
  return standalonePage(
    "vinscope is briefly unavailable",
    `<p>${escapeHtml(FAULT_DETAIL[fault])} The service recovers by itself once it can read its data again: try again in
${retryAfter} seconds.</p>
<p><a href="${escapeHtml(path)}">Try again</a> · <a href="/">Home</a></p>
<p class="muted">Request id: ${escapeHtml(requestId)}</p>`,
  );
}

/** A page is answered in HTML; anything with a file name (sitemap.xml, robots.txt, a feed) in plain text. */
function unavailableAnswer(path: string, fault: DatabaseFault, requestId: string) {
  const retryAfter = databaseRetryAfterSeconds();
  const text = /\/[^/]*\.[A-Za-z0-9]+$/.test(path);
  return {
    retryAfter,
    contentType: text ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
    body: text
      ? `503 Service Unavailable: ${FAULT_DETAIL[fault]} Retry in ${retryAfter} s.\n`
      : unavailablePage(path, fault, retryAfter, requestId),
  };
}

type Callback = (error?: Error | null) => void;
const callbackOf = (args: unknown[]) => args.find((a): a is Callback => typeof a === "function");

/** Wraps one response: once marked and about to go out as a 5xx, it is answered 503 instead. */
function watch(req: http.IncomingMessage, res: http.ServerResponse, path: string, watched: Watched): void {
  const { writeHead, write, end } = res;
  let answered = false;

  /** Sends the 503 in place of what Next was about to send; true when it did. */
  const answerInstead = (status: number): boolean => {
    if (answered) return true;
    if (!watched.fault || status < 500 || res.headersSent) return false;
    answered = true;
    const given = res.getHeader(REQUEST_ID_HEADER) ?? req.headers[REQUEST_ID_HEADER];
    const requestId = typeof given === "string" ? given : crypto.randomUUID();
    // Nothing of the error page's headers (its length, encoding, caching, preload links) applies to this answer.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const answer = unavailableAnswer(path, watched.fault, requestId);
    log().warn({ requestId, path, fault: watched.fault }, "database unavailable: page answered 503");
    // The originals, untyped: TypeScript's `.call` of an overloaded method takes only its last overload.
    (writeHead as (...a: unknown[]) => http.ServerResponse).call(res, 503, "Service Unavailable", {
      "content-type": answer.contentType,
      "content-length": Buffer.byteLength(answer.body),
      "cache-control": "no-store",
      "retry-after": String(answer.retryAfter),
      [REQUEST_ID_HEADER]: requestId,
    });
    (end as (...a: unknown[]) => http.ServerResponse).call(res, answer.body);
    return true;
  };

  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (answerInstead(Number(args[0]))) return this;
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.write = function (this: http.ServerResponse, ...args: unknown[]) {
    if (answerInstead(this.statusCode)) {
      callbackOf(args)?.();
      return true;
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (answerInstead(this.statusCode)) {
      callbackOf(args)?.();
      return this;
    }
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.end;
}

/** A step of the server gate (lib/http/server-gate.ts): a page request gets its ticket, its response the wrapping above. */
export function watchForPageFault(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  delete req.headers[PAGE_TICKET_HEADER];
  if (path === "/api" || path.startsWith("/api/")) return;
  const requests = watchedRequests();
  const ticket = String(++requests.next);
  const watched: Watched = { fault: null };
  requests.watched.set(ticket, watched);
  req.headers[PAGE_TICKET_HEADER] = ticket;
  res.once("close", () => requests.watched.delete(ticket));
  watch(req, res, path, watched);
}
