/** SourceAnswers: the honest states of a live source (fresh, stale, failed), its breaker and its stored answers. */
import { resetConfigForTests } from "../config";
import { resetBreakersForTests } from "../outside";
import { SourceAnswers, type DurableAnswers, type Loaded, type SourceDescriptor } from ".";

/** A source registered for one test: its breaker and bulkhead are named `system`. */
function testSource(system: string, freshMs: () => number = () => 60_000): SourceDescriptor {
  return {
    name: system,
    system,
    words: { what: "test answers", from: "a test source" },
    online: () => true,
    freshMs,
    inReport: true,
  };
}

/** Stored answers in a Map (the database's index in production). */
function memoryStore<T>(): DurableAnswers<T> {
  const held = new Map<string, { value: T; checkedAt: Date }>();
  return {
    load: async (key) => held.get(key) ?? null,
    save: async (key, value, checkedAt) => void held.set(key, { value, checkedAt }),
  };
}

const savedEnv = { ...process.env };
beforeEach(() => {
  process.env = {
    ...savedEnv,
    LOG_LEVEL: "silent",
    OUTSIDE_FAILURE_MEMO_MS: "0",
    OUTSIDE_BREAKER_FAILURES: "2",
    OUTSIDE_BREAKER_COOLDOWN_MS: "60000",
  };
  resetConfigForTests();
  resetBreakersForTests();
});
afterAll(() => {
  process.env = savedEnv;
  resetConfigForTests();
});

const ok = (n: number): Loaded<{ n: number }> => ({ ok: true, value: { n } });
const down: Loaded<{ n: number }> = { ok: false, reason: "http_error", status: 503, detail: "HTTP 503" };

test("fresh, then stale with the old checkedAt when the source fails, failed when nothing is known", async () => {
  let ttl = 60_000;
  const answers = new SourceAnswers<{ n: number }>(
    testSource("test-source", () => ttl),
    memoryStore(),
  );
  const first = await answers.get("k", async () => ok(1));
  expect(first).toMatchObject({ kind: "fresh", value: { n: 1 } });
  // Within the TTL the source is not asked.
  let calls = 0;
  expect(await answers.get("k", async () => (calls++, ok(2)))).toMatchObject({ kind: "fresh", value: { n: 1 } });
  expect(calls).toBe(0);

  ttl = 1;
  answers.clear();
  await answers.get("k", async () => ok(3));
  await new Promise((r) => setTimeout(r, 5));
  const stale = await answers.get("k", async () => down);
  expect(stale).toMatchObject({ kind: "stale", value: { n: 3 }, failure: { reason: "http_error" } });
  expect(await answers.get("other", async () => down)).toMatchObject({ kind: "failed", failure: { status: 503 } });
});

test("after repeated failures the breaker answers at once without asking the source", async () => {
  const answers = new SourceAnswers<{ n: number }>(testSource("test-breaker"), memoryStore());
  let calls = 0;
  const failing = async () => (calls++, down);
  await answers.get("a", failing);
  await answers.get("b", failing);
  expect(answers.refusing).toBe(true);
  expect(await answers.get("c", failing)).toMatchObject({ kind: "failed", failure: { reason: "breaker_open" } });
  expect(calls).toBe(2);
});

test("a 404-like answer of one question does not count against the source", async () => {
  const answers = new SourceAnswers<{ n: number }>(testSource("test-4xx"), memoryStore());
  for (const k of ["a", "b", "c"])
    await answers.get(k, async () => ({ ok: false, reason: "http_error", status: 404, detail: "HTTP 404" }));
  expect(answers.refusing).toBe(false);
});

test("the durable store keeps the last answer for another process: stale after a restart", async () => {
  const rows = new Map<string, { value: { n: number }; checkedAt: Date }>();
  const durable: DurableAnswers<{ n: number }> = {
    load: async (k) => rows.get(k) ?? null,
    save: async (k, value, checkedAt) => void rows.set(k, { value, checkedAt }),
  };
  let ttl = 60_000;
  await new SourceAnswers<{ n: number }>(
    testSource("test-durable", () => ttl),
    durable,
  ).get("k", async () => ok(7));
  const restarted = new SourceAnswers<{ n: number }>(
    testSource("test-durable", () => ttl),
    durable,
  );
  // Within its TTL the stored answer is served without asking the source.
  let calls = 0;
  expect(await restarted.get("k", async () => (calls++, down))).toMatchObject({ kind: "fresh", value: { n: 7 } });
  expect(calls).toBe(0);
  ttl = 0;
  expect(await restarted.get("k", async () => down)).toMatchObject({ kind: "stale", value: { n: 7 } });
  expect(await restarted.known("k")).toMatchObject({ value: { n: 7 } });
});

test("past the budget: pending while nothing is known, the load goes on and fills the store", async () => {
  const answers = new SourceAnswers<{ n: number }>(testSource("test-budget"), memoryStore());
  const started = Date.now();
  const slow = () => new Promise<Loaded<{ n: number }>>((r) => setTimeout(() => r(ok(5)), 600));
  // Still being asked past the budget: the section's reason is `asking`, never a wait in milliseconds.
  expect(await answers.get("k", slow, { budgetMs: 30 })).toMatchObject({ kind: "pending", reason: "asking" });
  expect(Date.now() - started).toBeLessThan(400);
  await answers.settled();
  let calls = 0;
  expect(await answers.get("k", async () => (calls++, ok(6)), { budgetMs: 30 })).toMatchObject({
    kind: "fresh",
    value: { n: 5 },
  });
  expect(calls).toBe(0);
});

test("the bulkhead: past OUTSIDE_BULKHEAD_LIMIT vehicles in flight one more waits its turn unwaited for, then one is refused", async () => {
  process.env.OUTSIDE_BULKHEAD_LIMIT = "2";
  process.env.OUTSIDE_BULKHEAD_BACKLOG = "1";
  resetConfigForTests();
  const answers = new SourceAnswers<{ n: number }>(testSource("test-bulkhead"), memoryStore());
  const slow = () => new Promise<Loaded<{ n: number }>>((r) => setTimeout(() => r(ok(1)), 500));
  const inFlight = [answers.get("a", slow), answers.get("b", slow)];
  const started = Date.now();
  // Every slot taken: "c" waits in the backlog, and its caller is answered at once.
  expect(await answers.get("c", slow)).toMatchObject({
    kind: "pending",
    reason: "busy",
    why: expect.stringMatching(/waits its turn/),
  });
  // The backlog is full too: "d" is refused at once.
  expect(await answers.get("d", slow)).toMatchObject({ kind: "failed", failure: { reason: "busy" } });
  expect(Date.now() - started).toBeLessThan(300);
  // A caller of a vehicle already being asked joins its flight instead.
  expect(await answers.get("a", slow)).toMatchObject({ kind: "fresh" });
  await Promise.all(inFlight);
  // "c" ran when a slot freed: its answer is known without loading again.
  await answers.settled();
  let loads = 0;
  expect(await answers.get("c", async () => (loads++, ok(2)))).toMatchObject({ kind: "fresh", value: { n: 1 } });
  expect(loads).toBe(0);
});

test("a VIN report (a shared budget) waits for a call in the bulkhead's backlog within its budget, as for a running one", async () => {
  process.env.OUTSIDE_BULKHEAD_LIMIT = "1";
  process.env.OUTSIDE_BULKHEAD_BACKLOG = "2";
  resetConfigForTests();
  const answers = new SourceAnswers<{ n: number }>(testSource("test-bulkhead-report"), memoryStore());
  const after = (ms: number, n: number) => () =>
    new Promise<Loaded<{ n: number }>>((r) => setTimeout(() => r(ok(n)), ms));
  const report = (budgetMs: number) => ({ budgetMs, budgetSignal: AbortSignal.timeout(budgetMs) });
  const running = answers.get("a", after(100, 1));
  // The slot is taken: "b" waits its turn (about 100 ms) and runs (about 50 ms), within a 400 ms budget.
  const started = Date.now();
  expect(await answers.get("b", after(50, 2), report(400))).toMatchObject({ kind: "fresh", value: { n: 2 } });
  expect(Date.now() - started).toBeGreaterThanOrEqual(120);
  await running;
  // A budget too short for the queue: pending when it ends (not at once), saying why; the call still runs.
  const slot = answers.get("c", after(150, 3));
  const queuedAt = Date.now();
  expect(await answers.get("d", after(10, 4), report(60))).toMatchObject({
    kind: "pending",
    reason: "busy",
    why: expect.stringMatching(/waits its turn/),
  });
  expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(50);
  await slot;
  await answers.settled();
  expect(await answers.get("d", async () => ok(5))).toMatchObject({ kind: "fresh", value: { n: 4 } });
});
