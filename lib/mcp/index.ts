export { createMcpServer } from "./server";
export { createStdioTransport } from "./stdio";
