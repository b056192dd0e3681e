/** The PostgreSQL schema is the SQLite schema with another datasource; both have the same migrations. */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");
const migrationNames = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe("database schemas", () => {
  it("keep the PostgreSQL schema identical to the SQLite one but for the provider", () => {
    const check = () =>
      execFileSync(process.execPath, ["scripts/build/sync-schemas.mjs", "--check"], { cwd: root, encoding: "utf8" });
    expect(check()).toContain("schemas agree");
  });

  it("differ only in the datasource and the generated client's folder", () => {
    const sqlite = read("prisma/schema.prisma").split("\n");
    const postgres = read("prisma/postgres/schema.prisma").split("\n");
    expect(postgres).toHaveLength(sqlite.length);
    const differing = sqlite.filter((line, i) => line !== postgres[i]);
    expect(
      differing.every((l) => /provider = "sqlite"|url\s+=|output\s+=|^\/\/ vinscope database schema/.test(l)),
    ).toBe(true);
  });

  it("have a migration for each database under the same names", () => {
    const sqlite = migrationNames("prisma/migrations");
    expect(sqlite.length).toBeGreaterThan(0);
    expect(migrationNames("prisma/postgres/migrations")).toEqual(sqlite);
  });
});
