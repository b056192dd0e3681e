/**
 * What the sitemap lists: the fixed pages, each make of cars, SUVs, vans and trucks, a pricing page and a
 * vehicle page per make/model/year we hold deals for, a recall page (and the vehicle page) per year/make/model
 * we hold recalls for, and the VIN pages of VINs we hold (VINs on deals). Vehicle pages only where vPIC knows
 * the model year. Capped at the sitemap protocol's 50,000 URLs per file.
 */
import { config } from "../config";
import { db } from "../db";
import { slugify } from "../vehicle";
import { LIGHT_VEHICLE_TYPES, findCatalogModel, listMakes } from "../vin";

const MAX_URLS = 50_000;

export interface SitemapEntry {
  url: string;
  changeFrequency: "daily" | "weekly" | "monthly";
  priority: number;
}

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const base = config().publicBaseUrl;
  const entries: SitemapEntry[] = ["", "/market", "/recalls", "/vehicles", "/docs", "/dealers"].map((path) => ({
    url: `${base}${path || "/"}`,
    changeFrequency: "daily",
    priority: path ? 0.6 : 1,
  }));
  for (const make of listMakes({ types: LIGHT_VEHICLE_TYPES })) {
    entries.push({ url: `${base}/vehicles/${make.slug}`, changeFrequency: "monthly", priority: 0.5 });
  }
  /** The vehicle page of a year/make/model, when vPIC knows that model year. */
  const vehiclePage = (year: number, make: string, model: string) => {
    const found = findCatalogModel(make, model);
    if (!found || !found.model.years.some((r) => year >= r.from && year <= r.to)) return;
    entries.push({
      url: `${base}/vehicles/${found.make.slug}/${found.model.slug}/${year}`,
      changeFrequency: "weekly",
      priority: 0.6,
    });
  };

  const pricing = await db().dealSummary.findMany({
    distinct: ["makeSlug", "modelSlug", "year"],
    select: { makeSlug: true, modelSlug: true, year: true },
    orderBy: [{ makeSlug: "asc" }, { modelSlug: "asc" }, { year: "asc" }],
    take: MAX_URLS,
  });
  for (const p of pricing) {
    entries.push({
      url: `${base}/pricing/${p.makeSlug}/${p.modelSlug}/${p.year}`,
      changeFrequency: "daily",
      priority: 0.7,
    });
    vehiclePage(p.year, p.makeSlug, p.modelSlug);
  }

  const recalls = await db().recallCoverage.findMany({
    distinct: ["year", "make", "model"],
    select: { year: true, make: true, model: true },
    orderBy: [{ year: "desc" }, { make: "asc" }, { model: "asc" }],
    take: MAX_URLS,
  });
  for (const r of recalls) {
    entries.push({
      url: `${base}/recalls/${r.year}/${slugify(r.make)}/${slugify(r.model)}`,
      changeFrequency: "weekly",
      priority: 0.5,
    });
    vehiclePage(r.year, r.make, r.model);
  }

  const vins = await db().deal.findMany({
    where: { vin: { not: null } },
    distinct: ["vin"],
    select: { vin: true },
    orderBy: { vin: "asc" },
    take: MAX_URLS,
  });
  for (const v of vins) entries.push({ url: `${base}/vin/${v.vin}`, changeFrequency: "monthly", priority: 0.4 });

  return dedupe(entries).slice(0, MAX_URLS);
}

function dedupe(entries: SitemapEntry[]): SitemapEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => (seen.has(e.url) ? false : (seen.add(e.url), true)));
}
