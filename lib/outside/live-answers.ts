/**
 * Live answers of an outside source per key (a year/make/model), with the honest states every buyer-data
 * section reports: `fresh` (asked now or within okTtlMs()), `stale` (the source failed; the last known answer),
 * `failed` (nothing known). One breaker per source (breaker.ts); one load per key at a time with a short
 * negative cache (memo.ts); the last known answers kept in a bounded LRU and, when the caller gives one, in a
 * durable store so they outlive the process and are shared by every instance.
 */
import { boundedCache } from "./memo";
import { BoundedMemo } from "./memo";
import { breakerFor } from "./breaker";
import { untilAborted } from "./deadline";
import { config } from "../config";
import { systemFailed, type FetchFailure } from "./json-fetch";

export type Loaded<T> = { ok: true; value: T } | FetchFailure;

export type LiveAnswer<T> =
  | { kind: "fresh"; value: T; checkedAt: Date }
  | { kind: "stale"; value: T; checkedAt: Date; failure: FetchFailure }
  | { kind: "failed"; failure: FetchFailure };

export interface DurableAnswers<T> {
  load(key: string): Promise<{ value: T; checkedAt: Date } | null>;
  save(key: string, value: T, checkedAt: Date): Promise<void>;
}

type Remembered<T> = { ok: true; value: T; checkedAt: Date } | (FetchFailure & { checkedAt?: undefined });

export class LiveAnswers<T extends NonNullable<unknown>> {
  private readonly memo: BoundedMemo<Remembered<T>>;
  private readonly lastKnown;

  constructor(
    readonly breakerName: string,
    private readonly opts: { okTtlMs: () => number; max: number; durable?: DurableAnswers<T> },
  ) {
    this.memo = new BoundedMemo<Remembered<T>>({ max: opts.max });
    this.lastKnown = boundedCache<{ value: T; checkedAt: Date }>(opts.max);
  }

  /** True while the source's breaker answers degraded without asking. */
  get refusing(): boolean {
    return breakerFor(this.breakerName).refusing;
  }

  async get(key: string, load: () => Promise<Loaded<T>>, signal?: AbortSignal, now = () => new Date()): Promise<LiveAnswer<T>> {
    const flight = this.memo.get(
      key,
      () => this.loadGuarded(key, load, now),
      (r) => (r.ok ? this.opts.okTtlMs() : config().outside.failureMemoMs),
    );
    const answer = await untilAborted(flight, signal, (): Remembered<T> => ({ ok: false, reason: "aborted", detail: "the caller gave up" }));
    if (answer.ok) return { kind: "fresh", value: answer.value, checkedAt: answer.checkedAt };
    const known = this.lastKnown.get(key) ?? (await this.loadDurable(key));
    if (known) return { kind: "stale", value: known.value, checkedAt: known.checkedAt, failure: answer };
    return { kind: "failed", failure: answer };
  }

  /** The last known answer without asking the source (offline, or while the breaker is open). */
  async known(key: string): Promise<{ value: T; checkedAt: Date } | null> {
    return this.lastKnown.get(key) ?? (await this.loadDurable(key));
  }

  clear(): void {
    this.memo.clear();
    this.lastKnown.clear();
  }

  private async loadGuarded(key: string, load: () => Promise<Loaded<T>>, now: () => Date): Promise<Remembered<T>> {
    const answer = await breakerFor(this.breakerName).run(load, {
      failed: systemFailed,
      open: (): Loaded<T> => ({ ok: false, reason: "breaker_open", detail: `${this.breakerName} failed repeatedly; not asked again until the cool-down ends` }),
    });
    if (!answer.ok) return answer;
    const checkedAt = now();
    this.lastKnown.set(key, { value: answer.value, checkedAt });
    await this.opts.durable?.save(key, answer.value, checkedAt).catch(() => undefined);
    return { ok: true, value: answer.value, checkedAt };
  }

  private async loadDurable(key: string): Promise<{ value: T; checkedAt: Date } | null> {
    if (!this.opts.durable) return null;
    try {
      return await this.opts.durable.load(key);
    } catch {
      return null;
    }
  }
}
