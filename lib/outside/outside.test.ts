/** The shared pieces of every outside client: breaker states and probes, the bounded memo, deadlines. */
import { setTimeout as sleep } from "node:timers/promises";
import { resetConfigForTests } from "../config";
import { approximateBytes } from "./memo";
import {
  Breaker,
  BoundedMemo,
  boundedCache,
  breakerFor,
  resetBreakersForTests,
  startDeadline,
  untilAborted,
  watchSlowCall,
} from ".";
import { Bulkhead } from "./bulkhead";

type Answer = { ok: true; n: number } | { ok: false; reason: string };
const failedAnswer = (a: Answer) => !a.ok;
const openAnswer = (): Answer => ({ ok: false, reason: "breaker_open" });

const savedEnv = { ...process.env };
beforeEach(() => {
  process.env = { ...savedEnv, LOG_LEVEL: "silent" };
  resetConfigForTests();
  resetBreakersForTests();
});
afterAll(() => {
  process.env = savedEnv;
  resetConfigForTests();
});

describe("Breaker", () => {
  it("opens after the configured failures in a row and then answers degraded without calling", async () => {
    const breaker = new Breaker("test", 3, 60_000);
    let calls = 0;
    const failing = async (): Promise<Answer> => {
      calls++;
      return { ok: false, reason: "http_error" };
    };
    for (let i = 0; i < 3; i++)
      expect(await breaker.run(failing, { failed: failedAnswer, open: openAnswer })).toEqual({
        ok: false,
        reason: "http_error",
      });
    expect(breaker.state).toBe("open");
    expect(breaker.refusing).toBe(true);
    expect(await breaker.run(failing, { failed: failedAnswer, open: openAnswer })).toEqual({
      ok: false,
      reason: "breaker_open",
    });
    expect(calls).toBe(3);
    expect(breaker.health()).toMatchObject({ name: "test", state: "open", lastFailure: "http_error" });
  });

  it("opens on the failure rate in its window: failures that are at most half the calls keep it closed", async () => {
    const breaker = new Breaker("test", 2, 60_000);
    const opts = { failed: failedAnswer, open: openAnswer };
    await breaker.run(async () => ({ ok: false, reason: "x" }) as Answer, opts);
    await breaker.run(async () => ({ ok: true, n: 1 }) as Answer, opts);
    await breaker.run(async () => ({ ok: true, n: 2 }) as Answer, opts);
    await breaker.run(async () => ({ ok: false, reason: "x" }) as Answer, opts);
    expect(breaker.state).toBe("closed");
    await breaker.run(async () => ({ ok: false, reason: "x" }) as Answer, opts);
    expect(breaker.state).toBe("open");
  });

  it("a call that hangs counts as a failure once it passes slowCallMs: a hang opens the breaker before any call returns", async () => {
    const breaker = new Breaker("test", 3, 60_000, { slowCallMs: 50 });
    const opts = { failed: failedAnswer, open: openAnswer };
    // The calls hang until released: the breaker must open while all three are still outstanding, so the
    // assertion does not depend on how fast a busy machine runs timers.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let settled = 0;
    const hang = () =>
      breaker
        .run(async () => {
          const answered = watchSlowCall();
          await released;
          answered();
          return { ok: true, n: 0 } as Answer;
        }, opts)
        .finally(() => settled++);
    const started = Date.now();
    const calls = [hang(), hang(), hang()];
    while (breaker.state !== "open" && Date.now() - started < 10_000) await sleep(10);
    expect(breaker.state).toBe("open");
    expect(settled).toBe(0);
    expect(await breaker.run(async () => ({ ok: true, n: 1 }) as Answer, opts)).toEqual({
      ok: false,
      reason: "breaker_open",
    });
    release();
    await Promise.all(calls);
    expect(settled).toBe(3);
  });

  it("after the cool-down one probe goes through: success closes, failure opens again", async () => {
    const breaker = new Breaker("test", 1, 50);
    const opts = { failed: failedAnswer, open: openAnswer };
    await breaker.run(async () => ({ ok: false, reason: "down" }) as Answer, opts);
    expect(breaker.refusing).toBe(true);
    await sleep(70);
    expect(breaker.refusing).toBe(false);
    expect(breaker.state).toBe("half_open");
    // The probe fails: open again, no further call goes out.
    expect(await breaker.run(async () => ({ ok: false, reason: "still down" }) as Answer, opts)).toEqual({
      ok: false,
      reason: "still down",
    });
    expect(breaker.refusing).toBe(true);
    await sleep(70);
    // While the probe is under way, other calls stay degraded; its success closes the breaker.
    let release!: () => void;
    const probe = breaker.run(() => new Promise<Answer>((r) => (release = () => r({ ok: true, n: 1 }))), opts);
    expect(await breaker.run(async () => ({ ok: true, n: 2 }) as Answer, opts)).toEqual({
      ok: false,
      reason: "breaker_open",
    });
    release();
    expect(await probe).toEqual({ ok: true, n: 1 });
    expect(breaker.state).toBe("closed");
    expect(await breaker.run(async () => ({ ok: true, n: 3 }) as Answer, opts)).toEqual({ ok: true, n: 3 });
  });

  it("a thrown error counts as a failure and reaches the caller", async () => {
    const breaker = new Breaker("test", 1, 60_000);
    await expect(
      breaker.run(
        async () => {
          throw new Error("boom");
        },
        { failed: () => false, open: () => 0 },
      ),
    ).rejects.toThrow("boom");
    expect(breaker.state).toBe("open");
  });

  it("breakerFor keeps one breaker per name, with the configured thresholds", () => {
    process.env.OUTSIDE_BREAKER_FAILURES = "7";
    process.env.OUTSIDE_BREAKER_COOLDOWN_MS = "1234";
    resetConfigForTests();
    const a = breakerFor("nhtsa-recalls");
    expect(breakerFor("nhtsa-recalls")).toBe(a);
    expect(breakerFor("vpic")).not.toBe(a);
    expect(a.failures).toBe(7);
    expect(a.cooldownMs).toBe(1234);
  });
});

describe("Bulkhead", () => {
  it("runs at most `limit` calls at once and refuses the next at once", async () => {
    const b = new Bulkhead("test", 2);
    const slow = () =>
      b.run(
        () => sleep(500).then(() => "done"),
        () => "refused",
      );
    const first = [slow(), slow()];
    expect(b.full).toBe(true);
    const started = Date.now();
    expect(await slow()).toBe("refused");
    expect(Date.now() - started).toBeLessThan(250);
    expect(await Promise.all(first)).toEqual(["done", "done"]);
    expect(b.full).toBe(false);
  });
});

describe("BoundedMemo", () => {
  it("shares one load among concurrent callers and keeps the answer for its ttl", async () => {
    const memo = new BoundedMemo<Answer>({ max: 10, maxBytes: 1 << 20 });
    let loads = 0;
    const load = async (): Promise<Answer> => {
      loads++;
      await sleep(20);
      return { ok: true, n: loads };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => memo.get("k", load, () => 60_000)));
    expect(loads).toBe(1);
    expect(answers.every((a) => a.ok && a.n === 1)).toBe(true);
    expect(await memo.get("k", load, () => 60_000)).toEqual({ ok: true, n: 1 });
    expect(loads).toBe(1);
  });

  it("remembers a failure only as long as ttlFor says (negative cache), and nothing with 0", async () => {
    const memo = new BoundedMemo<Answer>({ max: 10, maxBytes: 1 << 20 });
    let loads = 0;
    const failing = async (): Promise<Answer> => ({ ok: false, reason: `try ${++loads}` });
    const ttl = (a: Answer) => (a.ok ? 60_000 : 40);
    await memo.get("k", failing, ttl);
    await memo.get("k", failing, ttl);
    expect(loads).toBe(1);
    await sleep(60);
    await memo.get("k", failing, ttl);
    expect(loads).toBe(2);
    await memo.get("z", failing, () => 0);
    await memo.get("z", failing, () => 0);
    expect(loads).toBe(4);
  });

  it("holds at most max entries", async () => {
    const memo = new BoundedMemo<Answer>({ max: 3, maxBytes: 1 << 20 });
    for (let i = 0; i < 10; i++)
      await memo.get(
        `k${i}`,
        async () => ({ ok: true, n: i }),
        () => 60_000,
      );
    expect(memo.size).toBe(3);
    expect(memo.peek("k0")).toBeUndefined();
    expect(memo.peek("k9")).toEqual({ ok: true, n: 9 });
  });

  it("holds at most maxBytes: large answers push out the least recently used, and one larger than that alone is not kept", async () => {
    type Text = { text: string };
    const memo = new BoundedMemo<Text>({ max: 100, maxBytes: 10_000 });
    const text = (n: number) => async () => ({ text: "x".repeat(n) });
    for (let i = 0; i < 5; i++) await memo.get(`k${i}`, text(3_000), () => 60_000);
    // Three answers of about 3 KB fit in 10 KB; the two asked first went.
    expect(memo.size).toBe(3);
    expect(memo.bytes).toBeLessThanOrEqual(10_000);
    expect(memo.peek("k1")).toBeUndefined();
    expect(memo.peek("k4")).toBeDefined();
    // An answer larger than the whole bound is still given to its caller, and not kept.
    expect((await memo.get("big", text(20_000), () => 60_000)).text).toHaveLength(20_000);
    expect(memo.peek("big")).toBeUndefined();
    expect(memo.peek("k4")).toBeDefined();
  });

  it("boundedCache holds at most maxBytes by its sizeOf", () => {
    const cache = boundedCache<string>({ max: 100, maxBytes: 1_000, sizeOf: (value) => value.length });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, "y".repeat(300));
    expect(cache.size).toBe(3);
    expect(cache.calculatedSize).toBe(900);
    expect(cache.has("k9")).toBe(true);
    expect(cache.has("k6")).toBe(false);
  });

  it("approximateBytes: a string's length, an object's JSON text", () => {
    expect(approximateBytes("abcd")).toBe(4);
    expect(approximateBytes({ a: "bc" })).toBe('{"a":"bc"}'.length);
    expect(approximateBytes(true)).toBe(16);
  });

  it("a load that throws is not kept and the next caller loads again", async () => {
    const memo = new BoundedMemo<Answer>({ max: 3, maxBytes: 1 << 20 });
    await expect(
      memo.get(
        "k",
        async () => {
          throw new Error("x");
        },
        () => 60_000,
      ),
    ).rejects.toThrow("x");
    expect(
      await memo.get(
        "k",
        async () => ({ ok: true, n: 1 }),
        () => 60_000,
      ),
    ).toEqual({ ok: true, n: 1 });
  });
});

describe("deadlines", () => {
  it("startDeadline aborts at the deadline or with the caller, whichever is first", async () => {
    const quick = startDeadline(20);
    await sleep(40);
    expect(quick.signal.aborted).toBe(true);
    expect((quick.signal.reason as DOMException).name).toBe("TimeoutError");
    const caller = new AbortController();
    const combined = startDeadline(60_000, caller.signal, undefined);
    expect(combined.signal.aborted).toBe(false);
    caller.abort(new Error("client went away"));
    expect(combined.signal.aborted).toBe(true);
    expect((combined.signal.reason as Error).message).toBe("client went away");
    const late = new AbortController();
    expect(startDeadline(60_000, AbortSignal.abort("already"), late.signal).signal.reason).toBe("already");
  });

  it("a cleared deadline never aborts and no longer follows the caller", async () => {
    const caller = new AbortController();
    const deadline = startDeadline(20, caller.signal);
    deadline.clear();
    await sleep(40);
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });

  it("untilAborted stops waiting when the caller gives up", async () => {
    const caller = new AbortController();
    const slow = sleep(1000).then(() => "late");
    setTimeout(() => caller.abort(), 10);
    const started = Date.now();
    expect(await untilAborted(slow, caller.signal, () => "gave up")).toBe("gave up");
    expect(Date.now() - started).toBeLessThan(500);
    expect(await untilAborted(Promise.resolve("now"), new AbortController().signal, () => "gave up")).toBe("now");
  });
});

describe("Breaker: answers that count neither way", () => {
  it("ignored answers neither open nor reset the breaker", async () => {
    const breaker = new Breaker("test", 2, 60_000);
    const opts = {
      failed: failedAnswer,
      open: openAnswer,
      ignored: (a: Answer) => !a.ok && a.reason === "caller_gone",
    };
    await breaker.run(async () => ({ ok: false, reason: "down" }) as Answer, opts);
    for (let i = 0; i < 5; i++)
      expect(await breaker.run(async () => ({ ok: false, reason: "caller_gone" }) as Answer, opts)).toEqual({
        ok: false,
        reason: "caller_gone",
      });
    expect(breaker.state).toBe("closed");
    await breaker.run(async () => ({ ok: false, reason: "down" }) as Answer, opts);
    expect(breaker.state).toBe("open");
  });
});
