/**
 * Stale-while-revalidate of insights being served: an AI insight near its expiry, or a fallback old enough
 * to try the model again, is regenerated in the background under the database lease. A fallback never
 * replaces a valid AI insight; after a failed refresh this process waits before trying the key again.
 */
import { randomUUID } from "node:crypto";
import { log } from "../log";
import { BoundedMemo, boundedCache } from "../outside";
import { FALLBACK_WRITER } from "./fallback";
import { generatedRow, generateInsight, type GenerationDeps } from "./insight-generation";
import { claimLease, readInsight, releaseLease, saveInsight, type StoredInsight } from "./insight-store";

export interface RefreshDeps extends GenerationDeps {
  refreshBeforeExpiryMs: number;
  fallbackRetryAfterMs: number;
  refreshBackoffMs: number;
  /** Vehicles whose back-off this process remembers (LRU beyond). */
  maxKeys: number;
  /** Bytes each of its caches may hold. */
  maxBytes: number;
  /** True while a foreground generation of the key runs in this process. */
  generating: (key: string) => boolean;
  /** Drops the key from this process's memory once a refresh stored a new row. */
  forget: (key: string) => void;
}

export interface Refresher {
  /** Starts a background refresh of a served row when it is due and none runs for its key. */
  maybeRefresh(row: StoredInsight, at: Date): void;
  /** Settles when every background refresh started so far has finished. */
  idle(): Promise<void>;
}

export function createRefresher(deps: RefreshDeps): Refresher {
  /** Background refreshes under way, one per key: a single-flight memo that keeps no answer. */
  const refreshes = new BoundedMemo<true>({ max: deps.maxKeys, maxBytes: deps.maxBytes });
  /** Key → time before which this process does not retry a failed background refresh. */
  const backoff = boundedCache<number>({ max: deps.maxKeys, maxBytes: deps.maxBytes });

  const dueForRefresh = (row: StoredInsight, at: Date): boolean => {
    if ((backoff.get(row.key) ?? 0) > at.getTime()) return false;
    if (row.writer === FALLBACK_WRITER) return at.getTime() - row.generatedAt.getTime() >= deps.fallbackRetryAfterMs;
    return row.expiresAt.getTime() - at.getTime() <= deps.refreshBeforeExpiryMs;
  };

  function maybeRefresh(row: StoredInsight, at: Date): void {
    if (!dueForRefresh(row, at) || refreshes.loading(row.key) || deps.generating(row.key)) return;
    if (!deps.writer()) return;
    const run = () =>
      refresh(row).then(
        () => true as const,
        (error) => {
          log().warn(
            { insightKey: row.key, err: error instanceof Error ? error.message : String(error) },
            "insight refresh failed",
          );
          return true as const;
        },
      );
    void refreshes.get(row.key, run, () => 0);
  }

  /** Background regeneration of a row still being served. */
  async function refresh(row: StoredInsight): Promise<void> {
    const db = deps.db();
    const owner = randomUUID();
    if (!(await claimLease(db, row.key, owner, deps.now(), deps.leaseMs))) return;
    try {
      const current = await readInsight(db, row.key);
      const names = deps.namesOf(row.make, row.model);
      const variants = names && deps.variantsOf(row.year, names.make, names.model);
      const doneElsewhere =
        current && current.generatedAt.getTime() > row.generatedAt.getTime() && !dueForRefresh(current, deps.now());
      if (doneElsewhere || !names || !variants) return;

      const facts = await deps.factsOf({ year: row.year, make: names.make, model: names.model, variants });
      const generated = await generateInsight(row.key, facts, deps.writer());
      if (!generated.ai && row.writer !== FALLBACK_WRITER && row.expiresAt.getTime() > deps.now().getTime()) {
        // Kept in this process, not in the lease: a held lease would make a request for the key, once it
        // has expired, wait for a generation that nobody is running.
        backoff.set(row.key, deps.now().getTime() + deps.refreshBackoffMs);
        return;
      }
      await saveInsight(db, owner, generatedRow(row.key, row.year, facts, generated, deps.now()));
      deps.forget(row.key);
    } finally {
      // A no-op after saveInsight, which already freed the lease.
      await releaseLease(db, row.key, owner);
    }
  }

  return {
    maybeRefresh,
    async idle() {
      while (refreshes.inFlight) await refreshes.settled();
    },
  };
}
