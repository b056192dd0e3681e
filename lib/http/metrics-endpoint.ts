/**
 * GET /metrics (app/metrics/route.ts): the whole instance's Prometheus metrics (lib/metrics/cluster.ts) plus the
 * database's facts (lib/jobs/instance-metrics.ts), in the Prometheus text format.
 *
 * Off (404, as if there were no such route) without METRICS_TOKEN; with it, only `Authorization: Bearer <token>`
 * is answered (401 otherwise). Never cached, and outside the rate-limited paths (lib/rate-limit/paths.ts), so
 * a scraper is never refused for scraping. Not counted in the request metrics either: a scrape every 15 s would
 * otherwise be most of a quiet instance's traffic.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { AggregatorRegistry } from "prom-client";
import { config } from "../config";
import { instanceFacts } from "../jobs/instance-metrics";
import { log } from "../log";
import { instanceMetrics, type MetricsJson } from "../metrics/cluster";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function tokenMatches(header: string | null, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(`${text}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });

export async function metricsResponse(req: Request): Promise<Response> {
  const token = config().observability.metricsToken;
  if (!token) return plain(404, "Not found.");
  if (!tokenMatches(req.headers.get("authorization"), token)) {
    return plain(401, "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.", {
      "www-authenticate": 'Bearer realm="metrics"',
    });
  }
  try {
    const [processes, facts] = await Promise.all([instanceMetrics(), databaseFacts()]);
    const registry = AggregatorRegistry.aggregate([processes, facts]);
    return new Response(await registry.metrics(), {
      status: 200,
      headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    });
  } catch (error) {
    log().warn({ err: error }, "metrics scrape failed");
    return plain(503, "The instance's metrics could not be collected; try again.", { "retry-after": "5" });
  }
}

/** The database's facts; while the database cannot answer, the scrape still shows the processes' metrics. */
async function databaseFacts(): Promise<MetricsJson> {
  try {
    return await instanceFacts();
  } catch (error) {
    log().warn({ err: error }, "metrics scrape: the database's facts could not be read");
    return [];
  }
}
