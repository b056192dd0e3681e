/**
 * Runs once when a server process starts (Next.js instrumentation hook): compiles the vPIC tables, the catalog
 * of makes and models over them, the MCP tool list and the VIN report's in-memory indexes (lib/report/warm.ts)
 * before the first request, so no visitor waits for them.
 * A failure is logged, not fatal: /api/health still answers and
 * the decoder retries on first use. It also installs the server gate (lib/http/server-gate.ts: what is answered or
 * stamped before Next.js sees a request; a page that fails on a database fault is answered there with a 503 page,
 * marked by onRequestError below) and builds the rate limiter (lib/rate-limit/limits.ts). (Under
 * `npm start` a server process stops when its primary is gone: cli/server/exit-with-parent.cjs, preloaded.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: a finished request must not be kept alive by the Immediates it ran beside.
  const { unlinkRunImmediates } = await import("./lib/http/immediate-links");
  unlinkRunImmediates();
  // Traces only when an OTLP endpoint is configured (lib/metrics/otel.ts); otherwise the SDK is never loaded. First,
  // so that what follows (the warm-up's queries) is traced under the same provider.
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    const { startTracing } = await import("./lib/metrics/otel");
    startTracing();
  }
  // This process's metrics from its start; under npm start, its answers to the primary's collection for GET /metrics.
  const { processMetrics } = await import("./lib/metrics/process-metrics");
  processMetrics();
  const { answerMetricsCollection } = await import("./lib/metrics/cluster");
  answerMetricsCollection();
  // The one gate before Next.js sees a request (lib/http/server-gate.ts): early refusals, the peer address and
  // arrival stamps, the body deadline, the page-fault answer and the Vary trim.
  const { installServerGate } = await import("./lib/http/server-gate");
  installServerGate();
  notePageError = (await import("./lib/http/page-fault")).notePageError;
  const { log } = await import("./lib/log");
  // WEBHOOK_ALLOW_PRIVATE_NETWORKS=true is said once per instance: by the first server process of npm start's cluster.
  const { default: cluster } = await import("node:cluster");
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    try {
      const { warnIfAddressChecksOff } = await import("./lib/alerts/address-policy");
      warnIfAddressChecksOff("server");
    } catch (error) {
      log().error({ err: error }, "the webhook address settings could not be read at start");
    }
  }
  // On PostgreSQL: this process joins those sharing the public quota before its first request.
  try {
    const { prepareRateLimits } = await import("./lib/rate-limit");
    prepareRateLimits();
  } catch (error) {
    log().error({ err: error }, "the rate limiter could not be built at start; it is built on first use");
  }
  // Dealer usage that processes of this host killed outright had counted and not yet written: in the background.
  import("./lib/dealers")
    .then(({ replayUsageOfKilledProcesses }) => replayUsageOfKilledProcesses())
    .catch((error) => log().warn({ err: error }, "dealer usage journals could not be replayed at start"));
  const started = performance.now();
  try {
    const { warmVinIndexes } = await import("./lib/vin");
    warmVinIndexes();
    const { toolList } = await import("./lib/mcp");
    toolList();
    log().info({ ms: Math.round(performance.now() - started) }, "vPIC tables, catalog and MCP tool list loaded");
  } catch (error) {
    log().error({ err: error }, "vPIC tables could not be loaded at start; decoding will retry on first use");
  }
  // The report's in-memory indexes before the first request (Next.js answers none, /api/health included, until
  // this function returns), so a load balancer sends no traffic to a process still loading them; past
  // INDEX_WAIT_MS the load goes on in the background and a request that comes first waits for the same load.
  const indexes = import("./lib/report")
    .then(({ warmReportData }) => warmReportData())
    .catch((error) =>
      log().warn({ err: error }, "report indexes could not be loaded at start; each loads on first use"),
    );
  const waited = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const loaded = await Promise.race([
    indexes.then(() => true),
    new Promise<false>((r) => (timer = setTimeout(() => r(false), INDEX_WAIT_MS))),
  ]);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - waited);
  if (loaded) log().info({ ms }, "report indexes loaded");
  else log().warn({ ms }, "report indexes still loading; serving meanwhile (each lookup waits for its load)");
  // Under `npm start`: VIN reports through the port until V8 has compiled the hot code; /api/health says ready after.
  const { startWarmUp } = await import("./lib/http/warm-up");
  startWarmUp();
  const { releaseMemoryWhenIdle } = await import("./lib/http/idle-memory");
  releaseMemoryWhenIdle();
}

let notePageError: ((error: unknown, headers: Record<string, string | string[] | undefined>) => void) | undefined;

/**
 * Next.js calls this with every error a page, route or action failed on, before the answer's status is sent: a
 * database fault marks the request to be answered 503 (lib/http/page-fault.ts). Synchronous when register() has
 * run, so the mark is there before Next writes its 500.
 */
export function onRequestError(
  error: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
): void | Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (notePageError) return notePageError(error, request.headers);
  return import("./lib/http/page-fault").then(({ notePageError }) => notePageError(error, request.headers));
}

/** How long a starting process waits for the report's indexes before it serves (about 5 s at full size). */
const INDEX_WAIT_MS = 10_000;
