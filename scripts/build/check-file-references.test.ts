/** The lint step that finds comments and documents naming files that do not exist (check-file-references.mjs). */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const script = path.join(__dirname, "check-file-references.mjs");
const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: "utf8" });

test("names each reference to a missing file with its place, and passes once the file exists", () => {
  const root = mkdtempSync(path.join(tmpdir(), "vinscope-refs-"));
  try {
    mkdirSync(path.join(root, "lib/report"), { recursive: true });
    mkdirSync(path.join(root, "lib/recalls"), { recursive: true });
    writeFileSync(
      path.join(root, "lib/report/vehicle-feed.ts"),
      "// The same answer as lib/recalls/by-vehicle.ts gives.\n// Tests: tests/recalls-*.test.ts; see #/components/schemas.\n",
    );
    const before = check(root);
    expect(before.status).toBe(1);
    // The glob and the OpenAPI pointer on line 2 are not references.
    expect(before.stderr.trim().split("\n")).toEqual([
      "These files name paths that do not exist:",
      "  lib/report/vehicle-feed.ts:1: lib/recalls/by-vehicle.ts",
    ]);
    writeFileSync(path.join(root, "lib/recalls/by-vehicle.ts"), "export {};\n");
    expect(check(root).status).toBe(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
