/**
 * Entry point of the `vinscope` command (bin/vinscope.mjs runs it with tsx; the `npm run` aliases call it
 * directly: `tsx cli/index.ts <command>`). See cli/program.ts.
 */
import { runAsTool } from "../lib/db/process-kind";
import { runCli } from "./program";

// A command's PostgreSQL pool is small: one import or sync at a time (lib/db/index.ts).
runAsTool();

void runCli(process.argv).then((code) => {
  if (code !== 0) process.exitCode = code;
});
