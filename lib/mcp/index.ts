export { createMcpServer } from "./server";
export { createStdioTransport } from "./stdio";
export { handleMcpRequest } from "./http";
export { toolList } from "./tools-list";
export { MCP_TOOLS, MCP_TOOL_NAMES, toolNamesInWords } from "./tools";
export { MCP_RESOURCE_TEMPLATES } from "./resources";
export { MCP_PROMPTS } from "./prompts";
export { AboutService } from "./tools/about-service";
export { CheckDigitResult } from "./tools/vin";
