/**
 * Discovery documents: /llms.txt (llmstxt.org: a Markdown map of what the service offers and where) and
 * /.well-known/api-catalog (RFC 9727: a linkset naming the API's description and documentation, and the MCP
 * server). They list the operations from lib/api/operations.ts and the MCP tools, resource templates and
 * prompts from lib/mcp, so they name exactly what the OpenAPI document and `tools/list` do.
 */
import { API_VERSION } from "../version";
import { MCP_PROMPTS, MCP_RESOURCE_TEMPLATES, MCP_TOOLS, MCP_TOOL_NAMES } from "../mcp";
import { OPERATIONS } from "../api/operations";

/** RFC 9727 section 4.1: the linkset media type with the api-catalog profile. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const OPENAPI_TYPE = "application/vnd.oai.openapi+json;version=3.1";

export function discoveryText(base: string): string {
  const publicOps = OPERATIONS.filter((op) => !op.security && !op.tags.includes("MCP") && !op.tags.includes("Billing"));
  const dealerOps = OPERATIONS.filter((op) => op.security === "dealerKey");
  const line = (op: (typeof OPERATIONS)[number]) =>
    `- ${op.method.toUpperCase()} ${base}${op.path} (${op.operationId}): ${op.summary}`;
  return [
    "# vinscope",
    "",
    "> Vehicle data service: VIN decoding with NHTSA's vPIC data, the makes, models and manufacturer codes vPIC " +
      "knows, aggregate pricing from buyer deals, open NHTSA recalls, NCAP ratings, owner complaints, EPA fuel " +
      "economy, a market overview and short vehicle insights. Public JSON API without a key (GET, CORS open), an " +
      "MCP server, and a key-authenticated dealer API for original window stickers.",
    "",
    `The public API is described by an OpenAPI 3.1 document (version ${API_VERSION}). Errors are RFC 9457 problem ` +
      "details with a machine-readable `reason`. Attribution is requested when the data is shown to people: cite " +
      "vinscope and NHTSA vPIC, and link to the VIN's permalink.",
    "",
    "## API",
    "",
    `- [OpenAPI document](${base}/api/public/openapi.json): every public endpoint, its parameters, responses and errors`,
    `- [Documentation](${base}/docs): quick start, attribution rules, MCP setup, dealer API, problem reasons`,
    `- [API catalog](${base}/.well-known/api-catalog): RFC 9727 linkset`,
    "",
    "## Public endpoints",
    "",
    ...publicOps.map(line),
    "",
    "## Pages",
    "",
    `- ${base}/vin/{vin}: a VIN's report`,
    `- ${base}/vehicles: the makes of cars, SUVs, vans and trucks; ${base}/vehicles/{make}: a make's models and years`,
    `- ${base}/vehicles/{make}/{model}/{year}: a model year without a VIN (slugs as /api/public/models gives them): pricing, recalls, ratings, complaints, fuel economy`,
    "",
    "## MCP server",
    "",
    `- POST ${base}/api/mcp: JSON-RPC 2.0 over stateless HTTP, one message per request, no authentication`,
    "- Local stdio transport: `vinscope mcp` (`npx vinscope mcp`, or `node bin/vinscope.mjs mcp`) in a clone after `npm install`",
    "",
    `### Tools (${MCP_TOOLS.length})`,
    "",
    ...MCP_TOOLS.map(
      (t) =>
        `- ${t.name}: ${t.summary}${t.operation ? ` (as ${t.operation.method.toUpperCase()} ${t.operation.path})` : ""}`,
    ),
    "",
    "### Resource templates",
    "",
    ...Object.values(MCP_RESOURCE_TEMPLATES).map((r) => `- ${r.uriTemplate}: ${r.description}`),
    "",
    "### Prompts",
    "",
    ...Object.values(MCP_PROMPTS).map((p) => `- ${p.name}: ${p.description}`),
    "",
    "## Dealer API",
    "",
    `- Requires an API key in the x-api-key header; keys are issued with a trial at ${base}/dealers`,
    ...dealerOps.map(line),
    "",
  ].join("\n");
}

export function apiCatalog(base: string) {
  const api = `${base}/api/public/`;
  const mcp = `${base}/api/mcp`;
  return {
    linkset: [
      {
        anchor: `${base}/.well-known/api-catalog`,
        item: [
          { href: api, title: "vinscope API" },
          { href: mcp, title: `vinscope MCP server (JSON-RPC over HTTP), tools: ${MCP_TOOL_NAMES.join(", ")}` },
        ],
      },
      {
        anchor: api,
        "service-desc": [{ href: `${base}/api/public/openapi.json`, type: OPENAPI_TYPE }],
        "service-doc": [{ href: `${base}/docs`, type: "text/html" }],
        status: [{ href: `${base}/api/health`, type: "application/json" }],
      },
      {
        anchor: mcp,
        // llms.txt lists the tools, resource templates and prompts; tools/list gives their schemas.
        "service-desc": [{ href: `${base}/llms.txt`, type: "text/plain" }],
        "service-doc": [{ href: `${base}/docs#mcp`, type: "text/html" }],
        status: [{ href: `${base}/api/health`, type: "application/json" }],
      },
    ],
  };
}
