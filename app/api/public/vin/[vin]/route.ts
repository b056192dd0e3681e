import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { buildVinReport, reportIsDegraded } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route(operations.decodeVin, async (_req, { params, query }, { arrivedAt }) => {
  const report = await buildVinReport(params.vin, query, { arrivedAt });
  // A degraded section (an outage, a fallback) must not sit in shared caches for a day.
  return json(report, reportIsDegraded(report) ? { cache: "degraded" } : {});
});
