/**
 * The app as the Playwright suite sees it: the built app on E2E_PORT with a fresh SQLite database holding the
 * demo data, and loopback fakes standing in for every outside system. Started by playwright.config.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { baseTestEnv } from "./app";
import { startE2eFakes } from "./e2e-fakes";

async function main() {
  const root = path.resolve(__dirname, "../..");
  const port = Number(process.env.E2E_PORT ?? 3999);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-e2e-"));
  const fakes = await startE2eFakes();
  const env = {
    ...process.env,
    ...baseTestEnv(port, `file:${path.join(dir, "e2e.db")}`),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    ...fakes.env,
  };
  execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/prepare-db.ts"], { cwd: root, env, stdio: "inherit" });
  const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  const stop = () => {
    server.kill("SIGTERM");
    void fakes.close();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
