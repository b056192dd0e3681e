/**
 * Runs once before the integration tests: checks that the app is built and migrates a template SQLite
 * database that every test app copies (one `prisma migrate deploy` instead of one per app).
 */
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase } from "./test-database";

export default async function globalSetup() {
  const root = path.resolve(__dirname, "../..");
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(`No build in ${distDir}/: run \`npm run build\` first (\`npm test\` does it for you).`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-template-"));
  const file = path.join(dir, "template.db");
  migrateDatabase(`file:${file}`);
  process.env.VINSCOPE_TEMPLATE_DB = file;
}
