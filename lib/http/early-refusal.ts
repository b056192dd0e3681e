/**
 * Requests Next.js fails on before any code of ours runs (not even proxy.ts): a TRACE/TRACK/CONNECT method
 * (undici's Request refuses to be built with them, so Next answers a bare 500) and a request target that is
 * not a path (`GET *`, `OPTIONS *`, an absolute URL: Next's URL parsing throws, again a 500), and a target
 * request-guard.ts refuses (a malformed `%` escape, control characters, past 8 KB). They are answered here, at the
 * HTTP server's `request` event, before Next sees them and once for every route and page: 405 with Allow, 400 or
 * 414, as problem details under /api/ (with CORS where the API has it) and plain text elsewhere, with a request
 * id and a log line.
 *
 * A step of the server gate (lib/http/server-gate.ts), the first.
 */
import http from "node:http";
import { ApiError, methodNotAllowed } from "../contract/errors";
import { log } from "../log";
import { problemBody } from "../contract/problem-body";
import { PROBLEM_CONTENT_TYPE } from "./problem";
import { allowedMethods, apiRouteFor, isApiPath } from "./api-routes";
import { CORS_HEADERS, isCorsPath } from "./cors";
import { REFUSED_METHODS, requestTargetProblem } from "./request-guard";
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
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  const refused = requestTargetProblem(path, query < 0 ? "" : target.slice(query));
  if (refused) return refused;
  if (req.method && REFUSED_METHODS.has(req.method)) {
    const route = isApiPath(path) ? apiRouteFor(path) : undefined;
    return methodNotAllowed(route ? allowedMethods(route) : ["GET", "HEAD", "POST", "OPTIONS"]);
  }
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
    // A browser reading the public API may read why it was refused.
    ...(isCorsPath(target.split("?")[0]) ? CORS_HEADERS : {}),
    ...error.headers,
  });
  res.end(body);
}

/** The gate's first step (lib/http/server-gate.ts): true when the request was refused here and goes no further. */
export function refuseEarly(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const problem = earlyProblem(req);
  if (!problem) return false;
  answer(req, res, problem);
  return true;
}
