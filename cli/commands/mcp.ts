/** `vinscope mcp`: the MCP server over stdio (cli/server/mcp-stdio.ts), for desktop and agent MCP clients. */
import type { Command } from "commander";
import { examples } from "../help";

export function registerMcp(program: Command): void {
  const command = program
    .command("mcp")
    .description("serve the MCP tools over stdio (stdout carries the protocol, logs go to stderr)")
    .action(async () => (await import("../server/mcp-stdio")).serveMcpStdio());
  command.addHelpText(
    "after",
    "\nBefore serving it unpacks the vPIC data if missing, applies pending migrations and seeds an empty database,\n" +
      "as `vinscope start` does. Set PUBLIC_BASE_URL to the web app's address so permalinks point at it.\n" +
      "An MCP client's configuration (see docs/mcp.md):\n" +
      '  { "mcpServers": { "vinscope": { "command": "node", "args": ["/absolute/path/to/vinscope/bin/vinscope.mjs", "mcp"] } } }\n',
  );
  examples(command, [
    "vinscope mcp",
    "PUBLIC_BASE_URL=https://vinscope.example.com vinscope mcp",
    "npx @modelcontextprotocol/inspector --cli node bin/vinscope.mjs mcp --method tools/list",
  ]);
}
