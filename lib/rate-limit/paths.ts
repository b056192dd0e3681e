/**
 * The paths limited per client address: the public API and /api/mcp. lib/http/route.ts checks them
 * on every request; lib/openapi/openapi.ts documents 429 and the rate-limit headers on the operations under them.
 */
const LIMITED_PREFIXES = ["/api/public", "/api/recalls", "/api/vin-insights", "/api/market-data", "/api/mcp"];

export function isRateLimitedPath(path: string): boolean {
  return LIMITED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
