/**
 * Lints the OpenAPI document this code generates (the one /api/public/openapi.json serves) with Redocly's
 * recommended rules (redocly.yaml), without a running server: the document is written to a temporary file
 * and `redocly lint` reads it. Part of `npm run lint`; exits with Redocly's status.
 *
 *   npm run lint:openapi
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "../../lib/openapi";
import { config } from "../../lib/config";

const root = path.resolve(__dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-openapi-lint-"));
try {
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(buildOpenApiDocument({ baseUrl: config().publicBaseUrl })));
  const redocly = path.join(root, "node_modules/.bin/redocly");
  const result = spawnSync(
    redocly,
    ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "stylish"],
    {
      stdio: "inherit",
      // No update check over the network on every lint.
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
