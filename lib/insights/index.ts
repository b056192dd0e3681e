/**
 * AI vehicle insights: the public surface for the insight route, the VIN report and the MCP tools.
 *
 *   lookupInsight({ year, make, model }, opts?)  the full answer of GET /api/vin-insights/… or null (unknown to vPIC)
 *   getInsight({ year, make, model }, opts?)     just the insight, for the VIN report; never throws
 *
 * Both share one cache and one flight per key (insight-service.ts). `opts.deadlineMs` / `opts.signal` bound
 * how long the caller waits; past them the caller gets the factual fallback while the generation finishes.
 */
import { config, outsideSystemsOff } from "../config";
import { db } from "../db";
import { log } from "../log";
import { writerFromConfig, type InsightWriter } from "./anthropic-writer";
import {
  createInsightService,
  type Insight,
  type InsightAnswer,
  type InsightService,
  type LookupOptions,
} from "./insight-service";

export { createInsightService } from "./insight-service";
export type { Insight, InsightAnswer, LookupOptions } from "./insight-service";
import type { VehicleQuery } from "../vehicle";
export { FALLBACK_WRITER } from "./fallback";

/** Time for the facts (pricing, recalls) before the model is asked. */
const FACTS_BUDGET_MS = 5000;

const globalForInsights = globalThis as unknown as {
  __vinscopeInsights?: { service: InsightService; writer: { settings: string; writer: InsightWriter | null } };
};

function service(): InsightService {
  let held = globalForInsights.__vinscopeInsights;
  if (!held) {
    const { timeoutMs } = config().insights;
    const state = { settings: "", writer: null as InsightWriter | null };
    const service = createInsightService({
      db,
      writer: () => {
        // A warm-up request (every outside system off) has no writer; the one held stays for the others.
        if (outsideSystemsOff()) return null;
        // Rebuilt only when the settings change (tests reset the config between cases).
        const settings = JSON.stringify(config().insights);
        if (settings !== state.settings) {
          state.settings = settings;
          state.writer = writerFromConfig();
        }
        return state.writer;
      },
      leaseMs: FACTS_BUDGET_MS + 2 * timeoutMs + 5000,
    });
    held = globalForInsights.__vinscopeInsights = { service, writer: state };
  }
  return held.service;
}

export function lookupInsight(query: VehicleQuery, opts: LookupOptions = {}): Promise<InsightAnswer | null> {
  return service().lookup(query, opts);
}

/**
 * The insight of a year/make/model for the VIN report: null when vPIC does not know the vehicle or when the
 * insight cannot be had at all (an outage degrades this section only, never the report).
 */
export async function getInsight(query: VehicleQuery, opts: LookupOptions = {}): Promise<Insight | null> {
  try {
    return (await lookupInsight(query, opts))?.insight ?? null;
  } catch (error) {
    log().warn({ query, err: error instanceof Error ? error.message : String(error) }, "insight unavailable");
    return null;
  }
}

// Reached from outside the room (issue 46: every import of it comes through this door).
export { InsightPathParams, InsightResponse } from "./answers";
