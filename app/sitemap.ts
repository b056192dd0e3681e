import type { MetadataRoute } from "next";
import { sitemapEntries } from "@/lib/seo/sitemap-entries";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries();
}
