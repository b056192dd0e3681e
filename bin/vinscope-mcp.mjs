#!/usr/bin/env node
// vinscope's MCP server over stdio (scripts/mcp.ts), run with the tsx of this package's own node_modules.
// It runs in the package directory, where its data folder, database and prisma config live; relative paths in
// DATA_DIR, DATABASE_URL=file:… or VPIC_DB_PATH are therefore resolved against the package directory.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));

let tsxCli;
try {
  tsxCli = require.resolve("tsx/cli");
} catch {
  process.stderr.write(`[vinscope-mcp] tsx is not installed in ${root}: run npm install there first.\n`);
  process.exit(1);
}

const child = spawn(process.execPath, [tsxCli, path.join(root, "scripts", "mcp.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
