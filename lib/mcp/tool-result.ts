/**
 * How every tool answers. A success carries its data once, in `structuredContent` (checked against the tool's
 * output schema), and a short text summary for clients that read text only. A failure is a tool result with
 * `isError: true` and one clear sentence, never a protocol error, so the caller sees what went wrong.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isApiError } from "../contract/errors";
import { log } from "../log";

/**
 * What a tool's handler gets besides its arguments: the request's abort signal (the client went away) and, over
 * HTTP, when the request reached this process (lib/http/arrival.ts), which a live budget counts from.
 */
export interface ToolContext {
  signal: AbortSignal;
  arrivedAt?: number;
  /** The names of the tools this server serves (lib/mcp/tools/index.ts), which callTool passes on. */
  toolNames?: readonly string[];
}

export type ToolHandler<A> = (args: A, context: ToolContext) => Promise<CallToolResult>;

export function toolSuccess<T extends object>(data: T, summary: string): CallToolResult {
  return { content: [{ type: "text", text: summary }], structuredContent: data as Record<string, unknown> };
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
    return internalError(tool);
  }
}

export const internalError = (tool: string) =>
  toolError(`${tool} failed because of an internal error; the failure was logged by the server.`);

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
