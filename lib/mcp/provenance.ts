/**
 * Where the server's data comes from, for about_service: the vPIC tables' date, the recall store's size and
 * newest sync, the pricing data set's label and size, and the insight model. Each part is read on its own so
 * one unreadable source is reported as unknown instead of failing the whole description.
 */
import type { AboutService } from "../api/mcp";
import { config } from "../config";
import { db } from "../db";
import { log } from "../log";
import { getMarketOverview } from "../pricing";
import { vpicData } from "../vin";

type DataSources = AboutService["dataSources"];

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
