/**
 * Requests Next.js fails on before any code of ours runs (not even proxy.ts): a TRACE/TRACK/CONNECT method
 * (undici's Request refuses to be built with them, so Next answers a bare 500) and a request target that is
 * not a path (`GET *`, `OPTIONS *`, an absolute URL: Next's URL parsing throws, again a 500). They are answered
 * here, at the HTTP server's `request` event, before Next sees them: 405 with Allow, or 400, as problem
 * details under /api/ and plain text elsewhere, with a request id and a log line.
 *
 * Installed once per server process by instrumentation.ts.
 */
import http from "node:http";
import { ApiError, methodNotAllowed } from "../contract/errors";
import { log } from "../log";
import { problemBody } from "../contract/problem-body";
import { PROBLEM_CONTENT_TYPE } from "./problem";
import { REFUSED_METHODS } from "./request-guard";
import { REQUEST_ID_HEADER } from "./request-id";

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function earlyProblem(req: http.IncomingMessage): ApiError | null {
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) {
    const options = req.method === "OPTIONS" && target === "*";
    return new ApiError(
      400,
      "Bad Request",
      options
        ? "OPTIONS * is not served here; ask OPTIONS of a path (e.g. /api/public/openapi.json) instead."
        : "The request target must be a path starting with a single /.",
      { reason: "invalid_request" },
    );
  }
  if (req.method && REFUSED_METHODS.has(req.method)) return methodNotAllowed(["GET", "HEAD", "POST", "OPTIONS"]);
  return null;
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, error: ApiError): void {
  const given = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof given === "string" && SANE_ID.test(given) ? given : crypto.randomUUID();
  const target = (req.url ?? "").slice(0, 200);
  log().info(
    { requestId, method: req.method, path: target, status: error.status, reason: error.reason },
    "request refused",
  );
  const api = target.startsWith("/api/") || target === "/api";
  const body = api
    ? JSON.stringify(problemBody(error, requestId, target.split("?")[0]))
    : `${error.status} ${error.title}: ${error.detail}\n`;
  res.writeHead(error.status, {
    "content-type": api ? PROBLEM_CONTENT_TYPE : "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    [REQUEST_ID_HEADER]: requestId,
    ...error.headers,
  });
  res.end(body);
}

const installed = globalThis as unknown as { __vinscopeEarlyRefusal?: boolean };

export function installEarlyRefusal(): void {
  if (installed.__vinscopeEarlyRefusal) return;
  installed.__vinscopeEarlyRefusal = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const problem = earlyProblem(req);
      if (problem) {
        answer(req, res, problem);
        return true;
      }
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(
      this,
      event,
      ...args,
    );
  } as typeof emit;
}
