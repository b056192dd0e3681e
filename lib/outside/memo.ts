/**
 * A bounded, per-process memo of answers from slow sources, with single flight, on lru-cache's `fetch`:
 * concurrent asks for one key share one load, and each answer is kept for as long as `ttlFor(answer)` says.
 * A healthy answer can be kept for a while; a failed one briefly (a negative cache), so a burst for one
 * vehicle during an outage makes one call, not one per request; 0 keeps nothing. At most `max` entries and
 * `maxBytes` bytes (least recently used go first). A load that throws is not kept.
 *
 * Every cache of a process is bounded in bytes, not only in entries: an entry count alone lets a few large answers
 * (a vehicle with hundreds of complaints) hold many times what the count was sized for.
 */
import { LRUCache } from "lru-cache";

export interface CacheBounds<V> {
  /** Most entries kept; the least recently used are dropped beyond it. */
  max: number;
  /**
   * Most bytes kept, as `sizeOf` estimates them; the least recently used are dropped beyond it, and an entry larger
   * than this on its own is not kept.
   */
  maxBytes: number;
  /** What an entry holds, in bytes (default: approximateBytes of the value, plus the key). */
  sizeOf?: (value: V, key: string) => number;
}

/**
 * About what a value holds in memory, in bytes: a string's length, an object's JSON text (numbers and names
 * as text are within a small factor of V8's objects for the records cached here), 16 for anything else.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (typeof value !== "object" || value === null) return 16;
  return JSON.stringify(value)?.length ?? 16;
}

/** lru-cache's options for `bounds`: sizes are whole bytes, at least 1 (it refuses 0). */
function sized<V>(bounds: CacheBounds<V>) {
  const sizeOf = bounds.sizeOf ?? ((value: V, key: string) => approximateBytes(value) + key.length);
  return {
    max: bounds.max,
    maxSize: bounds.maxBytes,
    sizeCalculation: (value: V, key: string) => Math.max(1, Math.ceil(sizeOf(value, key))),
  };
}

interface Flight<T> {
  load: () => Promise<T>;
  ttlFor: (value: T) => number;
}

export class BoundedMemo<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, T, Flight<T>>;
  /**
   * Loads under way by key: lru-cache shares them; this only lets a caller count them (a cap on outside
   * requests) and wait for them (a CLI that must not exit before they fill a store).
   */
  private readonly loads = new Map<string, Promise<void>>();

  constructor(bounds: CacheBounds<T>) {
    this.entries = new LRUCache<string, T, Flight<T>>({
      ...sized(bounds),
      ttlAutopurge: false,
      // A load whose entry was pushed out (a flood of other keys) still answers everyone waiting for it.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { options, context }) => {
        const value = await context.load();
        const ttl = context.ttlFor(value);
        // lru-cache stores every resolved value; one not to be kept lives 1 ms and is dropped by get() below.
        options.ttl = ttl > 0 ? ttl : 1;
        return value;
      },
    });
  }

  /** The remembered answer, else one shared load; `ttlFor` decides how long (ms) its answer is kept. */
  async get(key: string, load: () => Promise<T>, ttlFor: (value: T) => number): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const flight = this.entries.fetch(key, { context: { load, ttlFor } });
    if (!this.loads.has(key)) {
      const done: Promise<void> = flight.then(
        () => undefined,
        () => undefined,
      );
      this.loads.set(key, done);
      void done.then(() => {
        if (this.loads.get(key) === done) this.loads.delete(key);
      });
    }
    const value = (await flight) as T;
    if (ttlFor(value) <= 0 && this.entries.peek(key) === value) this.entries.delete(key);
    return value;
  }

  peek(key: string): T | undefined {
    return this.entries.peek(key);
  }

  /** True while a load for `key` is under way (a caller joining it adds no request). */
  loading(key: string): boolean {
    return this.loads.has(key);
  }

  /** Loads under way in this memo. */
  get inFlight(): number {
    return this.loads.size;
  }

  /** Resolves when every load under way has settled. */
  async settled(): Promise<void> {
    await Promise.all([...this.loads.values()]);
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

  /** Bytes held, as the bounds' sizeOf estimates them. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** A plain bounded cache (lru-cache) for the places that only need get/set; `ttlMs` 0 (the default) means no expiry. */
export function boundedCache<V extends NonNullable<unknown>>(
  bounds: CacheBounds<V> & { ttlMs?: number },
): LRUCache<string, V> {
  const ttlMs = bounds.ttlMs ?? 0;
  return new LRUCache<string, V>(ttlMs > 0 ? { ...sized(bounds), ttl: ttlMs } : sized(bounds));
}
