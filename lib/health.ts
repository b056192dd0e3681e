/** What /api/health reports: the build, the database round trip, and the process. */
import { dbProvider, pingDb } from "./db";
import { SERVICE_VERSION } from "./version";

export async function healthReport() {
  const ping = await pingDb();
  return {
    status: ping.ok ? ("ok" as const) : ("degraded" as const),
    version: SERVICE_VERSION,
    db: { ok: ping.ok, provider: dbProvider(), latencyMs: ping.latencyMs, ...(ping.fault ? { fault: ping.fault } : {}) },
    uptimeSeconds: Math.round(process.uptime()),
    checkedAt: new Date().toISOString(),
  };
}
