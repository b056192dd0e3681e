/**
 * One MCP request over HTTP, stateless: a new server and a new transport per POST (the SDK refuses to reuse a
 * stateless transport), JSON responses instead of an SSE stream. Framework-free (Request in, Response out) so
 * the route stays thin and the benchmark can call it directly.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./server";

/**
 * The SDK answers 406 unless Accept lists both application/json and text/event-stream. Plain JSON clients
 * (curl, fetch) send neither or only the first; with JSON responses enabled they get JSON either way.
 */
const ACCEPT_BOTH = "application/json, text/event-stream";

/** Tool arguments are a VIN or a few names: 64 KiB is generous, and far below the SDK's 4 MiB default. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body is JSON-RPC whatever a simple client labels it: no type, text/plain (fetch with a string body) or
 * form-urlencoded (`curl -d`). Any other non-JSON type is refused by the SDK with 415.
 */
const LENIENT_TYPES = new Set(["", "text/plain", "application/x-www-form-urlencoded"]);

function readAsJson(contentType: string | null): boolean {
  return LENIENT_TYPES.has((contentType ?? "").split(";")[0].trim().toLowerCase());
}

export async function handleMcpRequest(req: Request): Promise<Response> {
  const headers = new Headers(req.headers);
  headers.set("accept", ACCEPT_BOTH);
  if (readAsJson(headers.get("content-type"))) headers.set("content-type", "application/json");
  // The body streams through, so the SDK's size limit applies before anything is buffered.
  const request = new Request(req.url, { method: req.method, headers, body: req.body, signal: req.signal, duplex: "half" } as RequestInit);

  const server = createMcpServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
