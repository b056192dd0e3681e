#!/usr/bin/env node
// Runs after `npm install`: generates both Prisma clients and unpacks the bundled vPIC database, so that
// `npm start` and `npm test` find everything in place. Each step is idempotent.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { outDir } from "./compile-cli.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (cmd, args) =>
  execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });

if (!existsSync(bin("prisma"))) {
  // `npm install --omit=dev` or a partial install: nothing to prepare with.
  console.warn("[vinscope] prisma CLI not installed; skipping client generation");
  process.exit(0);
}
run(bin("prisma"), ["generate", "--schema", "prisma/schema.prisma"]);
run(bin("prisma"), ["generate", "--schema", "prisma/postgres/schema.prisma"]);
// `npm start`'s launcher, job runner and data check run compiled to plain JavaScript (scripts/build/compile-cli.mjs).
run(process.execPath, ["scripts/build/compile-cli.mjs"]);
run(process.execPath, [path.join(outDir, "prepare-data.cjs")]);
