/**
 * The MCP server, one definition for both transports: cli/server/mcp-stdio.ts (`vinscope mcp`) connects it to
 * stdio, lib/mcp/http.ts builds one per HTTP request (stateless). Tools are served from the one list of tools
 * (lib/mcp/tools-list.ts, built once per process), so building a server per request is cheap; resource
 * templates and prompts are registered through the SDK's McpServer.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { SERVICE_NAME, SERVICE_VERSION } from "../version";
import { registerPrompts } from "./prompts";
import { registerResources } from "./resources";
import { callTool, toolList } from "./tools-list";

export function createMcpServer(): McpServer {
  const server = new McpServer({ name: SERVICE_NAME, title: "vinscope", version: SERVICE_VERSION }, { capabilities: { tools: {} } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(request.params.name, request.params.arguments, { signal: extra.signal }),
  );
  registerResources(server);
  registerPrompts(server);
  return server;
}
