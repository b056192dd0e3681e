import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { allowedMethods, apiRouteFor } from "./api-routes";

const API_DIR = path.join(__dirname, "../../app/api");

/** Every app/api route file, as a sample path (each [param] → "x") and the methods it exports. */
function routeFiles(dir = API_DIR, prefix = "/api"): { sample: string; methods: string[] }[] {
  const out: { sample: string; methods: string[] }[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full, `${prefix}/${entry.replace(/^\[.*\]$/, "x")}`));
    else if (entry === "route.ts") {
      const source = readFileSync(full, "utf8");
      const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
      out.push({ sample: prefix, methods });
    }
  }
  return out;
}

describe("API_ROUTES", () => {
  test("lists every route under app/api with exactly the methods its file exports", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const route = apiRouteFor(file.sample);
      expect({ path: file.sample, methods: route?.methods.slice().sort() }).toEqual({ path: file.sample, methods: file.methods.sort() });
    }
  });

  test("knows no path that has no route file", () => {
    expect(apiRouteFor("/api/nothing")).toBeUndefined();
    expect(apiRouteFor("/api/public/vin/a/b")).toBeUndefined();
    expect(apiRouteFor("/api/public/vin")).toBeUndefined();
  });

  test("Allow lists HEAD with GET, and OPTIONS", () => {
    expect(allowedMethods(apiRouteFor("/api/recalls")!)).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods(apiRouteFor("/api/dealer/v1/provision")!)).toEqual(["POST", "OPTIONS"]);
  });
});
