export { createMcpServer } from "./server";
