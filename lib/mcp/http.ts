/**
 * One MCP request over HTTP, stateless: a new server and a new transport per POST (the SDK refuses to reuse a
 * stateless transport), JSON responses instead of an SSE stream. Framework-free (Request in, Response out) so
 * the route stays thin and the benchmark can call it directly.
 */
import { readRequestBody, requestBodyTooLargeMessage } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  BATCH_REFUSED,
  INVALID_REQUEST,
  MAX_MESSAGE_BYTES,
  PARSE_ERROR,
  TOO_DEEP_MESSAGE,
  nestsDeeperThan,
} from "./message-limits";
import { createMcpServer } from "./server";

/**
 * The SDK answers 406 unless Accept lists both application/json and text/event-stream. Plain JSON clients
 * (curl, fetch) send neither or only the first; with JSON responses enabled they get JSON either way.
 */
const ACCEPT_BOTH = "application/json, text/event-stream";

/**
 * The body is JSON-RPC whatever a simple client labels it: no type, text/plain (fetch with a string body) or
 * form-urlencoded (`curl -d`). Any other non-JSON type is refused by the SDK with 415.
 */
const LENIENT_TYPES = new Set(["", "text/plain", "application/x-www-form-urlencoded"]);

const mediaType = (contentType: string | null) => (contentType ?? "").split(";")[0].trim().toLowerCase();

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export async function handleMcpRequest(req: Request): Promise<Response> {
  const headers = new Headers(req.headers);
  headers.set("accept", ACCEPT_BOTH);
  if (LENIENT_TYPES.has(mediaType(headers.get("content-type")))) headers.set("content-type", "application/json");
  const request = new Request(req.url, { method: req.method, headers, signal: req.signal });

  let parsedBody: unknown;
  // Another content type is the SDK's to refuse (415), before anything is read.
  const type = mediaType(headers.get("content-type"));
  if (req.method === "POST" && (type === "application/json" || type.endsWith("+json"))) {
    const body = await readRequestBody(req, MAX_MESSAGE_BYTES);
    if (body.tooLarge) return jsonRpcError(413, -32000, requestBodyTooLargeMessage(MAX_MESSAGE_BYTES));
    // Before parsing: what validates the parsed message recurses once per level of nesting.
    if (nestsDeeperThan(body.text)) return jsonRpcError(400, INVALID_REQUEST, TOO_DEEP_MESSAGE);
    try {
      parsedBody = JSON.parse(body.text);
    } catch {
      return jsonRpcError(400, PARSE_ERROR, "Parse error: Invalid JSON");
    }
    if (Array.isArray(parsedBody)) return jsonRpcError(400, INVALID_REQUEST, BATCH_REFUSED);
  }

  const server = createMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    await server.close();
  }
}
