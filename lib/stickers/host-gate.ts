/**
 * Politeness towards manufacturer hosts, which are other people's servers: at most `concurrency` requests
 * in flight per host, and request starts at least `intervalMs` apart per host. A waiting caller whose
 * signal aborts leaves the queue at once.
 */
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

  async run<T>(host: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const state = this.state(host);
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
