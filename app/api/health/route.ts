import { ApiError } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { healthReport } from "@/lib/health";
import { databaseRetryAfterSeconds } from "@/lib/http/problem";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Polled every few seconds: a healthy answer is logged when the status changes, not at every poll.
export const GET = route(
  UNDOCUMENTED_ROUTES.health,
  async () => {
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
    // Not ready while this process warms up (lib/http/warm-up.ts): a load balancer's readiness check, or a script
    // waiting for the server, waits the few seconds; requests that come meanwhile are served as always.
    if (report.warmUp.state === "warming")
      return json(
        { ...report, status: "warming_up" },
        { status: 503, headers: { "Retry-After": "1" }, expected: true },
      );
    return json(report);
  },
  { logSuccessChangesOnly: true },
);
