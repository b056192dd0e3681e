/**
 * When a request reached this server process, on performance.now()'s clock: stamped by the server's own request
 * gate (lib/http/server-gate.ts, which overwrites whatever a client sent under the same name)
 * before Next.js routes it. A report's live budget counts from here, so the time a request spent queued behind
 * others in this process is part of the budget, not added to it.
 */
export const ARRIVED_HEADER = "x-vinscope-arrived";

/** A moment the request hook saw, with the event loop's idle time by then. */
export interface LoopMoment {
  /** performance.now() at that moment. */
  at: number;
  /** performance.eventLoopUtilization().idle at that moment: the loop's time spent waiting for I/O, in ms. */
  idle: number;
}

/** However busy the process, a request is never dated more than this (ms) before it was read. */
const MAX_BACKDATE_MS = 1_000;

/**
 * When the event loop's current busy stretch began, at the earliest, from the moments the request hook sees (a
 * connection, a request, an answer gone out): if the loop waited for I/O between two of them, the stretch under way
 * at the second began after the first plus that wait. Under load those moments come every few milliseconds, so the
 * bound is close; unknown (-Infinity) until the loop has been seen waiting.
 */
export class BusyStretch {
  private last: LoopMoment | null = null;
  private began = -Infinity;

  /** Notes a moment and answers when the busy stretch under way began, at the earliest. */
  observe(now: LoopMoment): number {
    if (this.last && now.idle > this.last.idle) this.began = this.last.at + (now.idle - this.last.idle);
    this.last = now;
    return this.began;
  }
}

/**
 * The earliest moment a request read at `read` can have reached this process: when it arrived, as closely as the
 * process can tell. A busy process reads a request late (a new connection's, as each process is handed one new
 * connection at a time; or the next request on a kept-alive connection, sent while the process handles the answers
 * of the outside calls its reports made). Stamped when read, the request's live budget would end that much past
 * its real arrival.
 *
 * An event loop that waits for I/O reads at once whatever has come in, so between a request's arrival and its read
 * the loop was busy the whole time: the request came no earlier than the start of the busy stretch it was read at
 * the end of (`busySince`, from BusyStretch). Nor before its socket was ready (`ready`: the connection, or the answer
 * to the request before it), plus the time the loop has waited since, for the same reason. The later of the two is
 * the stamp: never later than the request came, so its budget is never longer than asked.
 */
export function arrivalOfRequest(read: LoopMoment, ready: LoopMoment, busySince: number): number {
  const sinceReady = ready.at + Math.max(0, read.idle - ready.idle);
  return Math.min(read.at, Math.max(sinceReady, busySince, read.at - MAX_BACKDATE_MS));
}

/** The stamp of a request, or null when it did not come through the hook (a test calling a handler directly). */
export function arrivalOf(headers: Headers): number | null {
  return arrivalStamp(headers.get(ARRIVED_HEADER));
}

/** The stamp from the header's value (MCP hands tools the request's headers as a plain record). */
export function arrivalStamp(header: string | null | undefined): number | null {
  const value = Number(header);
  // A stamp from the future cannot be this process's: ignore it rather than extend a budget.
  return Number.isFinite(value) && value > 0 && value <= performance.now() ? value : null;
}
