// The API reference renderer's assets (swagger-ui-dist), served by the app itself: the docs page loads nothing
// from another host. Only the two files the page uses are served.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { notFound } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { raw, route } from "@/lib/http/route";

// A Map, not an object literal: a lookup by name must never find `constructor`, `__proto__` or `toString`.
const ASSETS = new Map<string, string>([
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
  ["swagger-ui.css", "text/css; charset=utf-8"],
]);

// Read once per process; the files only change with the package version (which the page puts in the URL).
const loaded = new Map<string, Buffer>();

export const GET = route(UNDOCUMENTED_ROUTES.docsAsset, async (_req, { params }) => {
  const { file } = params;
  const type = ASSETS.get(file);
  if (!type) throw notFound(`No docs asset ${file.slice(0, 100)}.`);
  let body = loaded.get(file);
  if (!body) {
    body = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
    loaded.set(file, body);
  }
  return raw(new Uint8Array(body), {
    "content-type": type,
    "cache-control": "public, max-age=604800, immutable",
  });
});
