/**
 * The answer to `tools/list` and the dispatch of `tools/call`, both from the one list of tools
 * (lib/mcp/tools/index.ts). The list, with its compact schemas, is built once per process: a request only
 * serialises it.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { log } from "../log";
import { toolInputSchema, toolOutputSchema } from "./compact-schema";
import type { McpTool } from "./tool";
import { MCP_TOOL_NAMES, MCP_TOOLS } from "./tools";
import { internalError, runTool, toolError, type ToolContext } from "./tool-result";
import { countMcpToolCall } from "../metrics/process-metrics";
import { inSpan } from "../metrics/tracing";
import { SectionReasonSchema } from "../sources";
import { z } from "zod";

/** A section's reason code is a string in tools/list: its list of codes is the OpenAPI document's to give. */
const REASON_BRIEF = [SectionReasonSchema, z.string()] as const;

// Per process (instrumentation builds it at start, in another bundle than the route's).
const globalForTools = globalThis as unknown as { __vinscopeToolList?: Tool[] };

export function toolList(): Tool[] {
  globalForTools.__vinscopeToolList ??= MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toolInputSchema(t.arguments) as Tool["inputSchema"],
    outputSchema: toolOutputSchema(t.output, [...(t.briefly ?? []), REASON_BRIEF]) as Tool["outputSchema"],
    annotations: { title: t.title, readOnlyHint: true, openWorldHint: t.openWorld },
  }));
  return globalForTools.__vinscopeToolList;
}

const SPECS = new Map<string, McpTool>(MCP_TOOLS.map((t) => [t.name, t]));

/** Arguments are a VIN or a few names: a bound on their size keeps a huge nested payload from being walked. */
const MAX_ARGUMENT_ELEMENTS = 64;

function elementCount(value: unknown, budget: number): number {
  if (!value || typeof value !== "object") return 1;
  let n = 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    n += elementCount(child, budget - n);
    if (n > budget) break;
  }
  return n;
}

const issuesText = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");

export async function callTool(name: string, args: unknown, context: ToolContext): Promise<CallToolResult> {
  const spec = SPECS.get(name);
  if (!spec) return toolError(`Tool ${name} not found; tools/list names the tools.`);
  if (elementCount(args, MAX_ARGUMENT_ELEMENTS) > MAX_ARGUMENT_ELEMENTS) {
    return toolError(
      `Invalid arguments for ${name}: the arguments contain more than the maximum of ${MAX_ARGUMENT_ELEMENTS} elements.`,
    );
  }
  const parsed = spec.arguments.safeParse(args ?? {});
  if (!parsed.success) return toolError(`Invalid arguments for ${name}: ${issuesText(parsed.error.issues)}.`);
  // Counted, and with tracing on a span, under the tool's name: only a known tool's name gets here.
  const result = await inSpan(
    `mcp.tool ${name}`,
    { "mcp.tool.name": name },
    () => runTool(name, () => spec.handler(parsed.data, { ...context, toolNames: MCP_TOOL_NAMES })),
    (r) => ({ "mcp.tool.is_error": r.isError === true }),
  );
  countMcpToolCall(name, result.isError ? "error" : "ok");
  if (result.isError) return result;
  // The answer must be what tools/list promised: a client validating it would otherwise fail the call.
  const checked = spec.output.safeParse(result.structuredContent);
  if (!checked.success) {
    log().error(
      { tool: name, issues: issuesText(checked.error.issues) },
      "mcp tool answer does not match its output schema",
    );
    return internalError(name);
  }
  return result;
}
