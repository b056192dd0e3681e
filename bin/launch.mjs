// Runs the vinscope CLI for the package bins (bin/vinscope.mjs, bin/vinscope-mcp.mjs) in this process, through
// the one launcher every way of running it shares (scripts/build/cli.mjs: compiled, in the package directory).
import path from "node:path";
import { fileURLToPath } from "node:url";

export async function launch(args) {
  const launcher = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../scripts/build/cli.mjs");
  // The CLI reads its command from process.argv, as if it had been started as `node scripts/build/cli.mjs <args>`.
  process.argv = [process.argv[0], launcher, ...args];
  await import(launcher);
}
