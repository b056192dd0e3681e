#!/usr/bin/env node
// Part of `npm run lint`: every path of the repository that a comment, a document or a script names
// (`lib/recalls/store.ts`, `tests/fixtures/vin/real-vins.json`, `docs/…`) exists. A file moved or removed
// leaves comments that send the reader to nothing; this check names each one.
//
// A reference is a path under one of the repository's top folders, as written in any text file of the
// repository. Not references: OpenAPI pointers and sections (`components/schemas`), globs (`tests/mcp-*.test.ts`),
// package imports that share a folder's name (`prisma/config`), and the upstream paths a fixture's
// SOURCES.md cites from the project it was taken from.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The repository, or the folder given (the script's own test checks a folder it makes).
const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
const SKIPPED_DIRS = new Set([
  ".git",
  "node_modules",
  "generated",
  "data",
  "coverage",
  "test-results",
  "playwright-report",
]);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|yml|yaml|css|json)$/;
const SKIPPED_FILES = new Set(["package-lock.json", "SOURCES.md"]);
const TOP = ["lib", "app", "cli", "components", "tests", "scripts", "e2e", "prisma", "docs", "ops", "public", "bin"];
const REFERENCE = new RegExp(`(?<![\\w/.@#$-])((?:${TOP.join("|")})/[\\w.\\[\\]/-]*[\\w\\]])`, "g");
const NOT_FILES = new Set(["prisma/config", "components/schemas", "components/responses"]);

function* textFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith(".next")) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* textFiles(file);
    else if ((TEXT.test(name) || dir.endsWith(".ci")) && !SKIPPED_FILES.has(name)) yield file;
  }
}

const missing = [];
for (const file of textFiles(root)) {
  const text = readFileSync(file, "utf8");
  for (const match of text.matchAll(REFERENCE)) {
    const reference = match[1];
    const rest = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    if (/^[\w.[\]/-]*[*{]/.test(rest) || NOT_FILES.has(reference)) continue;
    if (existsSync(path.join(root, reference))) continue;
    const line = text.slice(0, match.index).split("\n").length;
    missing.push(`${path.relative(root, file)}:${line}: ${reference}`);
  }
}
if (missing.length > 0) {
  console.error(`These files name paths that do not exist:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  process.exit(1);
}
