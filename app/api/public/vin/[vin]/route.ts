import { parseVin } from "@/lib/api/common";
import { VinReportQuery } from "@/lib/api/vin-report";
import { parseInput, pathParam, queryObject } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { buildVinReport, reportIsDegraded } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route<{ params: Promise<{ vin: string }> }>({ name: "decodeVin", cache: "vin" }, async (req, { params }) => {
  const { vin } = await params;
  const flags = parseInput(VinReportQuery, queryObject(new URL(req.url)));
  const report = await buildVinReport(parseVin(pathParam(vin)), flags);
  // A degraded section (an outage, a fallback) must not sit in shared caches for a day.
  return json(report, reportIsDegraded(report) ? { cache: "degraded" } : {});
});
