/**
 * The `vinscope` command: one entry point for the operator (start the service, the MCP stdio server, decode
 * VINs, import data, run the syncs, administer dealer keys and accounts, migrate the database).
 *
 * Exit codes: 0 done, 1 the work failed, 2 a usage error (unknown command or option, missing or bad argument,
 * invalid configuration). Each command module registers itself and loads the heavy parts of lib/ only when it
 * runs, so `--help` stays fast.
 */
import { Command, CommanderError, type OutputConfiguration } from "commander";
import pkg from "../package.json";
import { registerAccounts } from "./commands/accounts";
import { registerDb } from "./commands/db";
import { registerImport } from "./commands/import";
import { registerKeys } from "./commands/keys";
import { registerMcp } from "./commands/mcp";
import { registerStart } from "./commands/start";
import { registerSync } from "./commands/sync";
import { registerVin } from "./commands/vin";
import { databaseFault, FAULT_DETAIL } from "../lib/db/faults";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from "./output";
import { examples } from "./help";

/** `output` replaces where help and errors are written (stdout / stderr), for tests that run it in-process. */
export function createProgram(output: OutputConfiguration = {}): Command {
  const program = new Command("vinscope")
    .description("Self-hostable vehicle data service: VIN decoding, pricing, recalls, dealer stickers, MCP.")
    .version(pkg.version, "-v, --version")
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ outputError: (message, write) => write(message), ...output });
  examples(program, [
    "vinscope start                      serve on PORT (default 3000), building and migrating first",
    "vinscope vin decode 1HGCV1F34LA012345",
    "vinscope import deals deals.csv",
    "vinscope sync status --json",
    "vinscope keys create --name 'Lone Star Ford' --email fleet@lonestar.example",
    "vinscope <command> --help           every command's options and examples",
  ]);
  for (const register of [
    registerStart,
    registerMcp,
    registerVin,
    registerImport,
    registerSync,
    registerKeys,
    registerAccounts,
    registerDb,
  ]) {
    register(program);
  }
  // After a usage error, one line saying where the right usage is.
  const hint = (command: Command) => {
    command.showHelpAfterError(`(see ${commandPath(command)} --help)`);
    command.commands.forEach(hint);
  };
  hint(program);
  return program;
}

/**
 * Parses `argv` and runs the command. Resolves to the exit code of a usage error (2) or an error thrown by the
 * command (1), else 0; a command that fails in an expected way sets process.exitCode itself, and long-running
 * commands (start, mcp) keep the process alive after this resolves.
 */
export async function runCli(argv: string[], output: OutputConfiguration = {}): Promise<number> {
  const program = createProgram(output);
  const writeErr = output.writeErr ?? ((text: string) => process.stderr.write(text));
  let active: Command = program;
  program.hook("preAction", (_root, command) => {
    active = command;
  });
  try {
    await program.parseAsync(argv);
    return EXIT_OK;
  } catch (error) {
    return await exitCodeFor(error, active, writeErr);
  } finally {
    // Writes a command queued (lib/db/write-behind.ts: e.g. vPIC enrichments of `vin decode --enrich`) go out
    // before the process ends; the queue lives on globalThis only once something used it.
    if ((globalThis as { __vinscopeWriteBehind?: unknown }).__vinscopeWriteBehind) {
      await (await import("../lib/db/write-behind")).drainDeferredWrites();
    }
  }
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

async function exitCodeFor(error: unknown, command: Command, writeErr: (text: string) => void): Promise<number> {
  if (error instanceof CommanderError) {
    // Commander has already written the message (or the help / version it was asked for).
    return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  if (error instanceof UsageError) {
    writeErr(`error: ${error.message}\n(see ${commandPath(command)} --help)\n`);
    return EXIT_USAGE;
  }
  if (error instanceof Error && error.name === "ConfigError") {
    writeErr(`[vinscope] ${error.message}\n`);
    return EXIT_USAGE;
  }
  const fault = databaseFault(error);
  if (fault === "gone" || fault === "not_migrated") {
    // A database that was never set up: one line saying what to do, never the driver's stack. Nothing is created
    // here (lib/db opens only an existing file), so a mistyped DATABASE_URL leaves no stray file behind.
    writeErr(`[vinscope] the database ${await databaseName()} is not set up: run \`vinscope db migrate\` first\n`);
    return EXIT_USAGE;
  }
  if (fault) {
    writeErr(`[vinscope] ${FAULT_DETAIL[fault]} (${await databaseName()}); try again shortly\n`);
    return EXIT_FAILURE;
  }
  writeErr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILURE;
}

/** The database in words: the SQLite file, or "on PostgreSQL" (its URL may carry a password). */
async function databaseName(): Promise<string> {
  try {
    const { database } = (await import("../lib/config")).config();
    return database.provider === "sqlite" ? database.url.slice("file:".length) : "on PostgreSQL";
  } catch {
    return "(DATABASE_URL)";
  }
}
