import type { Command } from "commander";

/** Appends an "Examples:" section to a command's --help. */
export function examples<T extends Command>(command: T, lines: string[]): T {
  return command.addHelpText("after", `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`);
}
