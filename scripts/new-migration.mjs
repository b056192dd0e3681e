#!/usr/bin/env node
// Authors a migration for both databases from the change in prisma/schema.prisma:
//   npm run db:migration -- <name>
// (`prisma migrate dev` cannot run offline with Prisma 6's JS engine; `migrate diff` can.)
// The PostgreSQL diff replays the existing migrations into a throwaway shadow database: set
// SHADOW_DATABASE_URL to an empty PostgreSQL database you can drop tables in.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name_in_snake_case>");
  process.exit(2);
}
const shadow = process.env.SHADOW_DATABASE_URL;
if (!shadow) {
  console.error("SHADOW_DATABASE_URL must name an empty PostgreSQL database (used to replay migrations).");
  process.exit(2);
}
execFileSync(process.execPath, [path.join(root, "scripts/sync-schemas.mjs")], { stdio: "inherit" });

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const prisma = path.join(root, "node_modules/.bin/prisma");

function diff(dir, schema, env, extra = []) {
  const migrations = path.join(root, dir);
  const hasMigrations = readdirSync(migrations, { withFileTypes: true }).some((d) => d.isDirectory());
  const from = hasMigrations ? ["--from-migrations", migrations, ...extra] : ["--from-empty"];
  return execFileSync(prisma, ["migrate", "diff", ...from, "--to-schema-datamodel", schema, "--script"], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

const targets = [
  { dir: "prisma/migrations", schema: "prisma/schema.prisma", env: { DATABASE_URL: "" }, extra: [] },
  {
    dir: "prisma/postgres/migrations",
    schema: "prisma/postgres/schema.prisma",
    env: { DATABASE_URL: shadow },
    extra: ["--shadow-database-url", shadow],
  },
];
for (const t of targets) {
  mkdirSync(path.join(root, t.dir), { recursive: true });
  const sql = diff(t.dir, t.schema, t.env, t.extra);
  if (!/CREATE|ALTER|DROP/i.test(sql)) {
    console.log(`${t.dir}: no change`);
    continue;
  }
  const folder = path.join(root, t.dir, `${stamp}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "migration.sql"), sql);
  console.log(`${path.relative(root, folder)}/migration.sql written`);
}
