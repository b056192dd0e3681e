import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { OPERATIONS, ROUTES, type RouteSpec } from "../api/operations";
import { allowedMethods, apiRouteFor, apiRouteTable } from "./api-routes";
import type { RouteHandler } from "./route";

const APP_DIR = path.join(__dirname, "../../app");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Every route.ts under app/, as its path template (`[vin]` → `{vin}`). */
function routeFiles(dir = APP_DIR, prefix = ""): { template: string; file: string }[] {
  const out: { template: string; file: string }[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full, `${prefix}/${entry.replace(/^\[(.*)\]$/, "{$1}")}`));
    else if (entry === "route.ts") out.push({ template: prefix, file: full });
  }
  return out;
}

const specKey = (spec: Pick<RouteSpec, "method" | "path">) => `${spec.method.toUpperCase()} ${spec.path}`;

describe("the route files", () => {
  // Importing every route module loads most of the app (vPIC tables stay lazy); give it time on a busy machine.
  jest.setTimeout(60_000);

  // Every /api route goes through route(); a page-side helper outside /api may be a plain handler (app/vin/route.ts).
  test("each exports a handler for exactly its specs, built from that spec; every spec has one", async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThanOrEqual(16);
    const served: string[] = [];
    for (const { template, file } of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS.filter((m) => typeof mod[m] === "function")) {
        const handler = mod[method] as RouteHandler;
        const at = `${method} ${template}`;
        if (!template.startsWith("/api/") && !handler.spec) continue;
        // The handler logs, caches and parses by this spec: it must be the one for this file and method.
        expect({ at, spec: handler.spec && specKey(handler.spec) }).toEqual({ at, spec: at });
        served.push(at);
      }
    }
    expect(served.sort()).toEqual(ROUTES.map(specKey).sort());
  });
});

describe("API_ROUTES", () => {
  test("is every /api route spec, grouped by path", () => {
    const apiSpecs = ROUTES.filter((spec) => spec.path.startsWith("/api/"));
    for (const spec of apiSpecs) {
      const sample = spec.path.replace(/\{\w+\}/g, "x");
      expect({ sample, methods: apiRouteFor(sample)?.methods }).toEqual({
        sample,
        methods: expect.arrayContaining([spec.method.toUpperCase()]),
      });
    }
    expect(apiRouteFor("/api/mcp")?.methods).toEqual(["POST", "GET", "DELETE"]);
    expect(apiRouteFor("/llms.txt")).toBeUndefined();
  });

  test("every documented operation is routed", () => {
    for (const op of OPERATIONS)
      expect(apiRouteFor(op.path.replace(/\{\w+\}/g, "x"))?.methods).toContain(op.method.toUpperCase());
  });

  test("knows no path that has no route file", () => {
    expect(apiRouteFor("/api/nothing")).toBeUndefined();
    expect(apiRouteFor("/api/public/vin/a/b")).toBeUndefined();
    expect(apiRouteFor("/api/public/vin")).toBeUndefined();
    expect(apiRouteFor("/api/public/openapiXjson")).toBeUndefined();
  });

  test("a path template matches one segment per parameter, with or without a trailing slash", () => {
    const [table] = apiRouteTable([{ operationId: "t", method: "get", path: "/api/a/{b}/c" }]);
    expect(table.pattern.test("/api/a/1/c")).toBe(true);
    expect(table.pattern.test("/api/a/1/c/")).toBe(true);
    expect(table.pattern.test("/api/a/1/2/c")).toBe(false);
  });

  test("Allow lists HEAD with GET, and OPTIONS", () => {
    expect(allowedMethods(apiRouteFor("/api/recalls")!)).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods(apiRouteFor("/api/dealer/v1/provision")!)).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods(apiRouteFor("/api/mcp")!)).toEqual(["POST", "GET", "HEAD", "DELETE", "OPTIONS"]);
  });
});
