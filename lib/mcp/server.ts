/**
 * The MCP server definition (spec 4.3), one for both transports: cli/server/mcp-stdio.ts (`vinscope mcp`) connects it to stdio,
 * app/api/mcp/route.ts builds one per HTTP request (stateless). Building it is cheap: tools are registered
 * closures; the data they read (vPIC tables, database client) is shared per process.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SERVICE_NAME, SERVICE_VERSION } from "../version";
import { ABOUT_SERVICE, registerAboutService } from "./tools/about-service";
import { CHECK_RECALLS, registerCheckRecalls } from "./tools/check-recalls";
import { DECODE_VIN, registerDecodeVin } from "./tools/decode-vin";
import { DECODE_VINS, registerDecodeVins } from "./tools/decode-vins";
import { GET_PRICING, registerGetPricing } from "./tools/get-pricing";
import { VALIDATE_VIN_CHECK_DIGIT, registerValidateVinCheckDigit } from "./tools/validate-vin-check-digit";

/** The spec's five tools, then decode_vins (many VINs; see lib/mcp/tools/decode-vins.ts for why a sixth tool). */
export const TOOL_NAMES = [DECODE_VIN, CHECK_RECALLS, GET_PRICING, VALIDATE_VIN_CHECK_DIGIT, ABOUT_SERVICE, DECODE_VINS];

export function createMcpServer(): McpServer {
  const server = new McpServer(
    { name: SERVICE_NAME, title: "vinscope", version: SERVICE_VERSION },
    // Arguments are a handful of scalars; a bound on their size keeps a huge nested payload from being parsed.
    { capabilities: { tools: {} }, maxToolInputElements: 64 },
  );
  registerDecodeVin(server);
  registerDecodeVins(server);
  registerCheckRecalls(server);
  registerGetPricing(server);
  registerValidateVinCheckDigit(server);
  registerAboutService(server, TOOL_NAMES);
  return server;
}
