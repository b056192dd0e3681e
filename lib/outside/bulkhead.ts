/**
 * One bulkhead per outside system, on cockatiel's BulkheadPolicy: at most OUTSIDE_BULKHEAD_LIMIT calls to a
 * system in flight per process, and behind them a backlog of at most OUTSIDE_BULKHEAD_BACKLOG calls waiting for a
 * slot. A call in the backlog is made when a slot frees, and fills the store, so the next request finds the
 * answer; a VIN report waits for it within its short live budget, as for a running call, and any other caller is
 * answered degraded at once (`pending`; lib/sources/ask.ts).
 * Past the backlog a call is refused at once, instead of piling up behind a system that has slowed down. Single
 * flight (memo.ts) already makes one call per vehicle, so these count distinct vehicles.
 */
import { bulkhead, BulkheadRejectedError, type BulkheadPolicy } from "cockatiel";
import { config } from "../config";
import { countOutsideCall } from "../metrics/process-metrics";

export class Bulkhead {
  private readonly policy: BulkheadPolicy;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly backlog = 0,
  ) {
    this.policy = bulkhead(limit, backlog);
  }

  /** True when every slot is taken: a call now would wait in the backlog (or be refused, see refusing). */
  get full(): boolean {
    return this.policy.executionSlots === 0;
  }

  /** True when a call now would wait in the backlog: every slot is taken, and the backlog has room. */
  get queuing(): boolean {
    return this.full && !this.refusing;
  }

  /** What a section says of its source while its call waits in the backlog, after the source's name. */
  get waitingReason(): string {
    return `has ${this.limit} calls under way already; this one waits its turn`;
  }

  /** True when every slot and the whole backlog are taken: a call now would be refused. */
  get refusing(): boolean {
    return this.policy.executionSlots === 0 && this.policy.queueSlots === 0;
  }

  /** `work` in a slot (after waiting in the backlog when every slot is taken), or `refused()` at once. */
  async run<T>(work: () => Promise<T>, refused: () => T): Promise<T> {
    try {
      return await this.policy.execute(work);
    } catch (error) {
      if (error instanceof BulkheadRejectedError) {
        countOutsideCall(this.name, "bulkhead_full");
        return refused();
      }
      throw error;
    }
  }
}

/** Systems come from code (a handful of names), never from request input; capped anyway. */
const MAX_BULKHEADS = 64;
const globalForBulkheads = globalThis as unknown as { __vinscopeBulkheads?: Map<string, Bulkhead> };

export function bulkheadFor(name: string): Bulkhead {
  const registry = (globalForBulkheads.__vinscopeBulkheads ??= new Map());
  const { bulkheadLimit: limit, bulkheadBacklog: backlog } = config().outside;
  let held = registry.get(name);
  if (!held || held.limit !== limit || held.backlog !== backlog) {
    if (!held && registry.size >= MAX_BULKHEADS) registry.delete(registry.keys().next().value as string);
    held = new Bulkhead(name, limit, backlog);
    registry.set(name, held);
  }
  return held;
}
