/**
 * Next 16's middleware (runs on Node.js). Three jobs, and two guards of pages:
 *  1. an `x-request-id` on every request and response (route handlers log with the same id);
 *  2. CORS on the public API and /api/mcp, including preflight answers;
 *  3. the dealer API's first gate: no `x-api-key` header → 401 problem. Verifying the key itself needs the
 *     database and happens in the dealer key's gate (lib/dealers/gate.ts), so a revocation counts on the next request.
 * And, before all three, the answers Next.js would otherwise give by itself, before any handler of ours runs: an
 * unknown /api path (404) and a method an /api route does not take (405 with Allow), as problem details (a
 * malformed target and TRACE never get here: lib/http/server-gate.ts answers them). The page guards: a
 * form post Next.js could not decode answers 400/413 (lib/http/page-post-guard.ts), and a VIN page counts
 * against the public per-address quota (429 page past it).
 */
import { NextResponse, type NextRequest } from "next/server";
import { CORS_HEADERS, PREFLIGHT_HEADERS, isCorsPath, isDealerPath } from "./lib/http/cors";
import { REQUEST_ID_HEADER, requestIdFrom } from "./lib/http/request-id";
import { API_KEY_HEADER, missingKey } from "./lib/dealers";
import { ApiError, methodNotAllowed, notFound } from "./lib/contract/errors";
import { allowedMethods, apiRouteFor, isApiPath } from "./lib/http/api-routes";
import { problemResponse } from "./lib/http/problem";
import { multipartProblem } from "./lib/http/request-guard";
import { pagePostProblem } from "./lib/http/page-post-guard";
import { checkAddressLimit, rateLimitedPage, requestHost } from "./lib/rate-limit";
import { config as appConfig } from "./lib/config";
import { log } from "./lib/log";
import { PATH_HEADER } from "./lib/http/request-path";
import { compactVinInput, normalizeVin } from "./lib/vin";

/**
 * A form post (server action) from another site. Next.js refuses it too (its CSRF check compares Origin with
 * Host) but by throwing, which answers 500; this answers 403 first, saying why. The site's own hosts: the Host
 * the request came to, X-Forwarded-Host only from a trusted proxy (lib/rate-limit/limits.ts), and PUBLIC_BASE_URL's.
 */
function crossSiteAction(req: NextRequest, path: string): boolean {
  // Every POST to a page is a form action (with JS, a next-action header; without, a multipart form).
  if (req.method !== "POST" || isApiPath(path)) return false;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  try {
    const from = new URL(origin).host;
    return from !== requestHost(req.headers) && from !== publicHost();
  } catch {
    return true;
  }
}

function publicHost(): string | null {
  try {
    return new URL(appConfig().publicBaseUrl).host;
  } catch {
    return null;
  }
}

/** Checks that read the body or a counter: a malformed page post (400/413), a VIN page past the address's quota (429). */
async function slowRefusal(req: NextRequest, path: string): Promise<ApiError | Response | null> {
  if (req.method === "POST" && !isApiPath(path)) return pagePostProblem(req);
  if (isVinPage(req, path)) return vinPageLimit(req, path);
  return null;
}

/**
 * A request for a VIN report page. Next.js hides from proxy.ts whether it is a link prefetch (its flight headers
 * are stripped here), so a prefetch counts too: the one link that gets one is the home page's example.
 */
function isVinPage(req: NextRequest, path: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  return /^\/vin\/[^/]+\/?$/.test(path) && vinNotFoundRewrite(req, path) === null;
}

/**
 * The VIN page counts against the same per-address quota as the public API (RATE_LIMIT_REQUESTS per
 * RATE_LIMIT_WINDOW_SECONDS): one budget for the VIN report however it is asked for, so pages are no way around
 * the API's limit, while a person reading reports never comes near it. Past it: a page for people, status 429.
 */
async function vinPageLimit(req: NextRequest, path: string): Promise<Response | null> {
  // Dealer keys are an API matter: a browser sends none, so no key exempts a page.
  const decision = await checkAddressLimit(req, async () => false);
  if (!decision?.refusal) return null;
  const {
    retryAfterSeconds = 60,
    limit = 0,
    windowSeconds = 0,
  } = decision.refusal.extensions as Record<string, number>;
  return new NextResponse(rateLimitedPage({ path, retryAfterSeconds, limit, windowSeconds }), {
    status: 429,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...decision.refusal.headers },
  });
}

/** Refuses what no route should see; null lets the request through. */
function refusal(req: NextRequest, path: string): ApiError | null {
  const multipart = multipartProblem(req.headers.get("content-type"));
  if (multipart) return multipart;
  if (crossSiteAction(req, path)) {
    return new ApiError(
      403,
      "Forbidden",
      "Cross-site form posts are refused: submit the form from this site's own page.",
      {
        reason: "cross_site_post",
      },
    );
  }
  if (!isApiPath(path)) return null;
  const route = apiRouteFor(path);
  if (!route) return notFound(`No API endpoint at ${path}. The endpoints are listed in /api/public/openapi.json.`);
  const method = req.method === "HEAD" ? "GET" : req.method;
  if (method !== "OPTIONS" && !route.methods.includes(method)) return methodNotAllowed(allowedMethods(route));
  return null;
}

/** Pages get a short plain-text answer; /api/ gets a problem body. Either way one log line with the request id. */
function refuse(error: ApiError, requestId: string, path: string, method: string): Response {
  log().info(
    { requestId, method, path: path.slice(0, 200), status: error.status, reason: error.reason },
    "request refused",
  );
  const response = isApiPath(path)
    ? problemResponse(error, requestId, path.slice(0, 2048))
    : new NextResponse(`${error.status} ${error.title}: ${error.detail}\n`, {
        status: error.status,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...error.headers },
      });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/**
 * /vin/<not a VIN> → an address no route matches, so the root not-found page answers (404) in server-rendered
 * HTML. The VIN page's own notFound() reaches the browser only in the RSC payload, blank without JavaScript
 * (vercel/next.js#98954); the root page reads the original path from PATH_HEADER. A VIN that is well-formed
 * once grouped spaces and hyphens are dropped goes on to the page, which redirects it to the canonical form.
 */
const VIN_NOT_FOUND_PATH = "/__vin-not-found";

function vinNotFoundRewrite(req: NextRequest, path: string): URL | null {
  const match = /^\/vin\/([^/]+)\/?$/.exec(path);
  if (!match || (req.method !== "GET" && req.method !== "HEAD")) return null;
  let typed = match[1];
  try {
    typed = decodeURIComponent(typed);
  } catch {
    /* a malformed escape is refused earlier (requestTargetProblem); keep the raw text regardless */
  }
  if (normalizeVin(compactVinInput(typed)).ok) return null;
  return new URL(VIN_NOT_FOUND_PATH, req.url);
}

export async function proxy(req: NextRequest) {
  const requestId = requestIdFrom(req.headers);
  const path = req.nextUrl.pathname;
  const refused = refusal(req, path) ?? (await slowRefusal(req, path));
  if (refused instanceof Response) {
    log().info(
      { requestId, method: req.method, path: path.slice(0, 200), status: refused.status, reason: "rate_limited" },
      "request refused",
    );
    refused.headers.set(REQUEST_ID_HEADER, requestId);
    return refused;
  }
  if (refused) return refuse(refused, requestId, path, req.method);
  const cors = isCorsPath(path);

  if (cors && req.method === "OPTIONS") {
    return new NextResponse(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, [REQUEST_ID_HEADER]: requestId } });
  }
  if (isDealerPath(path) && !req.headers.get(API_KEY_HEADER)) {
    const response = problemResponse(missingKey(), requestId, path);
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  }

  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  // Not-found pages get no params: this lets the VIN page's not-found answer show what was typed. Always
  // overwritten here, so a client cannot supply its own.
  // The rewrite below passes through here a second time with its target path: keep the path first asked for.
  if (path === VIN_NOT_FOUND_PATH) requestHeaders.set(PATH_HEADER, (req.headers.get(PATH_HEADER) ?? "").slice(0, 512));
  else requestHeaders.set(PATH_HEADER, path.slice(0, 512));
  const rewrite = vinNotFoundRewrite(req, path);
  const response = rewrite
    ? NextResponse.rewrite(rewrite, { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (cors) for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's own static assets.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
