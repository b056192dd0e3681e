// Runs the vinscope CLI (cli/index.ts) with the tsx of this package's own node_modules, for the package bins
// (bin/vinscope.mjs, bin/vinscope-mcp.mjs). The CLI runs in the package directory, where its data folder,
// database and prisma config live: relative paths in DATA_DIR, DATABASE_URL=file:… or VPIC_DB_PATH are resolved
// against the package directory, while file arguments (`vinscope import deals ./deals.csv`) are resolved against
// the directory the command was run from (passed on as VINSCOPE_CALLER_CWD).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function launch(args, name = "vinscope") {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const require = createRequire(path.join(root, "package.json"));
  let tsxCli;
  try {
    tsxCli = require.resolve("tsx/cli");
  } catch {
    process.stderr.write(`[${name}] tsx is not installed in ${root}: run npm install there first.\n`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [tsxCli, path.join(root, "cli", "index.ts"), ...args], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      VINSCOPE_CALLER_CWD: process.env.VINSCOPE_CALLER_CWD || process.cwd(),
    },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
