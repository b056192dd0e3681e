/** Which paths are open to every origin (the public API and /api/mcp), and the headers that say so. */
const CORS_PREFIXES = [
  "/api/public/",
  "/api/recalls",
  "/api/vin-insights/",
  "/api/market-data",
  "/api/mcp",
  // Discovery documents, so a browser-based client can find the API too.
  "/.well-known/api-catalog",
  "/llms.txt",
];

export function isCorsPath(path: string): boolean {
  return CORS_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix));
}

export function isDealerPath(path: string): boolean {
  return path === "/api/dealer" || path.startsWith("/api/dealer/");
}

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  // Browser clients may read the rate-limit fields and Retry-After (not CORS-safelisted).
  "Access-Control-Expose-Headers": "ETag, x-request-id, Mcp-Session-Id, RateLimit, RateLimit-Policy, Retry-After",
};

export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
  "Access-Control-Allow-Headers":
    "Content-Type, Accept, If-None-Match, x-request-id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
  "Access-Control-Max-Age": "86400",
  Vary: "Origin",
};
