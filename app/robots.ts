import type { MetadataRoute } from "next";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = config().publicBaseUrl;
  return {
    // Pages and the public API are for everyone; the dealer API and the MCP endpoint are not for crawlers.
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/dealer/", "/api/mcp"] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
