// GET /.well-known/api-catalog: the RFC 9727 API catalog (a linkset pointing to the OpenAPI document and the docs).
import { API_CATALOG_TYPE, apiCatalog } from "@/lib/openapi";
import { config } from "@/lib/config";
import { CACHE } from "@/lib/api/cache";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { raw, route } from "@/lib/http/route";

export const GET = route(UNDOCUMENTED_ROUTES.apiCatalog, async () => {
  const base = config().publicBaseUrl;
  return raw(JSON.stringify(apiCatalog(base)), {
    "content-type": API_CATALOG_TYPE,
    "cache-control": CACHE.discovery,
    link: `<${base}/.well-known/api-catalog>; rel="api-catalog"`,
  });
});
