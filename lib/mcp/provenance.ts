/**
 * Where the server's data comes from, for about_service: the vPIC tables' date, the recall store's size and
 * newest sync, the pricing data set's label and size, and the insight model. Each part is read on its own so
 * one unreadable source is reported as unknown instead of failing the whole description.
 */
import { z } from "zod";
import { config } from "../config";
import { db } from "../db";
import { log } from "../log";
import { getMarketOverview } from "../pricing";
import { vpicData } from "../vin";

/** about_service's `dataSources`. */
export const DataSources = z.object({
  vpic: z.object({
    name: z.string(),
    dataDate: z
      .string()
      .nullable()
      .meta({ description: "newest change date in the local vPIC tables (YYYY-MM-DD); null if unreadable" }),
    liveEnrichment: z
      .boolean()
      .meta({ description: "true when elements the local tables lack are asked of NHTSA's live vPIC API" }),
  }),
  recalls: z.object({
    name: z.string(),
    mode: z.enum(["live", "offline"]).meta({
      description: "live: NHTSA's recall API is asked (answers cached 6 hours); offline: stored data only",
    }),
    campaigns: z.int().min(0).meta({ description: "recall campaigns held in the local store" }),
    lastSync: z
      .string()
      .nullable()
      .meta({ description: "ISO date-time of the newest stored recall data or NHTSA answer; null when none" }),
  }),
  pricing: z.object({
    label: z.string().meta({ description: "what the deals are (says so when they are demo data)" }),
    deals: z.int().min(0).meta({ description: "number of deals in the data set" }),
    demoDeals: z
      .int()
      .min(0)
      .meta({ description: "how many of them are vinscope's generated demo deals, not real transactions" }),
  }),
  insights: z.object({
    model: z.string().nullable().meta({
      description:
        "AI model id writing vehicle insights; null when no Anthropic API key is configured (insights are then composed from the facts by fixed rules)",
    }),
    enabled: z
      .boolean()
      .meta({ description: "false when no model API key is configured: insights are then a factual fallback" }),
  }),
});
type DataSources = z.infer<typeof DataSources>;

export async function dataSources(): Promise<DataSources> {
  const cfg = config();
  const [recalls, pricing] = await Promise.all([recallProvenance(), pricingProvenance()]);
  return {
    vpic: {
      name: "NHTSA vPIC (Product Information Catalog and Vehicle Listing), local copy",
      dataDate: vpicDataDate(),
      liveEnrichment: cfg.vpic.apiBaseUrl !== null,
    },
    recalls: {
      name: "NHTSA recalls (api.nhtsa.gov answers and imported NHTSA recall files)",
      mode: cfg.nhtsa.apiBaseUrl !== null ? "live" : "offline",
      ...recalls,
    },
    pricing,
    // Without a key no model writes anything: naming the configured one would say otherwise.
    insights: {
      model: cfg.insights.apiKey !== null ? cfg.insights.model : null,
      enabled: cfg.insights.apiKey !== null,
    },
  };
}

function vpicDataDate(): string | null {
  try {
    return vpicData().dataDate || null;
  } catch (error) {
    log().warn({ err: error }, "about_service: vPIC data unreadable");
    return null;
  }
}

async function recallProvenance(): Promise<Pick<DataSources["recalls"], "campaigns" | "lastSync">> {
  try {
    const [campaigns, lookups] = await Promise.all([
      db().recallCampaign.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
      db().recallLookup.aggregate({ _max: { checkedAt: true } }),
    ]);
    const newest = [campaigns._max.updatedAt, lookups._max.checkedAt]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return { campaigns: campaigns._count._all, lastSync: newest ? newest.toISOString() : null };
  } catch (error) {
    log().warn({ err: error }, "about_service: recall store unreadable");
    return { campaigns: 0, lastSync: null };
  }
}

async function pricingProvenance(): Promise<DataSources["pricing"]> {
  try {
    const { overview } = await getMarketOverview();
    return { label: overview.source, deals: overview.totalDeals, demoDeals: overview.demoDeals };
  } catch (error) {
    log().warn({ err: error }, "about_service: deal data unreadable");
    return { label: "deal data unreadable", deals: 0, demoDeals: 0 };
  }
}
