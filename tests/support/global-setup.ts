/**
 * Runs once before the integration tests: checks that the app is built, and runs the CLI's launcher once so its
 * compiled bundle (with the job runner the suites start) is current. (Each test app's database is a copy of a
 * SQLite template migrated once per set of migrations: tests/support/test-database.ts.)
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { vinscopeCommand } from "./vinscope-cli";

export default async function globalSetup() {
  const root = path.resolve(__dirname, "../..");
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`No build in ${distDir}/: run \`npm run build\` first (\`npm test\` does it for you).`);
  }
  execFileSync(...vinscopeCommand("--version"), { cwd: root, stdio: "ignore" });
}
