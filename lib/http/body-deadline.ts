/**
 * A request body must arrive within REQUEST_DEADLINE_MS. Next.js reads the whole body before any code of ours
 * runs (it buffers it for proxy.ts), so a client that sends its headers and then stalls the body would escape
 * the route's deadline and hold the connection until Node's own request timeout (300 s). Here, at the HTTP
 * server's `request` event, a request that declares a body gets a timer: if the body is still incomplete when
 * it fires, the request is answered 408 (a problem body under /api/, plain text elsewhere) and its connection
 * closed.
 *
 * A step of the server gate (lib/http/server-gate.ts).
 */
import http from "node:http";
import { ApiError } from "../contract/errors";
import { config } from "../config";
import { log } from "../log";
import { problemBody } from "../contract/problem-body";
import { PROBLEM_CONTENT_TYPE } from "./problem";
import { REQUEST_ID_HEADER } from "./request-id";

const requestTimeout = (ms: number) =>
  new ApiError(
    408,
    "Request Timeout",
    `The request body did not arrive within ${ms} ms.`,
    { reason: "request_timeout" },
    { Connection: "close" },
  );

function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

function deadlineMs(): number {
  try {
    return config().requestDeadlineMs;
  } catch {
    return 30_000;
  }
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, ms: number): void {
  const error = requestTimeout(ms);
  const requestId = crypto.randomUUID();
  const target = (req.url ?? "").slice(0, 200);
  log().info(
    { requestId, method: req.method, path: target, status: 408, reason: error.reason },
    "request refused: body stalled",
  );
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const api = target.startsWith("/api/") || target === "/api";
  const body = api
    ? JSON.stringify(problemBody(error, requestId, target.split("?")[0]))
    : `408 ${error.title}: ${error.detail}\n`;
  res.writeHead(408, {
    "content-type": api ? PROBLEM_CONTENT_TYPE : "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    [REQUEST_ID_HEADER]: requestId,
    ...error.headers,
  });
  res.end(body, () => req.socket.destroy());
}

/** A step of the server gate (lib/http/server-gate.ts): a request that declares a body gets its timer. */
export function watchBodyDeadline(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!hasBody(req)) return;
  const ms = deadlineMs();
  const timer = setTimeout(() => {
    if (!req.complete) answer(req, res, ms);
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once("end", clear).once("close", clear);
  res.once("finish", clear).once("close", clear);
}
