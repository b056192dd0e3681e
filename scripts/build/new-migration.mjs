#!/usr/bin/env node
// Authors a migration for both databases from the change in prisma/schema.prisma:
//   npm run db:migration -- <name>
// (`prisma migrate dev` cannot run offline with Prisma 6's JS engine; `migrate diff` can.)
// The diff runs from the schema as last committed (`git show HEAD:…`) to the working copy, so no database is
// needed: Prisma refuses a shadow database when prisma.config.ts defines an adapter, and replaying SQLite
// migrations (`--from-migrations`) fails on multi-statement files (P3006). Commit the previous migration
// before authoring the next.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name_in_snake_case>");
  process.exit(2);
}
execFileSync(process.execPath, [path.join(root, "scripts/build/sync-schemas.mjs")], { stdio: "inherit" });

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const prisma = path.join(root, "node_modules/.bin/prisma");

function hasMigrations(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).some((d) => d.isDirectory());
}

/** A schema file as last committed, written to a temporary file. */
function committedSchema(schema) {
  const text = execFileSync("git", ["show", `HEAD:${schema}`], { cwd: root, encoding: "utf8" });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "vinscope-schema-")), "schema.prisma");
  writeFileSync(file, text);
  return file;
}

function diff(t) {
  const from = hasMigrations(t.dir) ? ["--from-schema-datamodel", committedSchema(t.schema)] : ["--from-empty"];
  return execFileSync(prisma, ["migrate", "diff", ...from, "--to-schema-datamodel", t.schema, "--script"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
    encoding: "utf8",
  });
}

const targets = [
  { provider: "sqlite", dir: "prisma/migrations", schema: "prisma/schema.prisma", databaseUrl: "" },
  {
    provider: "postgresql",
    dir: "prisma/postgres/migrations",
    schema: "prisma/postgres/schema.prisma",
    databaseUrl: "postgresql://ignored@localhost/ignored",
  },
];
for (const t of targets) {
  mkdirSync(path.join(root, t.dir), { recursive: true });
  const sql = diff(t);
  if (!/CREATE|ALTER|DROP/i.test(sql)) {
    console.log(`${t.dir}: no change`);
    continue;
  }
  const folder = path.join(root, t.dir, `${stamp}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "migration.sql"), sql);
  console.log(`${path.relative(root, folder)}/migration.sql written`);
}
