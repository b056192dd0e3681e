/** lib/outside's pieces on libraries: deadlines, retries (p-retry), host queues (p-queue), single flight (lru-cache). */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { resetConfigForTests } from "../config";
import { BoundedMemo, DeadlineExceeded, fetchJson, HostQueueFull, HostQueues, retryAnswer, withDeadline } from ".";

const savedEnv = { ...process.env };
beforeEach(() => {
  process.env = { ...savedEnv, LOG_LEVEL: "silent" };
  resetConfigForTests();
});
afterAll(() => {
  process.env = savedEnv;
  resetConfigForTests();
});

describe("withDeadline", () => {
  it("answers the work's result when it is in time", async () => {
    expect(await withDeadline("quick", 1000, async () => "done")).toBe("done");
  });

  it("rejects with DeadlineExceeded at the deadline and aborts the work's signal", async () => {
    let seen: AbortSignal | undefined;
    const started = Date.now();
    const answer = withDeadline("slow source", 50, (signal) => {
      seen = signal;
      return sleep(2000).then(() => "late");
    });
    await expect(answer).rejects.toThrow(new DeadlineExceeded("slow source", 50));
    await expect(answer).rejects.toMatchObject({
      label: "slow source",
      ms: 50,
      message: "slow source did not answer within 50 ms",
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen?.aborted).toBe(true);
  });

  it("passes the work's own failure through, and stops at once for a caller that gave up", async () => {
    await expect(
      withDeadline("failing", 1000, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const caller = new AbortController();
    const answer = withDeadline("slow", 60_000, () => sleep(2000), caller.signal);
    caller.abort(new Error("client went away"));
    await expect(answer).rejects.toThrow("client went away");
  });
});

describe("retryAnswer", () => {
  type A = { ok: boolean; n: number };
  it("asks again after the backoff while the answer is retryable, and returns the last one when attempts run out", async () => {
    let n = 0;
    const started = Date.now();
    const answer = await retryAnswer(async () => ({ ok: false, n: ++n }), {
      retries: 2,
      backoffMs: 30,
      retryable: (a: A) => !a.ok,
    });
    expect(answer).toEqual({ ok: false, n: 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("stops at the first final answer", async () => {
    let n = 0;
    const answer = await retryAnswer(async () => ({ ok: n++ > 0, n }), {
      retries: 5,
      backoffMs: 0,
      retryable: (a: A) => !a.ok,
    });
    expect(answer).toEqual({ ok: true, n: 2 });
  });

  it("a thrown error reaches the caller at once unless it is marked retryable", async () => {
    let n = 0;
    await expect(
      retryAnswer(
        async () => {
          n++;
          throw new Error("final");
        },
        { retries: 3, backoffMs: 0, retryable: () => false },
      ),
    ).rejects.toThrow("final");
    expect(n).toBe(1);
    n = 0;
    const answer = await retryAnswer(
      async () => {
        if (++n < 3) throw new Error("busy");
        return "seeded";
      },
      { retries: 3, backoffMs: 0, retryable: () => false, retryableError: (e) => (e as Error).message === "busy" },
    );
    expect([answer, n]).toEqual(["seeded", 3]);
  });

  it("a caller that gives up during the backoff gets the last answer without waiting", async () => {
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 30);
    const started = Date.now();
    const answer = await retryAnswer(async () => ({ ok: false, n: 1 }), {
      retries: 1,
      backoffMs: 5000,
      retryable: (a: A) => !a.ok,
      signal: caller.signal,
    });
    expect(answer).toEqual({ ok: false, n: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("fetchJson", () => {
  let server: Server;
  let base = "";
  let hits = 0;
  let status = 503;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ hits }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("retries a 5xx once, never a 4xx, and answers a typed failure", async () => {
    hits = 0;
    status = 503;
    expect(await fetchJson(`${base}/x`, { timeoutMs: 1000, backoffMs: 10 })).toEqual({
      ok: false,
      reason: "http_error",
      status: 503,
      detail: "HTTP 503",
    });
    expect(hits).toBe(2);
    hits = 0;
    status = 404;
    expect(await fetchJson(`${base}/x`, { timeoutMs: 1000, backoffMs: 10 })).toMatchObject({ ok: false, status: 404 });
    expect(hits).toBe(1);
    status = 200;
    expect(await fetchJson(`${base}/x`, { timeoutMs: 1000 })).toEqual({ ok: true, body: { hits: 2 } });
  });

  it("a caller that already gave up gets 'aborted'", async () => {
    const gone = new AbortController();
    gone.abort();
    expect(await fetchJson(`${base}/x`, { timeoutMs: 1000, signal: gone.signal })).toMatchObject({
      ok: false,
      reason: "aborted",
    });
  });
});

describe("HostQueues", () => {
  it("runs at most `concurrency` tasks per host at once, hosts apart from each other", async () => {
    const queues = new HostQueues(2, 0);
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await sleep(30);
      running--;
      return "ok";
    };
    const signal = new AbortController().signal;
    const results = await Promise.all([...Array(6)].map(() => queues.run("a.example", signal, task)));
    expect(results.every((r) => r === "ok")).toBe(true);
    expect(most).toBe(2);
    // Another host has its own slots.
    const other = queues.run("b.example", signal, task);
    expect(queues.waiting("b.example")).toBe(0);
    await other;
  });

  it("spaces starts at least intervalMs apart per host", async () => {
    const queues = new HostQueues(5, 50);
    const starts: number[] = [];
    const signal = new AbortController().signal;
    await Promise.all([...Array(3)].map(() => queues.run("h", signal, async () => void starts.push(Date.now()))));
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(45);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(45);
  });

  it("refuses with HostQueueFull when maxQueue callers already wait, and an aborted waiter leaves the queue", async () => {
    const queues = new HostQueues(1, 0);
    const free = new AbortController().signal;
    const hold = queues.run("h", free, () => sleep(100));
    const caller = new AbortController();
    const waiter = queues.run("h", caller.signal, async () => "ran");
    expect(queues.waiting("h")).toBe(1);
    await expect(queues.run("h", free, async () => "x", 1)).rejects.toBeInstanceOf(HostQueueFull);
    await expect(queues.run("h", free, async () => "x", 1)).rejects.toThrow("1 requests are already waiting for h");
    caller.abort(new Error("gone"));
    await expect(waiter).rejects.toThrow("gone");
    expect(queues.waiting("h")).toBe(0);
    // The slot is free again for the next caller once the holder ends; the aborted waiter never ran.
    await hold;
    expect(await queues.run("h", free, async () => "next", 1)).toBe("next");
  });

  it("a running task is not cut short by the queue when its caller's signal aborts: the task answers", async () => {
    const queues = new HostQueues(1, 0);
    const caller = new AbortController();
    const answer = queues.run("h", caller.signal, async () => {
      await sleep(30);
      return caller.signal.aborted ? "stopped by its own signal" : "done";
    });
    setTimeout(() => caller.abort(), 5);
    expect(await answer).toBe("stopped by its own signal");
  });
});

describe("BoundedMemo: loads under way", () => {
  it("counts loads in flight per key and settles them", async () => {
    const memo = new BoundedMemo<{ v: number }>({ max: 10, maxBytes: 1 << 20 });
    const a = memo.get(
      "a",
      () => sleep(30).then(() => ({ v: 1 })),
      () => 0,
    );
    const b = memo.get(
      "a",
      async () => ({ v: 2 }),
      () => 0,
    );
    expect(memo.loading("a")).toBe(true);
    expect(memo.inFlight).toBe(1);
    await memo.settled();
    expect(await a).toEqual({ v: 1 });
    expect(await b).toEqual({ v: 1 });
    expect(memo.inFlight).toBe(0);
    expect(memo.loading("a")).toBe(false);
    expect(memo.peek("a")).toBeUndefined();
  });

  it("a flood of other keys does not break a load under way (its entry pushed out)", async () => {
    const memo = new BoundedMemo<{ v: number }>({ max: 2, maxBytes: 1 << 20 });
    const slow = memo.get(
      "slow",
      () => sleep(30).then(() => ({ v: 0 })),
      () => 60_000,
    );
    for (let i = 0; i < 5; i++)
      await memo.get(
        `k${i}`,
        async () => ({ v: i }),
        () => 60_000,
      );
    expect(await slow).toEqual({ v: 0 });
    expect(memo.size).toBeLessThanOrEqual(2);
  });
});
