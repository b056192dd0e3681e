/**
 * This process's Prometheus metrics (prom-client): what each server process, the job runner and the cluster
 * primary count for themselves. GET /metrics adds them up over the instance (lib/metrics/cluster.ts) with
 * prom-client's AggregatorRegistry, so every metric here says how it adds up: counters and histograms sum; a
 * gauge of this process's state (a breaker, a queue) sums to the instance's total.
 *
 * Labels are names the code chooses (a route's path template, a source, a job, a status class), never what a
 * request carries (a VIN, a key, an address): cardinality stays bounded by the code, not by the traffic.
 *
 * One registry per process, kept on globalThis: Next.js bundles this module into several chunks (routes,
 * instrumentation), and a registry per chunk would split the counts.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds: from a few milliseconds (answers from memory) to the request deadline (30 s by default). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: an outside call is bounded by its source's timeout (a few seconds). */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a process reads when its state is scraped (a queue's depth, the breakers, the pool). */
type Sampler = (set: (labels: Record<string, string>, value: number) => void) => void;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  /** A gauge read at scrape time from whichever part of the process registered a sampler for it. */
  const sampledGauge = (name: string, help: string, labelNames: string[]) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        const sampler = samplers().get(name);
        if (!sampler) return;
        this.reset();
        sampler((labels: Record<string, string>, value: number) => this.set(labels, value));
      },
    });
  return {
    registry,
    requestDuration: new Histogram({
      name: "vinscope_http_request_duration_seconds",
      help: "Requests answered by the API routes, by route template, method and status class, and how long they took.",
      labelNames: ["route", "method", "status_class"],
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
    reportSections: new Counter({
      name: "vinscope_report_sections_total",
      help: "Sections of VIN reports composed, by section and the status it answered with.",
      labelNames: ["section", "status"],
      registers: [registry],
    }),
    outsideCalls: new Counter({
      name: "vinscope_outside_calls_total",
      help: "Calls to outside systems by source and outcome (ok, failed, error, ignored; refused: the breaker was open; bulkhead_full: no slot).",
      labelNames: ["source", "outcome"],
      registers: [registry],
    }),
    outsideCallDuration: new Histogram({
      name: "vinscope_outside_call_duration_seconds",
      help: "How long the calls made to outside systems took, by source (calls the breaker refused are not made).",
      labelNames: ["source"],
      buckets: CALL_BUCKETS,
      registers: [registry],
    }),
    breakers: sampledGauge(
      "vinscope_outside_breakers",
      "Processes whose circuit breaker for a source is in each state (closed, open, half_open).",
      ["source", "state"],
    ),
    syncRuns: new Counter({
      name: "vinscope_sync_runs_total",
      help: "Runs of the scheduled jobs by job (label sync) and outcome (ok, unchanged, failed).",
      labelNames: ["sync", "outcome"],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: "vinscope_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome (delivered; retrying: refused, retry scheduled; failed: the last retry refused).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    writeBehindPending: sampledGauge(
      "vinscope_write_behind_pending",
      "Deferred database writes waiting in the write-behind queues.",
      [],
    ),
    writeBehindDropped: new Counter({
      name: "vinscope_write_behind_dropped_total",
      help: "Deferred database writes let go because the write-behind queue was full.",
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "vinscope_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by scope (address, key, signup, signin).",
      labelNames: ["scope"],
      registers: [registry],
    }),
    dbPool: sampledGauge(
      "vinscope_db_pool_connections",
      "PostgreSQL connections of the processes' pools by state (in_use, idle, waiting: queries waiting for one).",
      ["state"],
    ),
    mcpToolCalls: new Counter({
      name: "vinscope_mcp_tool_calls_total",
      help: "MCP tool calls by tool and outcome (ok, error).",
      labelNames: ["tool", "outcome"],
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as unknown as { __vinscopeMetrics?: Metrics; __vinscopeSamplers?: Map<string, Sampler> };
const samplers = () => (holder.__vinscopeSamplers ??= new Map());

/** This process's metrics, made on first use (the default process metrics start counting then). */
export function processMetrics(): Metrics {
  return (holder.__vinscopeMetrics ??= createMetrics());
}

/** This process's registry: what it answers when the primary collects, or what /metrics serves alone. */
export function processRegistry(): Registry {
  return processMetrics().registry;
}

/** `200` → `2xx`: the status as a class keeps one series per class instead of one per code. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** One request answered by an API route: `route` is its path template (`/api/public/vin/{vin}`). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  processMetrics().requestDuration.observe({ route, method, status_class: statusClass(status) }, seconds);
}

export function countReportSection(section: string, status: string): void {
  processMetrics().reportSections.inc({ section, status });
}

export type OutsideOutcome = "ok" | "failed" | "error" | "ignored" | "refused" | "bulkhead_full";

/** One call to an outside system; `seconds` when it was made (a refused call is not). */
export function countOutsideCall(source: string, outcome: OutsideOutcome, seconds?: number): void {
  const m = processMetrics();
  m.outsideCalls.inc({ source, outcome });
  if (seconds !== undefined) m.outsideCallDuration.observe({ source }, seconds);
}

export function countSyncRun(job: string, outcome: string): void {
  processMetrics().syncRuns.inc({ sync: job, outcome });
}

export function countWebhookDeliveries(outcome: "delivered" | "retrying" | "failed", count: number): void {
  if (count > 0) processMetrics().webhookDeliveries.inc({ outcome }, count);
}

export function countWritesDropped(count: number): void {
  if (count > 0) processMetrics().writeBehindDropped.inc(count);
}

export function countRateLimitRefusal(scope: "address" | "key" | "signup" | "signin"): void {
  processMetrics().rateLimitRefusals.inc({ scope });
}

export function countMcpToolCall(tool: string, outcome: "ok" | "error"): void {
  processMetrics().mcpToolCalls.inc({ tool, outcome });
}

/**
 * Registers what a sampled gauge reads at scrape time: `breakers` (each breaker's state), `writeBehind`
 * (queue depth), `dbPool` (the pool's connections). The part of the process that holds the state registers it
 * once; a later registration replaces it (a rebuilt pool). Registering makes no metrics: a CLI process that
 * never serves /metrics pays nothing for it.
 */
export function sampleAtScrape(gauge: "breakers" | "writeBehind" | "dbPool", sampler: Sampler): void {
  const name = {
    breakers: "vinscope_outside_breakers",
    writeBehind: "vinscope_write_behind_pending",
    dbPool: "vinscope_db_pool_connections",
  }[gauge];
  samplers().set(name, sampler);
}
