/**
 * The vinscope CLI and its job runner in a child process, as `npm start` and the package bins run them: through
 * the one launcher (scripts/build/cli.mjs), compiled to plain JavaScript (a command starts in about 0.8 s; through
 * tsx it took 1.9 s, and the integration suites run some sixty).
 */
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/** `[file, args]` of `vinscope <args>`, for execFile / spawn. */
export function vinscopeCommand(...args: string[]): [string, string[]] {
  return [process.execPath, [path.join(root, "scripts/build/cli.mjs"), ...args]];
}

/**
 * `[file, args]` of the job runner (cli/server/job-runner.ts) as the launcher compiled it; current once any
 * command has run through the launcher (tests/support/global-setup.ts runs one first).
 */
export function jobRunnerCommand(): [string, string[]] {
  return [process.execPath, [path.join(root, "node_modules/.cache/vinscope/cli/job-runner.cjs")]];
}
