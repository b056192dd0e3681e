#!/usr/bin/env node
// The one launcher of the vinscope CLI (cli/index.ts), for every way it is run: `npm start`, the package bins
// (bin/vinscope.mjs, bin/vinscope-mcp.mjs), the `npm run` aliases and the tests. It runs the CLI compiled to plain
// JavaScript (scripts/build/compile-cli.mjs) in this very process, with no tsx in between: a command starts in
// about 0.8 s instead of 1.9 s, and `npm start` keeps no tsx or esbuild in memory. When a source it was built
// from is newer than the bundle (a pull, an edit) it is compiled again first, in a child process, so esbuild is not
// kept in memory here; that child writes nothing to standard output, which `vinscope mcp` speaks MCP on.
//
// The CLI runs in the package directory, where its data folder, database and prisma config live: relative paths
// in DATA_DIR, DATABASE_URL=file:… or VPIC_DB_PATH are resolved against it, while file arguments
// (`vinscope import deals ./deals.csv`) are resolved against the directory the command was run from (passed on as
// VINSCOPE_CALLER_CWD).
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
  try {
    execFileSync(process.execPath, [path.join(here, "compile-cli.mjs")], {
      cwd: root,
      stdio: ["ignore", process.stderr, process.stderr],
    });
  } catch {
    process.stderr.write(`[vinscope] could not compile the CLI (above): run npm install in ${root} first.\n`);
    process.exit(1);
  }
}
process.env.VINSCOPE_CALLER_CWD ||= process.cwd();
process.env.NEXT_TELEMETRY_DISABLED ||= "1";
process.chdir(root);
// The launcher (cli/commands/start.ts) runs the job runner and the migrations from the same folder.
process.env.VINSCOPE_CLI_BUNDLE = outDir;
createRequire(import.meta.url)(path.join(outDir, "index.cjs"));
