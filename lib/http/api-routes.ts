/**
 * Every /api path the app serves and the methods each accepts, for the answers Next.js would otherwise give
 * by itself before any of our code runs: an unknown /api path (Next renders the HTML 404 page) and a method a
 * route does not export (Next answers 405 with an empty body and no Allow header). proxy.ts answers both as
 * problem details. lib/http/api-routes.test.ts checks this table against the route files under app/api.
 */
export interface ApiRoute {
  pattern: RegExp;
  /** The methods the route file exports (HEAD comes with GET; OPTIONS is answered by proxy.ts or Next). */
  methods: string[];
}

const SEGMENT = "[^/]+";
const path = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, SEGMENT).replace(/\./g, "\\.")}/?$`);

export const API_ROUTES: ApiRoute[] = [
  { pattern: path("/api/public/vin/{vin}"), methods: ["GET"] },
  { pattern: path("/api/public/vins"), methods: ["GET"] },
  { pattern: path("/api/public/pricing/{make}/{model}/{year}"), methods: ["GET"] },
  { pattern: path("/api/public/pricing/{make}/{model}/{year}/{state}"), methods: ["GET"] },
  { pattern: path("/api/public/openapi.json"), methods: ["GET"] },
  { pattern: path("/api/public/safety-ratings/{year}/{make}/{model}"), methods: ["GET"] },
  { pattern: path("/api/public/complaints/{year}/{make}/{model}"), methods: ["GET"] },
  { pattern: path("/api/public/fuel-economy/{year}/{make}/{model}"), methods: ["GET"] },
  { pattern: path("/api/market-data"), methods: ["GET"] },
  { pattern: path("/api/recalls"), methods: ["GET"] },
  { pattern: path("/api/vin-insights/{year}/{make}/{model}"), methods: ["GET"] },
  { pattern: path("/api/dealer/v1/window-sticker"), methods: ["GET"] },
  { pattern: path("/api/dealer/v1/provision"), methods: ["POST"] },
  { pattern: path("/api/mcp"), methods: ["POST", "GET", "DELETE"] },
  { pattern: path("/api/health"), methods: ["GET"] },
  { pattern: path("/api/webhooks/stripe"), methods: ["POST"] },
];

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function apiRouteFor(pathname: string): ApiRoute | undefined {
  return API_ROUTES.find((r) => r.pattern.test(pathname));
}

/** What the `Allow` header lists for a route: its methods, HEAD with GET, and OPTIONS. */
export function allowedMethods(route: ApiRoute): string[] {
  const out = [...route.methods];
  if (out.includes("GET")) out.splice(out.indexOf("GET") + 1, 0, "HEAD");
  out.push("OPTIONS");
  return out;
}
