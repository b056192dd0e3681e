import { ApiError } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { healthReport } from "@/lib/health";
import { databaseRetryAfterSeconds } from "@/lib/http/problem";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(UNDOCUMENTED_ROUTES.health, async () => {
  const report = await healthReport();
  if (!report.db.ok) {
    throw new ApiError(
      503,
      "Service Unavailable",
      `The ${report.db.provider} database cannot serve${report.db.fault ? ` (${report.db.fault.replace("_", " ")})` : ""}.`,
      { reason: "database_unavailable", version: report.version, db: report.db },
      { "Retry-After": String(databaseRetryAfterSeconds()) },
    );
  }
  return json(report);
});
