/**
 * What every client of an outside system (NHTSA's APIs, EPA, Anthropic, Stripe, SMTP, manufacturer
 * hosts) shares.
 *
 * Breakers (breaker.ts), one per named system or host, on cockatiel's SamplingBreaker (a failure rate in a short
 * window, slow calls counted as failures the moment they pass OUTSIDE_SLOW_CALL_MS):
 *
 *   const answer = await breakerFor("nhtsa-recalls").run(() => askNhtsa(q), {
 *     failed: (a) => !a.ok && a.reason !== "aborted",   // what counts against the system
 *     open: () => ({ ok: false, reason: "breaker_open", detail: "…" }),  // answered at once while open
 *   });
 *
 *   breakerFor(name)          the breaker of a system/host (created on first use; OUTSIDE_BREAKER_FAILURES
 *                             calls within OUTSIDE_BREAKER_WINDOW_MS, over half of them failed, open it for
 *                             OUTSIDE_BREAKER_COOLDOWN_MS, then the next call is the probe: success closes it,
 *                             failure opens it again)
 *   watchSlowCall()           arms the slow-call timer of the breaker the call runs under (fetchJson does)
 *
 * Bulkheads (bulkhead.ts), one per system, on cockatiel's bulkhead with a short backlog:
 *
 *   bulkheadFor(name).run(work, refused)   at most OUTSIDE_BULKHEAD_LIMIT in flight, OUTSIDE_BULKHEAD_BACKLOG
 *                                          waiting for a slot; one more gets refused()
 *   bulkhead.full             every slot taken
 *   bulkhead.queuing          every slot taken and the backlog has room: a call would wait its turn
 *                             (bulkhead.waitingReason says so in a section's words)
 *   bulkhead.refusing         every slot and the backlog taken: a call would be refused
 *   breaker.refusing          true while calls are answered degraded without asking (check before waiting)
 *   breaker.state / health()  "closed" | "open" | "half_open", when it opened, the last failure
 *   breakerHealth()           every breaker of this process (health reporting)
 *
 * Bounded caches and single flight (memo.ts), on lru-cache (its `fetch` shares one load among callers):
 *
 *   const memo = new BoundedMemo<Answer>({ max: 5000, maxBytes: 8 << 20 });
 *   memo.get(key, () => load(key), (a) => (a.ok ? 0 : config().outside.failureMemoMs))
 *
 *   BoundedMemo.get(key, load, ttlFor)  remembered answer, else one load shared by concurrent callers; the
 *                                       answer is kept ttlFor(answer) ms (0 = not kept): a short negative
 *                                       cache for failures makes a burst for one vehicle one call
 *   boundedCache({ max, maxBytes, sizeOf?, ttlMs? })  a plain LRUCache for get/set uses
 *   every cache is bounded in entries and bytes (sizeOf, default approximateBytes: a string's length, an object's
 *   JSON text)
 *   memo.inFlight / loading(key) / settled()  loads under way (a cap on requests; a CLI waiting before exit)
 *
 * Deadlines (deadline.ts): one AbortSignal for a deadline and the caller's signals, cleared when the work is over
 * (AbortSignal.timeout's timer cannot be, so each one would live until its deadline):
 *
 *   startDeadline(ms, ...outer)         { signal, clear() }: aborts at ms or with any outer signal
 *   untilAborted(work, signal, onAbort) stop waiting (not working) when the caller gives up; onAbort may throw
 *   withDeadline(label, ms, work, outer) work(signal) under a deadline; rejects with DeadlineExceeded at it
 *
 * Retries (retry.ts), on p-retry, for typed answers:
 *
 *   retryAnswer(attempt, { retries, backoffMs, retryable, retryableError?, signal? })
 *                                       the last answer when attempts run out or the caller gives up
 *
 * Host queues (host-queue.ts), on p-queue:
 *
 *   new HostQueues(concurrency, intervalMs).run(host, signal, task, maxQueue?)
 *                                       per-host concurrency and spacing; a full queue throws HostQueueFull;
 *                                       an aborted waiter leaves the queue
 *
 * One JSON GET (json-fetch.ts): fetchJson(url, { timeoutMs, signal, retries, backoffMs }) = deadline per
 * attempt + retryAnswer, typed failures; systemFailed(answer) says whether it counts against the breaker.
 *
 * Big data files (line-file.ts): openLineFile(file, { pattern, label }) = a plain file or the matching entries
 * of a .zip as { totalBytes, lines(onBytes) }, streamed line by line (FLAT_RCL, FLAT_CMPL, EPA's vehicles.csv).
 */

export { Breaker, breakerFor, breakerHealth, configuredBreaker, resetBreakersForTests, watchSlowCall } from "./breaker";
export { bulkheadFor } from "./bulkhead";
export { BoundedMemo, boundedCache } from "./memo";
export {
  startDeadline,
  untilAborted,
  withDeadline,
  DeadlineExceeded,
  msLeftSince,
  notAnsweredWithin,
} from "./deadline";
export { retryAnswer } from "./retry";
export { platformFetch } from "./platform-fetch";
export { HostQueues, HostQueueFull } from "./host-queue";

export { fetchJson, systemFailed, type FetchFailure } from "./json-fetch";

// Reached from outside the room (issue 46: every import of it comes through this door).
export { openLineFile } from "./line-file";
export type { LineSource } from "./line-file";
