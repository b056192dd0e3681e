#!/usr/bin/env node
// `vinscope-mcp`: the same as `vinscope mcp`, the MCP server over stdio (cli/server/mcp-stdio.ts); kept for
// MCP client configurations written before the `vinscope` command.
import { launch } from "./launch.mjs";

launch(["mcp", ...process.argv.slice(2)]);
