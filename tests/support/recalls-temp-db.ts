/**
 * A fresh, migrated SQLite database in a temp folder for in-process tests of lib/recalls (the integration
 * suite gets its databases from tests/support/app.ts instead). Sets DATABASE_URL and resets the config memo.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetConfigForTests } from "../../lib/config";
import { disconnectDb } from "../../lib/db";

export function createTempDb(): { url: string; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-recalls-test-"));
  const url = `file:${path.join(dir, "test.db")}`;
  execFileSync(path.join(process.cwd(), "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  process.env.DATABASE_URL = url;
  resetConfigForTests();
  return {
    url,
    cleanup: async () => {
      await disconnectDb();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
