/**
 * Retries on p-retry, for answers rather than thrown errors: the clients here return typed failures
 * ({ ok: false, reason }) and say which of them are worth asking again. The last answer is returned when
 * the attempts run out, or when the caller's signal aborts (during the backoff, nobody waits any longer).
 */
import pRetry from "p-retry";

export interface RetryOptions<T> {
  /** Attempts after the first. */
  retries: number;
  /** Wait before the first retry (ms); later ones wait `factor` times longer each (default 1: constant). */
  backoffMs: number;
  factor?: number;
  /** Whether this answer is worth another attempt (a timeout, a 5xx), not final (a 4xx, a success). */
  retryable: (answer: T) => boolean;
  /** Whether a thrown error is worth another attempt (default: no, it reaches the caller). */
  retryableError?: (error: unknown) => boolean;
  signal?: AbortSignal;
}

/** An answer to try again, carried through p-retry, which retries thrown errors. */
class RetryableAnswer<T> extends Error {
  constructor(readonly answer: T) {
    super("retryable answer");
  }
}

/** A thrown error that is not worth another attempt, carried past p-retry's own rules. */
class FinalError extends Error {
  constructor(readonly error: unknown) {
    super("final error");
  }
}

export async function retryAnswer<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  opts: RetryOptions<T>,
): Promise<T> {
  // A caller that already gave up gets the one attempt's answer (which says so), without retries.
  if (opts.signal?.aborted) return attempt(1);
  let last: { answer: T } | undefined;
  try {
    return await pRetry(
      async (n) => {
        let answer: T;
        try {
          answer = await attempt(n);
        } catch (error) {
          throw opts.retryableError?.(error) ? error : new FinalError(error);
        }
        last = { answer };
        if (opts.retryable(answer)) throw new RetryableAnswer(answer);
        return answer;
      },
      {
        retries: opts.retries,
        minTimeout: opts.backoffMs,
        factor: opts.factor ?? 1,
        signal: opts.signal,
        shouldRetry: ({ error }) => !(error instanceof FinalError),
      },
    );
  } catch (error) {
    if (error instanceof RetryableAnswer) return error.answer as T;
    if (error instanceof FinalError) throw error.error;
    // The caller gave up between attempts (or as the last one answered): its last answer stands.
    if (opts.signal?.aborted && last) return last.answer;
    throw error;
  }
}
