/**
 * A server process's warm-up, before it says it is ready. V8 compiles a function to fast machine code only after
 * it has run it many times, so a fresh process serves the VIN report at about half its later speed until it has
 * answered some thousands of them (docs/benchmarks.md: `bench:http --report`). Under `npm start` each server process therefore
 * sends SERVER_WARM_UP_REQUESTS reports of sample VINs (lib/vin/sample-vins.ts) through the server's own port
 * first, and /api/health answers 503 `warming_up` until they are done, so a load balancer, or `npm start`'s own
 * readiness wait, sends real traffic to warm processes. A request that comes meanwhile is served as always.
 *
 * A warm-up request carries the token `npm start`'s primary made for this start (VINSCOPE_WARM_UP_TOKEN, in the
 * server processes' environment only). The server process it reaches (any of them: the port is shared) answers it
 * with every outside system off (config's withOutsideSystemsOff: nothing is asked of NHTSA, EPA or Anthropic),
 * keeps its answers out of the report's memos and insight cache, and neither rate-limits nor logs it.
 */
import http from "node:http";
import { config, localServerHost } from "../config";
import { log } from "../log";
import { decodeValidVin, vpicData } from "../vin";
import type { Vin } from "../vin";
import { synthesiseVins } from "../vin";
import type { VpicData } from "../vin";
import { WARM_UP_HEADER, warmUpState, warmUpToken as token, type WarmUpState } from "./warm-up-request";

/** Requests in flight per process while it warms up (two processes on two cores keep both busy). */
const CONNECTIONS = 4;
/** Past this a process says it is ready however far its warm-up got (a slow machine, a stuck database). */
const MAX_WARM_UP_MS = 30_000;
/** How long the first request may wait for the port (the process listens once its start-up is done). */
const PORT_WAIT_MS = 30_000;
/** Of the sample VINs (the benchmarks use others). */
const WARM_UP_SEED = 1;

/** Starts this process's warm-up in the background (instrumentation.ts); /api/health says when it is done. */
export function startWarmUp(): void {
  const state = warmUpState();
  if (state.state !== "warming") return;
  warmUp(state).catch((error) => {
    log().warn({ err: error }, "warm-up failed; serving without it");
    state.state = "ready";
  });
}

async function warmUp(state: WarmUpState): Promise<void> {
  const started = performance.now();
  const count = config().serverWarmUpRequests;
  const vins = warmUpVins(vpicData(), count);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = started + MAX_WARM_UP_MS;
  try {
    await untilListening(agent, vins[0]);
    let next = 0;
    const worker = async () => {
      while (next < vins.length && performance.now() < deadline) {
        const vin = vins[next++];
        const status = await get(agent, `/api/public/vin/${vin}`).catch(() => 0);
        state.requests++;
        if (status !== 200) state.failed++;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    agent.destroy();
  }
  state.ms = Math.round(performance.now() - started);
  log().info({ requests: state.requests, failed: state.failed, ms: state.ms }, "server process warmed up");
  state.state = "ready";
}

/**
 * The VINs of a warm-up, the same in every process and start: decodable ones only (the report's whole path, not the
 * 404 of a VIN vPIC cannot name). Made up: one may match a real VIN by chance, and nothing of its answer is kept.
 */
export function warmUpVins(data: VpicData, count: number): Vin[] {
  return synthesiseVins(data, count * 2, WARM_UP_SEED)
    .filter((vin) => {
      const decode = decodeValidVin(data, vin);
      return decode.ok && decode.decoded.model;
    })
    .slice(0, count);
}

/** The first request, retried until the server listens. */
async function untilListening(agent: http.Agent, vin: string): Promise<void> {
  const until = performance.now() + PORT_WAIT_MS;
  for (;;) {
    try {
      await get(agent, `/api/public/vin/${vin}`);
      return;
    } catch (error) {
      if (performance.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function get(agent: http.Agent, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: localServerHost(config().host),
        port: config().port,
        path,
        agent,
        headers: { [WARM_UP_HEADER]: token() ?? "" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("warm-up request timed out")));
    req.on("error", reject);
  });
}
