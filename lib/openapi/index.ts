export { buildOpenApiDocument, problemAnchors, type OpenApiDocument } from "./openapi";
export { API_CATALOG_TYPE, apiCatalog, discoveryText } from "./discovery";
