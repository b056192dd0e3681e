/**
 * Deadlines for calls to outside systems and for the sections of an answer, on the platform's own
 * AbortSignal.timeout / AbortSignal.any (no hand-made timer races): one signal that aborts at the deadline or
 * when the caller gives up (a client that disconnected, an outer deadline), whichever comes first.
 */

/** setTimeout's (and so AbortSignal.timeout's) largest delay; a longer one would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

export function deadlineSignal(ms: number, ...outer: Array<AbortSignal | undefined>): AbortSignal {
  const delay = Math.min(MAX_DELAY_MS, Math.max(0, Math.ceil(ms)));
  const signals = [AbortSignal.timeout(delay), ...outer.filter((s): s is AbortSignal => s !== undefined)];
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

/**
 * Waits for `work` until `signal` aborts, then answers `onAbort()` instead (or rejects with what it throws).
 * The work itself goes on (a shared flight whose answer fills a cache for the next caller); only this caller
 * stops waiting. A failure of the work after that has nobody to answer and is not left unhandled.
 */
export function untilAborted<T, U>(work: Promise<T>, signal: AbortSignal | undefined, onAbort: () => U): Promise<T | U> {
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
export function withDeadline<T>(label: string, ms: number, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const signal = deadlineSignal(ms, outer);
  let started: Promise<T>;
  try {
    started = work(signal);
  } catch (error) {
    return Promise.reject(error);
  }
  return untilAborted(started, signal, (): never => {
    if (outer?.aborted) throw outer.reason;
    throw new DeadlineExceeded(label, ms);
  });
}
