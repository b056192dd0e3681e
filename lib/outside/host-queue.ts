/**
 * Politeness towards other people's servers (manufacturer hosts), on p-queue: one queue per host with at most
 * `concurrency` requests in flight and request starts at least `intervalMs` apart (a sliding window of one
 * start per interval). A waiting caller whose signal aborts (its deadline passed, its client went away)
 * leaves the queue at once, so the wait counts against its deadline. The queue is bounded: with `maxQueue`
 * callers already waiting for a host the next is refused (HostQueueFull) instead of waiting behind requests a
 * hanging host will not answer in time.
 */
import PQueue from "p-queue";

export class HostQueueFull extends Error {
  constructor(
    readonly host: string,
    readonly waiting: number,
  ) {
    super(`${waiting} requests are already waiting for ${host}`);
    this.name = "HostQueueFull";
  }
}

/**
 * Hosts come from configuration (the manufacturer URL templates), never from request input, so the set of
 * queues stays small; it is capped anyway, dropping only idle queues.
 */
const MAX_HOSTS = 64;

export class HostQueues {
  private readonly queues = new Map<string, PQueue>();

  constructor(
    readonly concurrency: number,
    readonly intervalMs: number,
  ) {}

  /**
   * Runs `task` in the host's queue. `signal` removes the caller from the queue while it waits (rejecting with
   * the signal's reason); once the task runs, the task itself honours it. `maxQueue`: refuse instead of
   * waiting when this many callers already wait (undefined: no cap).
   */
  async run<T>(host: string, signal: AbortSignal, task: () => Promise<T>, maxQueue?: number): Promise<T> {
    signal.throwIfAborted();
    const queue = this.queue(host);
    // Waiting callers plus those in flight: every slot taken and `maxQueue` waiting means refuse.
    if (maxQueue !== undefined && queue.pending + queue.size >= this.concurrency + maxQueue) {
      throw new HostQueueFull(host, queue.size);
    }
    // p-queue's signal also rejects a task that is already running; only the wait should end early (the running
    // fetch ends through `signal` itself and answers what happened), so the queue gets a signal of its own.
    const leave = new AbortController();
    const onAbort = () => leave.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await queue.add(
        () => {
          signal.removeEventListener("abort", onAbort);
          signal.throwIfAborted();
          return task();
        },
        { signal: leave.signal },
      );
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** Callers waiting for a slot of the host (not counting those in flight). */
  waiting(host: string): number {
    return this.queues.get(host)?.size ?? 0;
  }

  private queue(host: string): PQueue {
    let queue = this.queues.get(host);
    if (!queue) {
      if (this.queues.size >= MAX_HOSTS) {
        for (const [name, q] of this.queues) if (q.size === 0 && q.pending === 0) this.queues.delete(name);
      }
      queue = new PQueue(
        this.intervalMs > 0
          ? { concurrency: this.concurrency, interval: this.intervalMs, intervalCap: 1, strict: true }
          : { concurrency: this.concurrency },
      );
      this.queues.set(host, queue);
    }
    return queue;
  }
}
