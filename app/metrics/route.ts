// Prometheus scrapes the whole instance here (lib/http/metrics-endpoint.ts): off without METRICS_TOKEN.
import { metricsResponse } from "@/lib/http/metrics-endpoint";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return metricsResponse(req);
}
