/**
 * A bounded, per-process memo of answers from slow sources, with single flight: concurrent asks for one key
 * share one load, and each answer is kept for as long as `ttlFor(answer)` says. A healthy answer can be kept
 * for a while; a failed one briefly (a negative cache), so a burst for one vehicle during an outage makes
 * one call, not one per request; 0 keeps nothing. At most `max` entries (least recently used go first).
 */
import { LRUCache } from "lru-cache";

export interface MemoOptions {
  /** Most entries kept; the least recently used are dropped beyond it. */
  max: number;
}

export class BoundedMemo<T extends {}> {
  private readonly entries: LRUCache<string, T>;
  private readonly flights = new Map<string, Promise<T>>();

  constructor(opts: MemoOptions) {
    this.entries = new LRUCache<string, T>({ max: opts.max, ttlAutopurge: false });
  }

  /** The remembered answer, else one shared load; `ttlFor` decides how long (ms) its answer is kept. */
  get(key: string, load: () => Promise<T>, ttlFor: (value: T) => number): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.flights.get(key);
    if (running) return running;
    const flight = (async () => {
      try {
        const value = await load();
        const ttl = ttlFor(value);
        if (ttl > 0) this.entries.set(key, value, { ttl });
        return value;
      } finally {
        this.flights.delete(key);
      }
    })();
    this.flights.set(key, flight);
    return flight;
  }

  peek(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T, ttlMs: number): void {
    if (ttlMs > 0) this.entries.set(key, value, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A plain bounded cache (lru-cache) for the places that only need get/set; `ttlMs` 0 means no expiry. */
export function boundedCache<V extends {}>(max: number, ttlMs = 0): LRUCache<string, V> {
  return new LRUCache<string, V>(ttlMs > 0 ? { max, ttl: ttlMs } : { max });
}
