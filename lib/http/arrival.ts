/**
 * When a request reached this server process, on performance.now()'s clock: stamped by the server's own request
 * hook (installPeerAddress in client-address.ts, which overwrites whatever a client sent under the same name)
 * before Next.js routes it. A report's live budget counts from here, so the time a request spent queued behind
 * others in this process is part of the budget, not added to it.
 */
export const ARRIVED_HEADER = "x-vinscope-arrived";

/** A new connection, as the request hook saw it come in: when, and the event loop's idle time by then. */
export interface NewConnection {
  /** performance.now() when the connection reached this process. */
  at: number;
  /** performance.eventLoopUtilization().idle at that moment: the loop's time spent waiting for I/O, in ms. */
  idle: number;
}

/** The loop waiting this long (ms) after the connection came in means it was free to read, and read nothing. */
const WAITED_MS = 0.5;
/** A request read this long after its connection is stamped when read, whatever the loop did meanwhile. */
const MAX_BACKDATE_MS = 1_000;

/**
 * When the first request of a connection reached this process. A client opens a connection and sends its request
 * at once, and a busy process reads it late: each server process is handed one new connection at a time, and
 * between two it runs the starts of the requests it already has (tens of milliseconds when ten clients connect
 * together). Stamped when read, such a request's live budget would end that much past its real arrival.
 *
 * So the first request of a connection counts from the connection, unless the event loop waited for I/O in
 * between: a loop that waited was free to read, so the bytes came later (a browser's connection opened ahead
 * of its request), and the request counts from when it was read. A loop that never waited may still have read
 * bytes that came during its busy stretch: the error is at most that stretch, capped at MAX_BACKDATE_MS.
 */
export function arrivalOfFirstRequest(readAt: number, connection: NewConnection, idleNow: number): number {
  if (idleNow - connection.idle > WAITED_MS) return readAt;
  if (readAt - connection.at > MAX_BACKDATE_MS) return readAt;
  return Math.min(connection.at, readAt);
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
