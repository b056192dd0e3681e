// GET /llms.txt: a plain-text map of the service for language-model tools (llmstxt.org format): what it offers and where.
import { discoveryText } from "@/lib/openapi";
import { config } from "@/lib/config";
import { CACHE } from "@/lib/api/cache";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { raw, route } from "@/lib/http/route";

export const GET = route(UNDOCUMENTED_ROUTES.llmsTxt, async () =>
  raw(discoveryText(config().publicBaseUrl), {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": CACHE.discovery,
  }),
);
