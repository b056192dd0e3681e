/**
 * Entry point of the `vinscope` command, run compiled by its one launcher (scripts/build/cli.mjs) for `npm start`,
 * the package bins and the `npm run` aliases. See cli/program.ts.
 */
import { runAsTool } from "../lib/db/process-kind";
import { runCli } from "./program";

// A command's PostgreSQL pool is small: one import or sync at a time (lib/db/index.ts).
runAsTool();

void runCli(process.argv).then((code) => {
  if (code !== 0) process.exitCode = code;
});
