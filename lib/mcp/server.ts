/**
 * The MCP server, one definition for both transports: cli/server/mcp-stdio.ts (`vinscope mcp`) connects it to
 * stdio, lib/mcp/http.ts builds one per HTTP request (stateless). Tools are served from the one list of tools
 * (lib/mcp/tools-list.ts, built once per process), so building a server per request is cheap; resource
 * templates and prompts are registered through the SDK's McpServer.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { SERVICE_NAME, SERVICE_VERSION } from "../version";
import { registerPrompts } from "./prompts";
import { arrivalOfMcpRequest } from "./request-arrival";
import { registerResources } from "./resources";
import { callTool, toolList } from "./tools-list";

/**
 * The SDK builds a JSON Schema validator (Ajv, with its formats) per server unless given one; a server is
 * built per HTTP request, and the validator only checks elicitation answers, which this server never asks for.
 */
const validator = new AjvJsonSchemaValidator();

export function createMcpServer(): McpServer {
  const server = new McpServer(
    { name: SERVICE_NAME, title: "vinscope", version: SERVICE_VERSION },
    { jsonSchemaValidator: validator },
  );
  // The tools are served here rather than by McpServer.registerTool, which would recompute every schema per list.
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(request.params.name, request.params.arguments, {
      signal: extra.signal,
      arrivedAt: arrivalOfMcpRequest(extra),
    }),
  );
  registerResources(server);
  registerPrompts(server);
  return server;
}
