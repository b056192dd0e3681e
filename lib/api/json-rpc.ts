/**
 * The envelope of the MCP endpoint's messages (JSON-RPC 2.0), for the OpenAPI document. What goes
 * inside (`tools/list`, `tools/call` and their results) is the MCP protocol's, listed by `tools/list` itself.
 */
import { z } from "zod";

const RequestId = z.union([z.string(), z.int()]);

export const JsonRpcRequest = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: RequestId.optional().meta({ description: "absent for a notification (answered 202 without a body)" }),
    method: z.string().meta({
      description:
        "an MCP method: initialize, tools/list, tools/call, resources/templates/list, resources/read, prompts/list, prompts/get, completion/complete, ping, notifications/…",
    }),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({
    id: "JsonRpcRequest",
    description:
      "One JSON-RPC 2.0 request or notification carrying an MCP message (a batch, a JSON array, is refused).",
    examples: [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "validate_vin_check_digit", arguments: { vin: "1HGCM82633A004352" } },
      },
    ],
  });

const JsonRpcError = z.looseObject({
  code: z.int().meta({
    description:
      "-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error",
  }),
  message: z.string(),
  data: z.unknown().optional(),
});

export const JsonRpcResponse = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: RequestId.nullable().meta({ description: "the request's id; null when the request could not be read" }),
    result: z.record(z.string(), z.unknown()).optional().meta({ description: "the MCP result (present on success)" }),
    error: JsonRpcError.optional().meta({ description: "present on failure" }),
  })
  .meta({
    id: "JsonRpcResponse",
    description: "A JSON-RPC 2.0 response: `result` on success, `error` on failure.",
    examples: [
      {
        jsonrpc: "2.0",
        id: 1,
        result: { tools: [{ name: "decode_vin", description: "…", inputSchema: { type: "object" } }] },
      },
    ],
  });
