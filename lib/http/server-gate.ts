/**
 * The server gate: the one place this app meets Node's HTTP server before Next.js sees a request. Next.js gives
 * no hook ahead of its own parsing (proxy.ts runs after it, and a request Next fails to parse never reaches
 * proxy.ts), so the gate patches `http.Server.prototype.emit` once per server process (instrumentation.ts) and runs
 * its steps in this order:
 *  1. refuse what Next.js would answer with a bare 500: a TRACE/TRACK/CONNECT method, a target that is not a path
 *     (early-refusal.ts); such a request goes no further;
 *  2. stamp the request with its socket address (the client address rate limits count against:
 *     client-address.ts) and with when it arrived (arrival.ts), both in headers of ours that a client cannot set;
 *  3. give a request that declares a body its deadline (body-deadline.ts);
 *  4. on a page, watch for a database fault to answer it with a 503 page (page-fault.ts);
 *  5. trim Next's router headers from the Vary of an answer that is no page (vary.ts);
 *  6. hand the request on to Next.js once the burst of connections under way has been taken (connection-burst.ts).
 * The path, method and request-target checks of a request that gets through are proxy.ts's and route()'s alone.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { ARRIVED_HEADER, arrivalOfRequest, BusyStretch, type LoopMoment } from "./arrival";
import { watchBodyDeadline } from "./body-deadline";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { ConnectionBurst } from "./connection-burst";
import { refuseEarly } from "./early-refusal";
import { watchForPageFault } from "./page-fault";
import { trimVaryOnWriteHead } from "./vary";

const installed = globalThis as unknown as { __vinscopeServerGate?: boolean };

/**
 * Set on a socket when it connects and again when each answer on it has gone out: from then on it was ready for
 * its next request (arrival.ts).
 */
const READY = Symbol("vinscope.ready");
type Tracked = { [READY]?: LoopMoment };

const momentNow = (): LoopMoment => ({ at: performance.now(), idle: performance.eventLoopUtilization().idle });

/**
 * Step 2. The request is stamped here and handled on a later turn of the event loop (step 6), not at once: the
 * requests whose bytes came in together are all stamped first. Handled at once, each would run its synchronous
 * start (routing, the decode, starting its calls: milliseconds) before the next one is even read, so the fifth of
 * five requests arriving together would be stamped tens of milliseconds late, and its live budget would end that
 * much past its real arrival. And a request read at the end of a busy stretch is dated back to when it can first
 * have come (arrivalOfRequest): from when its socket was ready, plus the time the loop then spent waiting for I/O.
 */
class ArrivalStamp {
  private readonly loop = new BusyStretch();

  /** A moment the gate sees, noted for the busy stretch. */
  private seen(): LoopMoment {
    const now = momentNow();
    this.loop.observe(now);
    return now;
  }

  connected(socket: Tracked): void {
    socket[READY] = this.seen();
  }

  stamp(req: http.IncomingMessage, res: http.ServerResponse): void {
    const socket = req.socket as (typeof req.socket & Tracked) | null;
    const ready = socket?.[READY];
    const read = momentNow();
    const busySince = this.loop.observe(read);
    let arrived = read.at;
    if (socket) {
      if (ready) arrived = arrivalOfRequest(read, ready, busySince);
      socket[READY] = undefined;
      // A client sends its next request on a kept-alive connection once it has this answer.
      res.once("finish", () => {
        if (!socket.destroyed) socket[READY] = this.seen();
      });
    }
    req.headers[ARRIVED_HEADER] = String(arrived);
    const peer = req.socket?.remoteAddress;
    if (peer) req.headers[PEER_ADDRESS_HEADER] = peer;
    else delete req.headers[PEER_ADDRESS_HEADER];
  }
}

export function installServerGate(): void {
  if (installed.__vinscopeServerGate) return;
  installed.__vinscopeServerGate = true;
  const arrival = new ArrivalStamp();
  const burst = new ConnectionBurst();
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection") {
      arrival.connected(args[0] as Tracked);
      burst.connected();
      return emit.call(this, event, ...args);
    }
    if (event !== "request") return emit.call(this, event, ...args);
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    if (refuseEarly(req, res)) return true;
    arrival.stamp(req, res);
    watchBodyDeadline(req, res);
    // The page-fault answer wraps writeHead before the Vary trim does, so the trim runs first on every head sent.
    watchForPageFault(req, res);
    trimVaryOnWriteHead(res);
    burst.start(() => emit.call(this, event, ...args));
    // What emit answers for a listened-to event; Node's HTTP server does not read it for "request".
    return true;
  } as typeof http.Server.prototype.emit;
}
