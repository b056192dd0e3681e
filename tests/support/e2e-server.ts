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
import http from "node:http";
import { startSmtpCatcher } from "./smtp-catcher";
import { vinscopeCommand } from "./vinscope-cli";

async function main() {
  const root = path.resolve(__dirname, "../..");
  const port = Number(process.env.E2E_PORT ?? 3999);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-e2e-"));
  const fakes = await startE2eFakes();
  // The dealer sign-in mail: caught on loopback; the specs read it from a small mailbox on E2E_PORT + 1.
  const smtp = await startSmtpCatcher();
  const mailbox = http.createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://mailbox").searchParams.get("to");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(smtp.mails.filter((m) => !to || m.to.includes(to))));
  });
  mailbox.listen(port + 1, "127.0.0.1");
  const env = {
    ...process.env,
    ...baseTestEnv(port, `file:${path.join(dir, "e2e.db")}`),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    ...fakes.env,
    SMTP_URL: smtp.url,
  };
  execFileSync(...vinscopeCommand("db", "migrate"), {
    cwd: root,
    env,
    stdio: "inherit",
  });
  const server = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: root,
      env,
      stdio: "inherit",
    },
  );
  const stop = () => {
    server.kill("SIGTERM");
    void fakes.close();
    void smtp.close();
    mailbox.close();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
