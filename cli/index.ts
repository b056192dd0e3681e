/**
 * Entry point of the `vinscope` command (bin/vinscope.mjs runs it with tsx; the `npm run` aliases call it
 * directly: `tsx cli/index.ts <command>`). See cli/program.ts.
 */
import { runCli } from "./program";

void runCli(process.argv).then((code) => {
  if (code !== 0) process.exitCode = code;
});
