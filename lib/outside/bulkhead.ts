/**
 * One bulkhead per outside system, on cockatiel's BulkheadPolicy with no queue: at most OUTSIDE_BULKHEAD_LIMIT
 * calls to a system in flight per process; one more is refused at once (the section answers degraded) instead of
 * piling up behind a system that has slowed down. Single flight (memo.ts) already makes one call per vehicle,
 * so the cap counts distinct vehicles asked about at the same time.
 */
import { bulkhead, BulkheadRejectedError, type BulkheadPolicy } from "cockatiel";
import { config } from "../config";

export class Bulkhead {
  private readonly policy: BulkheadPolicy;

  constructor(
    readonly name: string,
    readonly limit: number,
  ) {
    this.policy = bulkhead(limit, 0);
  }

  /** True when every slot is taken: a call now would be refused. */
  get full(): boolean {
    return this.policy.executionSlots === 0;
  }

  /** `work` in a slot, or `refused()` at once when none is free. */
  async run<T>(work: () => Promise<T>, refused: () => T): Promise<T> {
    try {
      return await this.policy.execute(work);
    } catch (error) {
      if (error instanceof BulkheadRejectedError) return refused();
      throw error;
    }
  }
}

/** Systems come from code (a handful of names), never from request input; capped anyway. */
const MAX_BULKHEADS = 64;
const globalForBulkheads = globalThis as unknown as { __vinscopeBulkheads?: Map<string, Bulkhead> };

export function bulkheadFor(name: string): Bulkhead {
  const registry = (globalForBulkheads.__vinscopeBulkheads ??= new Map());
  const limit = config().outside.bulkheadLimit;
  let held = registry.get(name);
  if (!held || held.limit !== limit) {
    if (!held && registry.size >= MAX_BULKHEADS) registry.delete(registry.keys().next().value as string);
    held = new Bulkhead(name, limit);
    registry.set(name, held);
  }
  return held;
}
