/**
 * How every tool answers. A success carries `structuredContent` (checked by the SDK against the tool's output
 * schema) and two text blocks: a readable summary, and the same data as JSON for clients that only read text
 * (the MCP specification asks for the serialized JSON alongside structured content). A failure is a tool
 * result with `isError: true` and one clear sentence, never a protocol error, so the caller sees what went wrong.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isApiError } from "../api/errors";
import { log } from "../log";

export function toolSuccess<T extends Record<string, unknown>>(data: T, summary: string): CallToolResult {
  return {
    content: [
      { type: "text", text: summary },
      { type: "text", text: JSON.stringify(data) },
    ],
    structuredContent: data,
  };
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * Runs a tool body. A typed ApiError (bad input, not found, an outside system down) becomes its detail text;
 * anything else is logged and answered with a generic sentence, so no stack trace or SQL reaches the caller.
 */
export async function runTool(tool: string, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const started = performance.now();
  try {
    const result = await body();
    log().info({ tool, ms: elapsed(started), isError: result.isError === true }, "mcp tool");
    return result;
  } catch (error) {
    if (isApiError(error)) {
      log().info({ tool, ms: elapsed(started), isError: true, reason: error.reason }, "mcp tool");
      return toolError(error.detail);
    }
    log().error({ tool, ms: elapsed(started), err: error }, "mcp tool failed");
    return toolError(`${tool} failed because of an internal error; the failure was logged by the server.`);
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
