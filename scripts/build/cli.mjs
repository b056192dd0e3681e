#!/usr/bin/env node
// `npm start`'s launcher: runs the vinscope CLI (cli/index.ts) compiled to plain JavaScript in this very process
// (scripts/build/compile-cli.mjs), with no tsx in between. When a source it was built from is newer than the
// bundle (a pull, an edit) it is compiled again first, in a child process, so esbuild is not kept in memory here.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const outDir = path.join(root, "node_modules", ".cache", "vinscope", "cli");

function bundleIsCurrent() {
  const manifest = path.join(outDir, "inputs.json");
  if (!existsSync(manifest) || !existsSync(path.join(outDir, "index.cjs"))) return false;
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(manifest, "utf8"));
    // A changed package.json or lockfile may mean other packages: compile again too.
    return [...inputs, "package.json", "package-lock.json", "scripts/build/compile-cli.mjs"].every(
      (file) => !existsSync(path.join(root, file)) || statSync(path.join(root, file)).mtimeMs <= builtAt,
    );
  } catch {
    return false;
  }
}

if (!bundleIsCurrent()) {
  execFileSync(process.execPath, [path.join(here, "compile-cli.mjs")], { cwd: root, stdio: "inherit" });
}
// The launcher (cli/commands/start.ts) runs the job runner and the migrations from the same folder.
process.env.VINSCOPE_CLI_BUNDLE = outDir;
createRequire(import.meta.url)(path.join(outDir, "index.cjs"));
