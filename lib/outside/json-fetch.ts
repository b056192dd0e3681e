/**
 * One GET of a JSON answer from an outside system, as every small client needs it: a deadline per attempt,
 * one retry after a short backoff on a network error, timeout, 5xx or 429 (a 4xx is the question's fault and
 * is not retried), the caller's abort signal honoured, and a typed failure instead of a thrown error.
 * Breakers and caches stay with the caller (breaker.ts, memo.ts): they know what a failure of their system is.
 */
import { watchSlowCall } from "./breaker";
import { startDeadline } from "./deadline";
import { platformFetch } from "./platform-fetch";
import { retryAnswer } from "./retry";

export type FetchFailure = {
  ok: false;
  reason: "offline" | "timeout" | "http_error" | "network_error" | "bad_response" | "aborted" | "breaker_open" | "busy";
  detail: string;
  /** The HTTP status when the system answered with an error. */
  status?: number;
};

export type FetchJsonAnswer = { ok: true; body: unknown } | FetchFailure;

export interface FetchJsonOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Attempts after the first on a retryable failure (default 1). */
  retries?: number;
  backoffMs?: number;
}

export async function fetchJson(url: string, opts: FetchJsonOptions): Promise<FetchJsonAnswer> {
  const answer = await retryAnswer(() => attempt(url, opts.timeoutMs, opts.signal), {
    retries: opts.retries ?? 1,
    backoffMs: opts.backoffMs ?? 250,
    retryable: (a) => !a.ok && a.retry,
    signal: opts.signal,
  });
  if (answer.ok) return answer;
  const { retry: _retry, ...failure } = answer;
  void _retry;
  return failure;
}

/** A failure of the system itself (down, slow, 5xx, 429, garbage), not of one question (a 4xx) or of a caller. */
export function systemFailed(answer: { ok: boolean; reason?: string; status?: number }): boolean {
  if (answer.ok) return false;
  if (answer.reason === "http_error")
    return answer.status === undefined || answer.status >= 500 || answer.status === 429;
  return answer.reason === "timeout" || answer.reason === "network_error" || answer.reason === "bad_response";
}

type Attempt = { ok: true; body: unknown } | (FetchFailure & { retry: boolean });

async function attempt(url: string, timeoutMs: number, outer?: AbortSignal): Promise<Attempt> {
  const deadline = startDeadline(timeoutMs, outer);
  const answered = watchSlowCall();
  let text: string;
  try {
    const res = await platformFetch(url, {
      signal: deadline.signal,
      headers: { accept: "application/json" },
      redirect: "error",
    });
    if (!res.ok) {
      await res.body?.cancel();
      return {
        ok: false,
        reason: "http_error",
        status: res.status,
        detail: `HTTP ${res.status}`,
        retry: res.status >= 500 || res.status === 429,
      };
    }
    text = await res.text();
  } catch (error) {
    if (outer?.aborted) return { ok: false, reason: "aborted", detail: "the caller gave up", retry: false };
    if (deadline.signal.aborted)
      return { ok: false, reason: "timeout", detail: `no answer within ${timeoutMs} ms`, retry: true };
    return {
      ok: false,
      reason: "network_error",
      detail: error instanceof Error ? error.message : String(error),
      retry: true,
    };
  } finally {
    answered();
    deadline.clear();
  }
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    // A maintenance page instead of JSON: a broken answer; asking again at once rarely helps.
    return { ok: false, reason: "bad_response", detail: `not JSON: ${text.slice(0, 60)}`, retry: false };
  }
}
