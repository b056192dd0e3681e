/**
 * Politeness towards manufacturer hosts, which are other people's servers: at most `concurrency` requests
 * in flight per host, and request starts at least `intervalMs` apart per host. A waiting caller whose
 * signal aborts (its deadline passed, its client went away) leaves the queue at once. The queue is bounded:
 * with `maxQueue` callers already waiting for a host, the next is refused (HostQueueFull) instead of waiting
 * behind requests a hanging host will not answer in time.
 */
export class HostQueueFull extends Error {
  constructor(readonly host: string, readonly waiting: number) {
    super(`${waiting} requests are already waiting for ${host}`);
    this.name = "HostQueueFull";
  }
}

interface HostState {
  active: number;
  nextStart: number;
  waiters: Array<() => void>;
}

export class HostGate {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    readonly concurrency: number,
    readonly intervalMs: number,
  ) {}

  /** `maxQueue`: refuse instead of waiting when this many callers already wait (undefined: no cap). */
  async run<T>(host: string, signal: AbortSignal, task: () => Promise<T>, maxQueue?: number): Promise<T> {
    const state = this.state(host);
    if (maxQueue !== undefined && state.active >= this.concurrency && state.waiters.length >= maxQueue) {
      throw new HostQueueFull(host, state.waiters.length);
    }
    await this.acquire(state, signal);
    try {
      const now = Date.now();
      const wait = Math.max(0, state.nextStart - now);
      state.nextStart = Math.max(now, state.nextStart) + this.intervalMs;
      if (wait > 0) await sleep(wait, signal);
      return await task();
    } finally {
      this.release(state);
    }
  }

  /** Callers waiting for a slot of the host (not counting those in flight). */
  waiting(host: string): number {
    return this.hosts.get(host)?.waiters.length ?? 0;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, nextStart: 0, waiters: [] };
      this.hosts.set(host, state);
    }
    return state;
  }

  private acquire(state: HostState, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (state.active < this.concurrency) {
      state.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        state.waiters = state.waiters.filter((w) => w !== admit);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      state.waiters.push(admit);
    });
  }

  private release(state: HostState): void {
    const next = state.waiters.shift();
    // The slot passes straight to the next waiter; `active` stays the same.
    if (next) next();
    else state.active--;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
