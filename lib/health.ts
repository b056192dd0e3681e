/** What /api/health reports: the build, the database round trip, the process and its warm-up, the outside systems' breakers and the scheduled syncs. */
import { dbProvider, pingDb } from "./db";
import { jobsReport, recallMirrorReport } from "./jobs/overview";
import { breakerHealth } from "./outside";
import { warmUpState } from "./http/warm-up-request";
import { SERVICE_VERSION } from "./version";

export async function healthReport() {
  const ping = await pingDb();
  return {
    status: ping.ok ? ("ok" as const) : ("degraded" as const),
    version: SERVICE_VERSION,
    db: {
      ok: ping.ok,
      provider: dbProvider(),
      latencyMs: ping.latencyMs,
      ...(ping.fault ? { fault: ping.fault } : {}),
    },
    uptimeSeconds: Math.round(process.uptime()),
    // This server process's warm-up (lib/http/warm-up.ts): it is not ready until it is done.
    warmUp: { ...warmUpState() },
    // Job status lives in the database: unknown (null) when it cannot be read, never a guess.
    jobs: ping.ok ? await jobsReport().catch(() => null) : null,
    recallMirror: ping.ok ? await recallMirrorReport().catch(() => null) : null,
    // The outside systems as this server process sees them (each process keeps its own breakers): a breaker
    // that is open means that section is answered degraded at once, without waiting on the system.
    outside: breakerHealth(),
    checkedAt: new Date().toISOString(),
  };
}
