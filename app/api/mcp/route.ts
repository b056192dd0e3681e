// POST /api/mcp: the MCP server over stateless HTTP, JSON-RPC 2.0, no authentication. CORS comes from proxy.ts.
import { methodNotAllowed } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES, operations } from "@/lib/api/operations";
import { raw, route } from "@/lib/http/route";
import { handleMcpRequest } from "@/lib/mcp";

export const dynamic = "force-dynamic";

export const POST = route(operations.mcp, async (req) => {
  const response = await handleMcpRequest(req);
  // Answers are per request and never cached (raw results carry only the headers given here).
  return raw(
    response.body ?? "",
    { ...Object.fromEntries(response.headers), "cache-control": "no-store" },
    response.status,
  );
});

// Stateless: there is no server-to-client stream to GET and no session to DELETE.
const notAllowed = async () => {
  throw methodNotAllowed(["POST"]);
};
export const GET = route(UNDOCUMENTED_ROUTES.mcpStream, notAllowed);
export const DELETE = route(UNDOCUMENTED_ROUTES.mcpSession, notAllowed);
