import { ApiError } from "@/lib/api/errors";
import { healthReport } from "@/lib/health";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ name: "health", cache: "none" }, async () => {
  const report = await healthReport();
  if (!report.db.ok) {
    throw new ApiError(503, "Service Unavailable", `The ${report.db.provider} database is unreachable.`, {
      reason: "database_unavailable",
      version: report.version,
      db: report.db,
    });
  }
  return json(report);
});
