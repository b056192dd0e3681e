/**
 * What a tool is: its name, title, description, arguments and answer, the HTTP operation it mirrors (its answer is
 * that operation's), and its handler, in one definition. Each tool is defined in lib/mcp/tools/ and registered in
 * the one list there (lib/mcp/tools/index.ts); `tools/list`, /llms.txt, the home page, /docs, the OpenAPI
 * document's introduction and `about_service` read that list, so no page counts the tools by hand.
 *
 * Descriptions say what a tool returns and where the data comes from; they carry no instructions to the agent.
 */
import type { z } from "zod";
import type { OperationSpec } from "../api/operations";
import type { ToolHandler } from "./tool-result";

export interface McpToolSpec {
  name: string;
  title: string;
  /** One line, for lists (llms.txt, the home page, /docs). */
  summary: string;
  /** For `tools/list`: what the tool returns and its source. */
  description: string;
  arguments: z.ZodObject;
  output: z.ZodObject;
  /** True when the tool may ask an outside system (NHTSA, EPA, an AI model) rather than only the server's own data. */
  openWorld: boolean;
  /** The HTTP operation whose answer the tool gives. */
  operation?: OperationSpec;
  /**
   * Parts of the answer that `tools/list` describes by a shorter schema (each pair: the part, its brief), to keep
   * the list small; the answer itself is unchanged and the OpenAPI document describes every field.
   */
  briefly?: readonly (readonly [z.ZodType, z.ZodType])[];
}

/** A tool: its definition and its handler, which gets the arguments as the tool's schema parses them. */
export interface McpTool<N extends string = string> extends McpToolSpec {
  name: N;
  handler: ToolHandler<unknown>;
}

/** Defines a tool; the handler's arguments are typed by the tool's argument schema. */
export function defineTool<const N extends string, A extends z.ZodObject>(
  tool: McpToolSpec & { name: N; arguments: A; handler: ToolHandler<z.output<A>> },
): McpTool<N> {
  return tool as McpTool<N>;
}

/**
 * The one isError policy of every tool for an answer its source could not give: a successful result that says
 * so (status unavailable or pending, counts null); isError only for bad input or the tool failing.
 */
export const UNKNOWN_IS_A_RESULT = "Not known (status unavailable or pending, counts null) is a result, not an error.";
