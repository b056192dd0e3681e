/**
 * Asking an outside source, the one way every source is asked (lib/sources/registry.ts lists them): the answer
 * stored for a key when it is fresh, else the source asked live, with the honest states every section reports:
 * `fresh` (asked now, or a stored answer younger than the source's freshMs), `stale` (the source failed, or did
 * not confirm in time; the last known answer), `pending` (nothing known yet; the source is being asked and its
 * answer will be stored), `failed` (nothing known).
 *
 * - One breaker and one bulkhead per source (lib/outside), named by its `system`.
 * - One load per key at a time, and a failure remembered briefly (OUTSIDE_FAILURE_MEMO_MS), so a burst for one
 *   vehicle during an outage makes one call (lib/outside's BoundedMemo). A success is not kept here.
 * - The answer itself is held in one place: the source's stored answers (`DurableAnswers`: the in-memory index of
 *   table SourceAnswer, lib/sources/stored.ts, or a source's own table), so it outlives the process and is shared
 *   by every instance.
 *
 * A caller with a budget (the VIN report) waits at most that long: the load goes on without it and fills the
 * store, so the next request finds the answer. A load that has to wait for a slot of the bulkhead is waited on
 * only by a VIN report (a caller holding a shared budgetSignal), within that short budget as for a running load;
 * any other caller is answered at once, and the load fills the store when its turn comes.
 */
import { config } from "../config";
import {
  BoundedMemo,
  breakerFor,
  bulkheadFor,
  notAnsweredWithin,
  startDeadline,
  systemFailed,
  untilAborted,
  type FetchFailure,
} from "../outside";
import { countOutsideCall } from "../metrics/process-metrics";
import type { SourceDescriptor } from "./registry";

export type Loaded<T> = { ok: true; value: T } | FetchFailure;

type LiveAnswer<T> =
  | { kind: "fresh"; value: T; checkedAt: Date }
  | { kind: "stale"; value: T; checkedAt: Date; failure: FetchFailure }
  /**
   * `reason`: the call waits its turn in the bulkhead (`busy`) or is still under way past the caller's wait
   * (`asking`); `why`: the same for a log ("did not answer within 300 ms"), never shown to people.
   */
  | { kind: "pending"; reason: "busy" | "asking"; why: string }
  | { kind: "failed"; failure: FetchFailure };

export interface DurableAnswers<T> {
  load(key: string): Promise<{ value: T; checkedAt: Date } | null>;
  save(key: string, value: T, checkedAt: Date): Promise<void>;
}

export interface AskOptions {
  /** The caller gave up (its client went away). */
  signal?: AbortSignal;
  /** Wait at most this long for the source; past it, `pending` (or the last known answer as `stale`). */
  budgetMs?: number;
  /**
   * Ends the budget instead of a timer of this call's own: the sections of one VIN report share one, so they all
   * stop waiting in the same turn of the event loop (budgetMs then only names its length). Such a caller also
   * waits for a load queued in the bulkhead's backlog, within the budget: answered at once, a report would come
   * back sooner the busier the source, and a client waiting on each answer would only send more, until the
   * backlog filled and later loads were refused and never made.
   */
  budgetSignal?: AbortSignal;
  now?: () => Date;
}

type Remembered<T> = { ok: true; value: T; checkedAt: Date } | (FetchFailure & { checkedAt?: undefined });

const OVER_BUDGET = Symbol("over budget");

/**
 * Keys with a load under way or a failure remembered, per source (each a promise or a failure of a few hundred
 * bytes, not an answer), and the bytes they may take.
 */
const MAX_FLIGHTS = 5000;
const MAX_FLIGHT_BYTES = 4 * 1024 * 1024;

export class SourceAnswers<T extends NonNullable<unknown>> {
  private readonly memo = new BoundedMemo<Remembered<T>>({ max: MAX_FLIGHTS, maxBytes: MAX_FLIGHT_BYTES });
  readonly breakerName: string;

  constructor(
    readonly source: SourceDescriptor,
    private readonly durable: DurableAnswers<T>,
  ) {
    this.breakerName = source.system;
  }

  /** True while the source's breaker answers degraded without asking. */
  get refusing(): boolean {
    return breakerFor(this.breakerName).refusing;
  }

  async get(key: string, load: () => Promise<Loaded<T>>, ask: AskOptions = {}): Promise<LiveAnswer<T>> {
    const now = ask.now ?? (() => new Date());
    const known = await this.known(key);
    if (known && now().getTime() - known.checkedAt.getTime() < this.source.freshMs())
      return { kind: "fresh", ...known };
    // Nothing to wait for: the breaker is open or every slot of the bulkhead is taken (a flight already under
    // way for this key is joined instead).
    const joining = this.memo.loading(key);
    if (!joining) {
      const refusal = this.refusal();
      if (refusal) return known ? { kind: "stale", ...known, failure: refusal } : { kind: "failed", failure: refusal };
    }
    const slots = bulkheadFor(this.breakerName);
    const waitsForSlot = !joining && slots.queuing;
    const flight = this.memo.get(
      key,
      () => this.loadGuarded(key, load, now),
      (r) => (r.ok ? 0 : config().outside.failureMemoMs),
    );
    if (waitsForSlot && !ask.budgetSignal) {
      // In the backlog: answered now, and the load fills the store when a slot frees.
      flight.catch(() => undefined);
      const why = slots.waitingReason;
      const failure: FetchFailure = { ok: false, reason: "busy", detail: why };
      return known ? { kind: "stale", ...known, failure } : { kind: "pending", reason: "busy", why };
    }
    const started = Date.now();
    const budget = ask.budgetSignal || ask.budgetMs === undefined ? null : startDeadline(ask.budgetMs);
    const gaveUp = (): FetchFailure => ({ ok: false, reason: "aborted", detail: "the caller gave up" });
    const waited = await untilAborted(
      untilAborted(flight, ask.signal, gaveUp),
      ask.budgetSignal ?? budget?.signal,
      (): typeof OVER_BUDGET => OVER_BUDGET,
    ).finally(() => budget?.clear());
    if (waited === OVER_BUDGET) {
      const failure: FetchFailure = waitsForSlot
        ? { ok: false, reason: "busy", detail: slots.waitingReason }
        : { ok: false, reason: "timeout", detail: `no answer within ${ask.budgetMs} ms; still being asked` };
      const why = waitsForSlot ? slots.waitingReason : notAnsweredWithin(ask.budgetMs ?? Date.now() - started);
      return known
        ? { kind: "stale", ...known, failure }
        : { kind: "pending", reason: waitsForSlot ? "busy" : "asking", why };
    }
    if (waited.ok) return { kind: "fresh", value: waited.value, checkedAt: waited.checkedAt };
    const last = known ?? (await this.known(key));
    if (last) return { kind: "stale", ...last, failure: waited };
    return { kind: "failed", failure: waited };
  }

  /** The last known answer without asking the source (offline, or while the breaker is open). */
  async known(key: string): Promise<{ value: T; checkedAt: Date } | null> {
    try {
      return await this.durable.load(key);
    } catch {
      // The store could not be read: nothing is known, and the source is asked.
      return null;
    }
  }

  /** Loads under way (tests wait for the background to finish). */
  settled(): Promise<void> {
    return this.memo.settled();
  }

  /** Forgets the loads under way and the remembered failures (tests). */
  clear(): void {
    this.memo.clear();
  }

  /** A call not made: counted as the breaker's or the bulkhead's refusal, as one made under them would be. */
  private refusal(): FetchFailure | null {
    if (breakerFor(this.breakerName).refusing) {
      countOutsideCall(this.breakerName, "refused");
      return this.breakerOpen();
    }
    if (bulkheadFor(this.breakerName).refusing) {
      countOutsideCall(this.breakerName, "bulkhead_full");
      return this.busy();
    }
    return null;
  }

  private breakerOpen(): FetchFailure {
    return {
      ok: false,
      reason: "breaker_open",
      detail: `${this.breakerName} failed repeatedly; not asked again until the cool-down ends`,
    };
  }

  private busy(): FetchFailure {
    return {
      ok: false,
      reason: "busy",
      detail: `${config().outside.bulkheadLimit} calls to ${this.breakerName} are under way and ${config().outside.bulkheadBacklog} wait their turn`,
    };
  }

  private async loadGuarded(key: string, load: () => Promise<Loaded<T>>, now: () => Date): Promise<Remembered<T>> {
    const answer = await bulkheadFor(this.breakerName).run(
      () => breakerFor(this.breakerName).run(load, { failed: systemFailed, open: (): Loaded<T> => this.breakerOpen() }),
      (): Loaded<T> => this.busy(),
    );
    if (!answer.ok) return answer;
    const checkedAt = now();
    // A store that fails is the database's fault, not the source's: outside the breaker, and the caller hears of it.
    await this.durable.save(key, answer.value, checkedAt);
    return { ok: true, value: answer.value, checkedAt };
  }
}
