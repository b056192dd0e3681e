/**
 * Deadlines for calls to outside systems and for the sections of an answer: one AbortSignal that aborts at the
 * deadline or when the caller gives up (a client that disconnected, an outer deadline), whichever comes first.
 *
 * Why not AbortSignal.timeout / AbortSignal.any: their timer cannot be cancelled, so every signal (and what it
 * references) lives until its deadline passes even when the work was over in a millisecond. One per request with
 * a 10 s deadline held ~1.6 KB each for 10 s and cost 11 µs a call on Node 20 (measured: 200,000 calls held
 * 320 MB); a Deadline's controller and timer cost under 1 µs and are let go when its work settles.
 */

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

export interface Deadline {
  readonly signal: AbortSignal;
  /** Stops the timer and lets go of the outer signals: call it once the work under the deadline is over. */
  clear(): void;
}

/**
 * What is left of a budget of `ms` counted from `since` (performance.now()'s clock: a request's arrival), in whole
 * milliseconds, never below 0: the request deadline and the report's live budget both count from arrival.
 */
export function msLeftSince(ms: number, since: number): number {
  return Math.max(0, Math.round(ms - (performance.now() - since)));
}

/** A deadline of `ms` that also aborts with any of `outer` (its reason passes through); clear it when done. */
export function startDeadline(ms: number, ...outer: Array<AbortSignal | undefined>): Deadline {
  const delay = Math.min(MAX_DELAY_MS, Math.max(0, Math.ceil(ms)));
  const controller = new AbortController();
  const unlink: Array<() => void> = [];
  const clear = () => {
    clearTimeout(timer);
    for (const u of unlink.splice(0)) u();
  };
  const abort = (reason: unknown) => {
    clear();
    controller.abort(reason);
  };
  // The platform's timeout signal aborts with a TimeoutError DOMException; so does this one.
  const timer = setTimeout(() => abort(new DOMException(`no answer within ${delay} ms`, "TimeoutError")), delay);
  // Like AbortSignal.timeout's, the timer alone does not keep a process (a CLI run) alive.
  timer.unref();
  for (const signal of outer) {
    if (!signal) continue;
    if (signal.aborted) {
      abort(signal.reason);
      break;
    }
    const forward = () => abort(signal.reason);
    signal.addEventListener("abort", forward, { once: true });
    unlink.push(() => signal.removeEventListener("abort", forward));
  }
  return { signal: controller.signal, clear };
}

/**
 * Waits for `work` until `signal` aborts, then answers `onAbort()` instead (or rejects with what it throws).
 * The work itself goes on (a shared flight whose answer fills a cache for the next caller); only this caller
 * stops waiting. A failure of the work after that has nobody to answer and is not left unhandled.
 */
export function untilAborted<T, U>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => U,
): Promise<T | U> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return new Promise<U>((resolve) => resolve(onAbort()));
  }
  return new Promise<T | U>((resolve, reject) => {
    const abort = () => {
      try {
        resolve(onAbort());
      } catch (error) {
        reject(error);
      }
    };
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * What a live answer logs of its source past the caller's live budget ("did not answer within 300 ms"; its twin for
 * a call waiting in a bulkhead: Bulkhead.waitingReason). People are never shown it: lib/sources/present.ts words a
 * section's status from its reason code.
 */
export function notAnsweredWithin(ms: number): string {
  return `did not answer within ${ms} ms`;
}

/** What a section or call that missed its deadline rejects with. */
export class DeadlineExceeded extends Error {
  constructor(
    readonly label: string,
    readonly ms: number,
  ) {
    super(`${label} did not answer within ${ms} ms`);
    this.name = "DeadlineExceeded";
  }
}

/**
 * Runs `work` under a deadline of `ms`: its signal aborts when the deadline passes (or `outer` aborts), so work
 * that honours it stops, and the caller gets DeadlineExceeded at the deadline whatever the work does
 * (`outer`'s reason when the caller gave up first).
 */
export function withDeadline<T>(
  label: string,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
): Promise<T> {
  const deadline = startDeadline(ms, outer);
  let started: Promise<T>;
  try {
    started = work(deadline.signal);
  } catch (error) {
    deadline.clear();
    return Promise.reject(error);
  }
  return untilAborted(started, deadline.signal, (): never => {
    if (outer?.aborted) throw outer.reason;
    throw new DeadlineExceeded(label, ms);
  }).finally(deadline.clear);
}
