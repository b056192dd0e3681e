/**
 * Discovery documents: /llms.txt (llmstxt.org: a Markdown map of what the service offers and where) and
 * /.well-known/api-catalog (RFC 9727: a linkset naming the API's description and documentation). Both list
 * the operations from lib/api/operations.ts, so they name exactly the endpoints the OpenAPI document does.
 */
import { API_VERSION } from "../version";
import { OPERATIONS } from "./operations";

/** RFC 9727 section 4.1: the linkset media type with the api-catalog profile. */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const OPENAPI_TYPE = "application/vnd.oai.openapi+json;version=3.1";

export function discoveryText(base: string): string {
  const publicOps = OPERATIONS.filter((op) => !op.security && !op.tags.includes("MCP") && !op.tags.includes("Billing"));
  const dealerOps = OPERATIONS.filter((op) => op.security === "dealerKey");
  const line = (op: (typeof OPERATIONS)[number]) => `- ${op.method.toUpperCase()} ${base}${op.path} (${op.operationId}): ${op.summary}`;
  return [
    "# vinscope",
    "",
    "> Vehicle data service: VIN decoding with NHTSA's vPIC data, aggregate pricing from verified buyer deals, " +
      "open NHTSA recalls, a market overview and short vehicle insights. Public JSON API without a key (GET, CORS " +
      "open), an MCP server, and a key-authenticated dealer API for original window stickers.",
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
    "## MCP server",
    "",
    `- POST ${base}/api/mcp: JSON-RPC 2.0 over stateless HTTP, no authentication; tools decode_vin, check_recalls, ` +
      "get_pricing, validate_vin_check_digit, about_service",
    "- Local stdio transport: `vinscope mcp` (`npx vinscope mcp`, or `node bin/vinscope.mjs mcp`) in a clone after `npm install`",
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
  return {
    linkset: [
      {
        anchor: `${base}/.well-known/api-catalog`,
        item: [{ href: api, title: "vinscope API" }],
      },
      {
        anchor: api,
        "service-desc": [{ href: `${base}/api/public/openapi.json`, type: OPENAPI_TYPE }],
        "service-doc": [{ href: `${base}/docs`, type: "text/html" }],
        status: [{ href: `${base}/api/health`, type: "application/json" }],
      },
    ],
  };
}
