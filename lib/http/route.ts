/**
 * The one wrapper every route handler goes through: request id, timing, the JSON/ETag/304 rules, problem
 * details for every error, and one structured log line per request. It is built from the route's operation
 * (lib/api/operations.ts): the name logged, the cache policy and the schemas of its parameters come from there.
 *
 *   export const GET = route(operations.getVehicleInsight, async (req, { params }) => json(await insight(params)));
 */
import type { z } from "zod";
import { ApiError } from "../contract/errors";
import type { RouteSpec } from "../api/operations";
import { config, withOutsideSystemsOff } from "../config";
import { verifyKey } from "../dealers";
import { log } from "../log";
import { msLeftSince, startDeadline, untilAborted } from "../outside";
import { CACHE, type CachePolicy } from "../api/cache";
import { etagFor, matchesIfNoneMatch } from "./etag";
import { parseInput, pathParam, queryObject } from "./params";
import { arrivalOf } from "./arrival";
import { problemResponse } from "./problem";
import { checkAddressLimit, isRateLimitedPath } from "../rate-limit";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id";
import { isWarmUpRequest } from "./warm-up-request";
import { observeRequest } from "../metrics/process-metrics";
import { inSpan, tracingOn } from "../metrics/tracing";

export interface JsonResult {
  kind: "json";
  body: unknown;
  status: number;
  /** Overrides the route's cache policy for this answer (e.g. a short life for a degraded answer). */
  cache?: CachePolicy;
  headers?: Record<string, string>;
  contentType?: string;
  /** A 5xx the service means to give (a process still warming up): logged as a request, not as a failure. */
  expected?: boolean;
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
  opts: {
    status?: number;
    cache?: CachePolicy;
    headers?: Record<string, string>;
    contentType?: string;
    expected?: boolean;
  } = {},
): JsonResult => ({ kind: "json", body, status: opts.status ?? 200, ...opts });

export const raw = (body: BodyInit, headers: Record<string, string>, status = 200): RawResult => ({
  kind: "raw",
  body,
  status,
  headers,
});

export interface RouteOptions {
  /** This route's overall deadline, when it needs another than REQUEST_DEADLINE_MS. */
  deadlineMs?: number;
  /**
   * A route polled every few seconds (/api/health, by load balancers and scripts): a successful answer is
   * logged only when its status differs from this process's previous answer, so the log shows the first one and
   * each change (warming up, 503, healthy again), not every poll. Failures are logged as on every route.
   */
  logSuccessChangesOnly?: boolean;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The route's path parameters and query, parsed with its operation's own schemas (undefined where it has none). */
export interface RouteInput<R extends RouteSpec> {
  params: Parsed<R extends { pathParams: infer S } ? S : undefined>;
  query: Parsed<R extends { query: infer S } ? S : undefined>;
}

/** What Next passes a route handler: the dynamic segments of its path. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

/** A route handler as Next calls it, carrying the spec it was built from (tests check each route file's). */
export type RouteHandler = ((req: Request, ctx: NextRouteContext) => Promise<Response>) & { readonly spec: RouteSpec };

/** Past its deadline a request is answered 503 (its handler's late result is dropped). */
function deadlineExceeded(ms: number): ApiError {
  return new ApiError(
    503,
    "Service Unavailable",
    `The request could not be answered within its ${ms} ms deadline; retry shortly.`,
    { reason: "deadline_exceeded" },
    { "Retry-After": "5" },
  );
}

function requestDeadlineMs(): number {
  try {
    return config().requestDeadlineMs;
  } catch {
    return 30_000;
  }
}

/**
 * The handler's result, or a deadline problem when it is not done `ms` after `since` (the request's arrival): time
 * the request spent queued in the process counts.
 */
async function withinDeadline<T>(work: Promise<T>, ms: number, since: number): Promise<T> {
  // A handler that fails after its deadline has nobody to answer; untilAborted keeps its error handled.
  const deadline = startDeadline(msLeftSince(ms, since));
  return untilAborted(work, deadline.signal, (): never => {
    throw deadlineExceeded(ms);
  }).finally(deadline.clear);
}

export interface RouteContext {
  requestId: string;
  /** When the request reached this process (lib/http/arrival.ts), on performance.now()'s clock. */
  arrivedAt: number;
  /** Headers set on the answer whatever it is (a success or a problem), e.g. rate-limit fields. */
  responseHeaders: Headers;
}

/** A dealer key on the exempt list counts only when it is the whole, valid key. */
const exemptKeyIsValid = (presented: string) =>
  verifyKey(presented).then(
    (check) => check.ok,
    // The database cannot say: the request is counted like any other.
    () => false,
  );

/**
 * The route's handler: `params` and `query` parsed with the operation's schemas (a failure is a 400 problem
 * naming the parameter), in that order, after the request-target and rate-limit checks. An operation that
 * needs a dealer key is served by dealerRoute (lib/http/dealer-route.ts) instead: the types refuse it here.
 */
export function route<R extends RouteSpec & { security?: undefined }>(
  spec: R,
  handler: (req: Request, input: RouteInput<R>, meta: RouteContext) => Promise<RouteResult>,
  options: RouteOptions = {},
): RouteHandler {
  return serve(spec, async (req, ctx, meta) => handler(req, await parseRouteInput(spec, req, ctx), meta), options);
}

/** Path segments as the client meant them (percent-decoded where well-formed). */
const decodedPath = (params: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === "string" ? pathParam(value) : value]),
  );

/** Parses what the spec declares: the path parameters (decoded), then the query string. */
export async function parseRouteInput<R extends RouteSpec>(
  spec: R,
  req: Request,
  ctx: NextRouteContext,
): Promise<RouteInput<R>> {
  const params = spec.pathParams ? parseInput(spec.pathParams, decodedPath(await ctx.params)) : undefined;
  const query = spec.query ? parseInput(spec.query, queryObject(new URL(req.url))) : undefined;
  return { params, query } as RouteInput<R>;
}

/**
 * The wrapper without the parsing, for a wrapper that must check something first and parse after
 * (lib/http/dealer-route.ts checks the key before a parameter is looked at).
 */
export function serve(
  spec: RouteSpec,
  handler: (req: Request, ctx: NextRouteContext, meta: RouteContext) => Promise<RouteResult>,
  options: RouteOptions = {},
): RouteHandler {
  let lastStatus: number | undefined;
  const serveRequest = async (req: Request, ctx: NextRouteContext): Promise<Response> => {
    const started = performance.now();
    const arrivedAt = arrivalOf(req.headers) ?? started;
    const requestId = requestIdFrom(req.headers);
    const url = new URL(req.url);
    const path = url.pathname;
    let response: Response;
    let reason: string | undefined;
    let expected = false;
    const responseHeaders = new Headers();
    // A server process's own warm-up request (lib/http/warm-up.ts): nothing outside asked, not counted, not logged.
    const warmUp = isWarmUpRequest(req.headers);
    try {
      if (!warmUp && isRateLimitedPath(path)) {
        const limit = await checkAddressLimit(req, exemptKeyIsValid);
        for (const [name, value] of Object.entries(limit?.headers ?? {})) responseHeaders.set(name, value);
        if (limit?.refusal) throw limit.refusal;
      }
      const work = () => handler(req, ctx, { requestId, arrivedAt, responseHeaders });
      const result = await withinDeadline(
        warmUp ? withOutsideSystemsOff(work) : work(),
        options.deadlineMs ?? requestDeadlineMs(),
        arrivedAt,
      );
      response = toResponse(result, req, spec.cache ?? "none");
      expected = result.kind === "json" && result.expected === true;
    } catch (error) {
      if (error instanceof ApiError) reason = error.reason;
      response = problemResponse(error, requestId, path);
    }
    for (const [name, value] of responseHeaders) response.headers.set(name, value);
    response.headers.set(REQUEST_ID_HEADER, requestId);
    const ms = Math.round((performance.now() - started) * 100) / 100;
    const line = {
      requestId,
      route: spec.operationId,
      method: req.method,
      path,
      status: response.status,
      ms,
      ...(reason ? { reason } : {}),
    };
    if (warmUp) return response;
    if (options.logSuccessChangesOnly) {
      const unchanged = response.status === lastStatus;
      lastStatus = response.status;
      if (unchanged && response.status < 400) return response;
    }
    // By the spec's path template, never the path itself: a VIN or a key never becomes a label.
    observeRequest(spec.path, req.method, response.status, ms / 1000);
    if (response.status >= 500 && !expected) log().warn(line, "request failed");
    else log().info(line, "request");
    return response;
  };
  // With tracing on, the route is a span under Next.js's request span, named by its template (lib/metrics/tracing.ts).
  const traced = (req: Request, ctx: NextRouteContext) =>
    tracingOn()
      ? inSpan(
          `route ${spec.method.toUpperCase()} ${spec.path}`,
          { "http.route": spec.path, "http.request.method": req.method, "vinscope.operation": spec.operationId },
          () => serveRequest(req, ctx),
          (response) => ({ "http.response.status_code": response.status }),
        )
      : serveRequest(req, ctx);
  return Object.assign(traced, { spec });
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
