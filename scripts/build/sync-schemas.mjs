#!/usr/bin/env node
// Writes prisma/postgres/schema.prisma from prisma/schema.prisma: same models, PostgreSQL datasource,
// its own generated client. Run after every model change (`npm run db:schema`).
// `--check` writes nothing and exits 1 when the PostgreSQL schema has drifted (used by the tests).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export function toPostgres(source) {
  return source
    .replace('output     = "../lib/generated/sqlite"', 'output     = "../../lib/generated/postgres"')
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('url      = "file:./ignored.db"', 'url      = "postgresql://ignored@localhost/ignored"')
    .replace(
      "// vinscope database schema: SQLite, the embedded default.",
      "// vinscope database schema: PostgreSQL. GENERATED from prisma/schema.prisma by `npm run db:schema`; do not edit.",
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  const target = path.join(root, "prisma/postgres/schema.prisma");
  if (process.argv.includes("--check")) {
    const same = readFileSync(target, "utf8") === toPostgres(source);
    console.log(
      same ? "schemas agree" : "prisma/postgres/schema.prisma differs from prisma/schema.prisma: run npm run db:schema",
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(target, toPostgres(source));
  console.log("prisma/postgres/schema.prisma written");
}
