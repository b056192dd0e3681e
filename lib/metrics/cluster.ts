/**
 * One scrape for the whole instance. Under `npm start` the server processes are node:cluster workers of one
 * primary, and the job runner is one more child of it; GET /metrics reaches whichever server process the primary
 * hands the connection to. That process asks the primary (IPC), the primary asks every server process and the job
 * runner for their registries (getMetricsAsJSON), adds them and its own up with prom-client's
 * AggregatorRegistry.aggregate (each metric by its own aggregator: counters and histograms sum), and answers the
 * asking process. Under a plain `next start` there is no primary: a process serves its own registry.
 *
 * A process that does not answer within COLLECT_MS (one still starting, one stuck) is left out of that scrape
 * rather than failing it; `vinscope_scrape_processes` says how many of each kind were counted.
 */
import type { ChildProcess } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import { processRegistry } from "./process-metrics";

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

const SCRAPE = "vinscope:metrics:scrape";
const SCRAPED = "vinscope:metrics:scraped";
const COLLECT = "vinscope:metrics:collect";
const COLLECTED = "vinscope:metrics:collected";

/** How long the primary waits for each process's registry. */
const COLLECT_MS = 2000;
/** How long a server process waits for the primary's whole answer. */
const SCRAPE_MS = COLLECT_MS + 2000;

interface Message {
  type?: unknown;
  id?: unknown;
  metrics?: unknown;
}

const isMessage = (m: unknown, type: string): m is Message & { id: string } =>
  typeof m === "object" && m !== null && (m as Message).type === type && typeof (m as Message).id === "string";

/**
 * In a server process or the job runner: answer the primary's requests for this process's registry. Idempotent.
 */
export function answerMetricsCollection(): void {
  const holder = globalThis as unknown as { __vinscopeAnswersCollect?: boolean };
  if (!process.send || holder.__vinscopeAnswersCollect) return;
  holder.__vinscopeAnswersCollect = true;
  process.on("message", (message: unknown) => {
    if (!isMessage(message, COLLECT)) return;
    processRegistry()
      .getMetricsAsJSON()
      .then(
        (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }),
        () => process.send?.({ type: COLLECTED, id: message.id, metrics: [] }),
      );
  });
}

/** True in a server process started by `npm start`'s primary (cli/server/server-workers.ts marks them). */
function underPrimary(): boolean {
  return cluster.isWorker && process.env.VINSCOPE_WORKER === "1" && typeof process.send === "function";
}

/**
 * The instance's metrics as prom-client JSON: every process's when this one runs under the primary, else this
 * process's own.
 */
export async function instanceMetrics(): Promise<MetricsJson> {
  if (!underPrimary()) return processRegistry().getMetricsAsJSON();
  const id = randomUUID();
  return new Promise<MetricsJson>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error(`the primary did not answer the scrape within ${SCRAPE_MS} ms`));
    }, SCRAPE_MS);
    const onMessage = (message: unknown) => {
      if (!isMessage(message, SCRAPED) || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(Array.isArray(message.metrics) ? (message.metrics as MetricsJson) : []);
    };
    process.on("message", onMessage);
    process.send!({ type: SCRAPE, id });
  });
}

/** A process the primary collects from: a cluster worker or the job runner. */
interface Collected {
  kind: "server" | "job_runner";
  send(message: unknown): void;
  on(listener: (message: unknown) => void): () => void;
}

const asCollected = (worker: Worker): Collected => ({
  kind: "server",
  send: (m) => worker.send(m as object),
  on: (listener) => {
    worker.on("message", listener);
    return () => worker.off("message", listener);
  },
});

let jobRunner: ChildProcess | null = null;

/** In the primary: the job runner child now running (replaced when it is restarted). */
export function collectFromJobRunner(child: ChildProcess): void {
  jobRunner = child;
  child.once("exit", () => {
    if (jobRunner === child) jobRunner = null;
  });
}

function collectedProcesses(): Collected[] {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
  const out = workers.map(asCollected);
  const runner = jobRunner;
  if (runner?.connected) {
    out.push({
      kind: "job_runner",
      send: (m) => runner.send(m as object),
      on: (listener) => {
        runner.on("message", listener);
        return () => runner.off("message", listener);
      },
    });
  }
  return out;
}

/** One process's registry, or null when it does not answer in time. */
function collectOne(target: Collected, id: string): Promise<MetricsJson | null> {
  return new Promise((resolve) => {
    let stop = () => undefined as void;
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, COLLECT_MS);
    stop = target.on((message) => {
      if (!isMessage(message, COLLECTED) || message.id !== id) return;
      clearTimeout(timer);
      stop();
      resolve(Array.isArray(message.metrics) ? (message.metrics as MetricsJson) : []);
    });
    try {
      target.send({ type: COLLECT, id });
    } catch {
      clearTimeout(timer);
      stop();
      resolve(null);
    }
  });
}

/** In the primary: every process's registry and the primary's own, added up. */
async function collectInstance(): Promise<MetricsJson> {
  const id = randomUUID();
  const targets = collectedProcesses();
  const answers = await Promise.all(targets.map((t) => collectOne(t, id)));
  const counted = { server: 0, job_runner: 0, primary: 1 };
  const parts: MetricsJson[] = [await processRegistry().getMetricsAsJSON()];
  answers.forEach((answer, i) => {
    if (!answer) return;
    counted[targets[i].kind]++;
    parts.push(answer);
  });
  const processes = {
    name: "vinscope_scrape_processes",
    help: "Processes of the instance whose metrics this scrape added up, by kind (server, job_runner, primary).",
    type: "gauge",
    aggregator: "sum",
    values: Object.entries(counted).map(([kind, value]) => ({ labels: { kind }, value })),
  };
  parts.push([processes as unknown as MetricsJson[number]]);
  return AggregatorRegistry.aggregate(parts).getMetricsAsJSON();
}

/**
 * In the primary (cli/server/server-workers.ts): answer the server processes' scrapes. Call once, before the
 * workers are forked.
 */
export function serveInstanceScrapes(): void {
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage(message, SCRAPE)) return;
    collectInstance().then(
      (metrics) => worker.isConnected() && worker.send({ type: SCRAPED, id: message.id, metrics }),
      () => worker.isConnected() && worker.send({ type: SCRAPED, id: message.id, metrics: [] }),
    );
  });
}
