/**
 * Next 16's middleware (runs on Node.js). Three jobs, nothing else:
 *  1. an `x-request-id` on every request and response (route handlers log with the same id);
 *  2. CORS on the public API and /api/mcp, including preflight answers;
 *  3. the dealer API's first gate: no `x-api-key` header → 401 problem. Verifying the key itself needs the
 *     database and happens in the dealer route wrapper (lib/dealers), so a revocation counts on the next request.
 */
import { NextResponse, type NextRequest } from "next/server";
import { CORS_HEADERS, PREFLIGHT_HEADERS, isCorsPath, isDealerPath } from "./lib/http/cors";
import { REQUEST_ID_HEADER, requestIdFrom } from "./lib/http/request-id";
import { missingKeyProblem } from "./lib/http/dealer-gate";

export function proxy(req: NextRequest) {
  const requestId = requestIdFrom(req.headers);
  const path = req.nextUrl.pathname;
  const cors = isCorsPath(path);

  if (cors && req.method === "OPTIONS") {
    return new NextResponse(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, [REQUEST_ID_HEADER]: requestId } });
  }
  if (isDealerPath(path) && !req.headers.get("x-api-key")) {
    const response = missingKeyProblem(requestId, path);
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  }

  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (cors) for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's own static assets.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
