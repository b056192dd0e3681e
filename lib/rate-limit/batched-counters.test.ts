/**
 * The batched shared counters against a simulated store (the statement's semantics, executed when the test
 * says, on a clock the test moves): no statement per request, exact counting where no share is left, the
 * stated bound on how far a client exceeds its quota across processes, no refusal before the quota is spent,
 * and a store that fails.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import {
  BatchedCounters,
  FLUSH_MS,
  SHARE_MS,
  type CounterBackend,
  type CounterDelta,
  type CounterTotal,
} from "./batched-counters";

const MEMBER_TTL_MS = 10_000;

/** PostgreSQL's side of lib/rate-limit/postgres-counters.ts, in memory; statements wait in a queue until run. */
class SimulatedStore {
  now = 0;
  statements = 0;
  failing = false;
  readonly counters = new Map<string, { points: number; expire: number }>();
  private readonly members = new Map<string, number>();
  readonly queue: { run: () => void }[] = [];

  backend(): CounterBackend {
    return {
      sync: (deltas, memberId) =>
        new Promise((resolve, reject) => {
          this.statements++;
          this.queue.push({
            run: () =>
              this.failing ? reject(new Error("connection refused")) : resolve(this.execute(deltas, memberId)),
          });
        }),
    };
  }

  execute(deltas: CounterDelta[], memberId: string): { members: number; totals: CounterTotal[] } {
    let members = 1;
    for (const [id, seen] of this.members) if (id !== memberId && seen > this.now - MEMBER_TTL_MS) members++;
    this.members.set(memberId, this.now);
    const totals = deltas.map(({ key, delta, durationMs }) => {
      const row = this.counters.get(key);
      const fresh = !row || row.expire <= this.now;
      const next = fresh
        ? { points: delta, expire: this.now + durationMs }
        : { points: row.points + delta, expire: row.expire };
      this.counters.set(key, next);
      return { key, points: next.points, msLeft: next.expire - this.now };
    });
    return { members, totals };
  }

  /** Runs the statement at `index` of the queue and lets the promise callbacks run. */
  async run(index = 0): Promise<void> {
    const [statement] = this.queue.splice(index, 1);
    statement?.run();
    await settleCallbacks();
  }

  async runAll(): Promise<void> {
    while (this.queue.length) await this.run();
  }
}

/** Enough turns of the microtask queue for a statement's answer to reach the requests' callbacks. */
async function settleCallbacks(): Promise<void> {
  for (let i = 0; i < 12; i++) await Promise.resolve();
}

function counters(store: SimulatedStore, points: number, memberId = "a", durationMs = 60_000, maxKeys?: number) {
  return new BatchedCounters(store.backend(), {
    points,
    durationMs,
    memberId,
    keyPrefix: "t",
    timer: false,
    now: () => store.now,
    maxKeys,
  });
}

type Outcome = { allowed: boolean; remaining: number; msBeforeNext: number };
const outcome = (p: Promise<RateLimiterRes>): Promise<Outcome> =>
  p.then(
    (r) => ({ allowed: true, remaining: r.remainingPoints, msBeforeNext: r.msBeforeNext }),
    (r: unknown) => {
      if (r instanceof RateLimiterRes)
        return { allowed: false, remaining: r.remainingPoints, msBeforeNext: r.msBeforeNext };
      throw r;
    },
  );

describe("batched counters in one process", () => {
  test("a new key waits for one statement; then the process admits from its share without one, and sends its count in the next flush", async () => {
    const store = new SimulatedStore();
    const c = counters(store, 100);
    const first = outcome(c.consume("198.51.100.1"));
    expect(store.queue).toHaveLength(1);
    await store.run();
    expect(await first).toEqual({ allowed: true, remaining: 99, msBeforeNext: 60_000 });

    const more = await Promise.all(Array.from({ length: 20 }, () => outcome(c.consume("198.51.100.1"))));
    expect(more.every((o) => o.allowed)).toBe(true);
    expect(more.map((o) => o.remaining)).toEqual(Array.from({ length: 20 }, (_, i) => 98 - i));
    expect(store.statements).toBe(1);

    store.now += FLUSH_MS;
    c.tick();
    await store.runAll();
    expect(store.statements).toBe(2);
    expect(store.counters.get("t:198.51.100.1")?.points).toBe(21);
  });

  test("requests that wait together ride one statement, whatever their keys", async () => {
    const store = new SimulatedStore();
    const c = counters(store, 5);
    const waiting = Array.from({ length: 30 }, (_, i) => outcome(c.consume(`203.0.113.${i % 10}`)));
    // The first went out alone; the 29 that arrived while it was in flight go in the next one.
    await store.run();
    expect(store.queue).toHaveLength(1);
    await store.run();
    expect(store.statements).toBe(2);
    expect((await Promise.all(waiting)).every((o) => o.allowed)).toBe(true);
    expect(store.counters.get("t:203.0.113.0")?.points).toBe(3);
  });

  test("exactly the quota is admitted; past it the process refuses from memory until the window ends", async () => {
    const store = new SimulatedStore();
    const c = counters(store, 5, "a", 2000);
    const results: Outcome[] = [];
    for (let i = 0; i < 8; i++) {
      const o = outcome(c.consume("k"));
      await store.runAll();
      results.push(await o);
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(results[5].msBeforeNext).toBeGreaterThan(0);
    const statements = store.statements;
    expect((await outcome(c.consume("k"))).allowed).toBe(false);
    expect(store.statements).toBe(statements);

    store.now += 2000;
    const again = outcome(c.consume("k"));
    await store.runAll();
    expect(await again).toMatchObject({ allowed: true, remaining: 4 });
  });

  test("a share unused for SHARE_MS lapses: the next request is counted exactly", async () => {
    const store = new SimulatedStore();
    const c = counters(store, 100);
    const first = outcome(c.consume("k"));
    await store.runAll();
    await first;
    store.now += SHARE_MS;
    const later = outcome(c.consume("k"));
    expect(store.queue).toHaveLength(1);
    await store.runAll();
    expect(await later).toMatchObject({ allowed: true });
  });

  test("a failing store rejects the waiting requests with its error and keeps the admitted counts for later", async () => {
    const store = new SimulatedStore();
    const flushErrors: unknown[] = [];
    const c = new BatchedCounters(store.backend(), {
      points: 100,
      durationMs: 60_000,
      memberId: "a",
      keyPrefix: "t",
      timer: false,
      now: () => store.now,
      onFlushError: (error) => flushErrors.push(error),
    });
    const first = outcome(c.consume("k"));
    await store.runAll();
    await first;
    for (let i = 0; i < 3; i++) await c.consume("k");
    store.failing = true;
    const waiting = outcome(c.consume("new"));
    store.now += FLUSH_MS;
    await store.runAll();
    await expect(waiting).rejects.toThrow("connection refused");
    // The waiting request was told; nobody else needs to be.
    expect(flushErrors).toHaveLength(0);
    // Paused after the failure: no statement on the next ticks.
    c.tick();
    expect(store.queue).toHaveLength(0);

    // A periodic flush that fails with nobody waiting is reported once, and paused again.
    store.now += 10_000;
    c.tick();
    await store.runAll();
    expect(flushErrors).toHaveLength(1);
    store.now += FLUSH_MS;
    c.tick();
    expect(store.queue).toHaveLength(0);

    store.failing = false;
    store.now += 10_000;
    c.tick();
    await store.runAll();
    expect(store.counters.get("t:k")?.points).toBe(4);
  });

  test("the keys it remembers are bounded: past the bound, keys are counted exactly, each time", async () => {
    const store = new SimulatedStore();
    const c = counters(store, 100, "a", 60_000, 2);
    for (const key of ["a", "b", "c"]) {
      const o = outcome(c.consume(key));
      await store.runAll();
      await o;
    }
    const before = store.statements;
    await Promise.all([c.consume("a"), c.consume("b")]);
    expect(store.statements).toBe(before);
    const third = outcome(c.consume("c"));
    await store.runAll();
    expect(await third).toMatchObject({ allowed: true, remaining: 98 });
    expect(store.statements).toBe(before + 1);
  });
});

/** A small seeded generator, so a failing interleaving can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("batched counters across processes", () => {
  /**
   * S processes, one client, random interleavings of requests (to a random process, or mostly to one),
   * statements run in any order after any delay, clock steps and flushes, all in one window.
   */
  async function simulate(
    seed: number,
  ): Promise<{ quota: number; processes: number; admitted: number; refusedEarly: boolean; requests: number }> {
    const rnd = random(seed);
    const quota = 1 + Math.floor(rnd() * 80);
    const processes = 1 + Math.floor(rnd() * 6);
    const store = new SimulatedStore();
    const all = Array.from({ length: processes }, (_, i) => counters(store, quota, `p${i}`, 3_600_000));
    // Every process has told the store it is alive (a server process does so when it starts).
    for (const c of all) c.tick();
    await store.runAll();
    const favourite = Math.floor(rnd() * processes);
    let admitted = 0;
    let refusedEarly = false;
    let requests = 0;
    for (let step = 0; step < 600; step++) {
      const action = rnd();
      if (action < 0.55) {
        requests++;
        const target = rnd() < 0.5 ? favourite : Math.floor(rnd() * processes);
        void outcome(all[target].consume("client")).then((o) => {
          if (o.allowed) admitted++;
          else if (admitted < quota) refusedEarly = true;
        });
      } else if (action < 0.85) {
        if (store.queue.length) await store.run(Math.floor(rnd() * store.queue.length));
      } else if (action < 0.95) {
        // Time passes: each process's flush timer fires (the statements it sends run later, in any order).
        store.now += Math.floor(rnd() * FLUSH_MS);
        for (const c of all) c.tick();
      } else {
        all[Math.floor(rnd() * processes)].tick();
      }
      await Promise.resolve();
    }
    for (let i = 0; i < 5; i++) {
      store.now += FLUSH_MS;
      for (const c of all) c.tick();
      await store.runAll();
    }
    return { quota, processes, admitted, refusedEarly, requests };
  }

  // SEED=n replays one interleaving.
  test("a client is admitted at most Q + (S − 1)·⌊Q/S⌋ times, and never refused before Q (100 random interleavings)", async () => {
    let exceeded = 0;
    for (let seed = Number(process.env.SEED ?? 1); seed <= Number(process.env.SEED ?? 100); seed++) {
      const run = await simulate(seed);
      const bound = run.quota + (run.processes - 1) * Math.floor(run.quota / run.processes);
      expect({ seed, within: run.admitted <= bound, refusedEarly: run.refusedEarly }).toEqual({
        seed,
        within: true,
        refusedEarly: false,
      });
      if (run.requests >= run.quota)
        expect({ seed, atLeastQuota: run.admitted >= run.quota }).toEqual({ seed, atLeastQuota: true });
      if (run.admitted > run.quota) exceeded++;
    }
    // The bound is not hollow: some interleavings do go past the quota.
    expect(exceeded).toBeGreaterThan(0);
  });
});
