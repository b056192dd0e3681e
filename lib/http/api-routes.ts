/**
 * Every /api path the app serves and the methods each accepts, for the answers Next.js would otherwise give
 * by itself before any of our code runs: an unknown /api path (Next renders the HTML 404 page) and a method a
 * route does not export (Next answers 405 with an empty body and no Allow header). proxy.ts answers both as
 * problem details. Derived from the route specs of lib/api/operations.ts, which the route files are built from
 * (lib/http/api-routes.test.ts checks each route file exports a handler of exactly its specs).
 */
import { ROUTES, type RouteSpec } from "../api/operations";

export interface ApiRoute {
  /** The path template, e.g. `/api/public/vin/{vin}`. */
  path: string;
  pattern: RegExp;
  /** The methods the route file exports (HEAD comes with GET; OPTIONS is answered by proxy.ts or Next). */
  methods: string[];
}

const SEGMENT = "[^/]+";
const pattern = (template: string) =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, SEGMENT).replace(/\./g, "\\.")}/?$`);

/** One entry per /api path, its methods in the order the specs list them. */
export function apiRouteTable(specs: readonly RouteSpec[]): ApiRoute[] {
  const byPath = new Map<string, ApiRoute>();
  for (const spec of specs) {
    if (!isApiPath(spec.path)) continue;
    const entry = byPath.get(spec.path) ?? { path: spec.path, pattern: pattern(spec.path), methods: [] };
    entry.methods.push(spec.method.toUpperCase());
    byPath.set(spec.path, entry);
  }
  return [...byPath.values()];
}

const API_ROUTES: ApiRoute[] = apiRouteTable(ROUTES);

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function apiRouteFor(pathname: string): ApiRoute | undefined {
  // As Next.js routes: a static segment wins over a parameter (/watchlist/vehicles is not the VIN "vehicles").
  const params = (r: ApiRoute) => r.path.split("{").length;
  let best: ApiRoute | undefined;
  for (const r of API_ROUTES) if (r.pattern.test(pathname) && (!best || params(r) < params(best))) best = r;
  return best;
}

/** What the `Allow` header lists for a route: its methods, HEAD with GET, and OPTIONS. */
export function allowedMethods(route: ApiRoute): string[] {
  const out = [...route.methods];
  if (out.includes("GET")) out.splice(out.indexOf("GET") + 1, 0, "HEAD");
  out.push("OPTIONS");
  return out;
}
