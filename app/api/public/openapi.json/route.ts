// GET /api/public/openapi.json: the OpenAPI 3.1 document, generated once per process from the zod schemas.
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi";
import { operations } from "@/lib/api/operations";
import { config } from "@/lib/config";
import { json, route } from "@/lib/http/route";

let document: OpenApiDocument | undefined;

export const GET = route(operations.getOpenApiDocument, async () => {
  document ??= buildOpenApiDocument({ baseUrl: config().publicBaseUrl });
  return json(document);
});
