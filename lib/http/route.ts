/**
 * The one wrapper every route handler goes through: request id, timing, the JSON/ETag/304 rules, problem
 * details for every error, and one structured log line per request.
 *
 *   export const GET = route({ name: "getMarketOverview", cache: "market" }, async (req) => json(await overview()));
 */
import { log } from "../log";
import { CACHE, type CachePolicy } from "./cache";
import { etagFor, matchesIfNoneMatch } from "./etag";
import { problemResponse } from "./problem";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id";

export interface JsonResult {
  kind: "json";
  body: unknown;
  status: number;
  /** Overrides the route's cache policy for this answer (e.g. a short life for a degraded answer). */
  cache?: CachePolicy;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface RawResult {
  kind: "raw";
  body: BodyInit;
  status: number;
  headers: Record<string, string>;
}

export type RouteResult = JsonResult | RawResult;

export const json = (
  body: unknown,
  opts: { status?: number; cache?: CachePolicy; headers?: Record<string, string>; contentType?: string } = {},
): JsonResult => ({ kind: "json", body, status: opts.status ?? 200, ...opts });

export const raw = (body: BodyInit, headers: Record<string, string>, status = 200): RawResult => ({
  kind: "raw",
  body,
  status,
  headers,
});

export interface RouteOptions {
  /** The operation name, as in the OpenAPI document; used in logs. */
  name: string;
  cache: CachePolicy;
}

export interface RouteContext {
  requestId: string;
}

// Next passes `{ params: Promise<…> }` as the second argument; handlers receive it unchanged.
export function route<Ctx = unknown>(
  options: RouteOptions,
  handler: (req: Request, ctx: Ctx, meta: RouteContext) => Promise<RouteResult>,
): (req: Request, ctx: Ctx) => Promise<Response> {
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const path = new URL(req.url).pathname;
    let response: Response;
    try {
      const result = await handler(req, ctx, { requestId });
      response = toResponse(result, req, options.cache);
    } catch (error) {
      response = problemResponse(error, requestId, path);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    log().info({ requestId, route: options.name, method: req.method, path, status: response.status, ms }, "request");
    return response;
  };
}

function toResponse(result: RouteResult, req: Request, routeCache: CachePolicy): Response {
  if (result.kind === "raw") return new Response(result.body, { status: result.status, headers: result.headers });

  const text = JSON.stringify(result.body);
  const headers = new Headers(result.headers);
  headers.set("content-type", result.contentType ?? "application/json; charset=utf-8");
  headers.set("cache-control", CACHE[result.cache ?? routeCache]);
  if (req.method === "GET" || req.method === "HEAD") {
    const etag = etagFor(text);
    headers.set("etag", etag);
    if (result.status === 200 && matchesIfNoneMatch(req.headers.get("if-none-match"), etag)) {
      headers.delete("content-type");
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(text, { status: result.status, headers });
}
