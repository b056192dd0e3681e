/**
 * Deadlines for calls to outside systems: one signal that aborts at the deadline or when the caller gives up
 * (a client that disconnected, an outer deadline), whichever comes first.
 */
export function deadlineSignal(ms: number, ...outer: Array<AbortSignal | undefined>): AbortSignal {
  const signals = [AbortSignal.timeout(ms), ...outer.filter((s): s is AbortSignal => s !== undefined)];
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

/**
 * Waits for `work` until `signal` aborts, then answers `onAbort()` instead. The work itself goes on (a shared
 * flight whose answer fills a cache for the next caller); only this caller stops waiting.
 */
export function untilAborted<T, U>(work: Promise<T>, signal: AbortSignal | undefined, onAbort: () => U): Promise<T | U> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.resolve(onAbort());
  }
  return new Promise<T | U>((resolve, reject) => {
    const abort = () => resolve(onAbort());
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
