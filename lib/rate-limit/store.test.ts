/**
 * The chain of counter stores: a store's decision from memory is taken at once (no deadline, no call), any other
 * goes to the store; a store that fails is skipped for a cool-down while the next one counts.
 */
import { RateLimiterRes } from "rate-limiter-flexible";
import { SharedLimiter, type CounterStore } from "./store";

const policy = { requests: 10, windowSeconds: 60 };

function store(
  name: string,
  local: { admitted: boolean; res: RateLimiterRes } | null,
  consume: () => Promise<RateLimiterRes>,
) {
  const calls = { local: 0, consume: 0 };
  const s: CounterStore = {
    name,
    decideLocally: () => {
      calls.local++;
      return local;
    },
    consume: () => {
      calls.consume++;
      return consume();
    },
  };
  return { s, calls };
}

test("a decision the store makes from memory is taken without asking it", async () => {
  const shared = store("postgresql", { admitted: true, res: new RateLimiterRes(7, 30_000, 3) }, () =>
    Promise.reject(new Error("not asked")),
  );
  const limiter = new SharedLimiter("public", policy, [shared.s]);
  expect(await limiter.consume("a")).toEqual({ known: true, allowed: true, remaining: 7, resetMs: 30_000 });
  expect(shared.calls).toEqual({ local: 1, consume: 0 });

  const refusing = store("postgresql", { admitted: false, res: new RateLimiterRes(0, 12_000, 10) }, () =>
    Promise.reject(new Error("not asked")),
  );
  expect(await new SharedLimiter("public", policy, [refusing.s]).consume("a")).toEqual({
    known: true,
    allowed: false,
    remaining: 0,
    resetMs: 12_000,
  });
});

test("without a decision from memory the store is asked; a failing store is skipped while the next one counts", async () => {
  const failing = store("postgresql", null, () => Promise.reject(new Error("connection refused")));
  const next = store("memory", null, () => Promise.resolve(new RateLimiterRes(9, 60_000, 1)));
  const limiter = new SharedLimiter("public", policy, [failing.s, next.s]);
  expect(await limiter.consume("a")).toMatchObject({ known: true, allowed: true, remaining: 9 });
  expect(await limiter.consume("a")).toMatchObject({ known: true, allowed: true });
  // Asked once, then skipped for the cool-down (its memory is not consulted either).
  expect(failing.calls).toEqual({ local: 1, consume: 1 });
  expect(next.calls.consume).toBe(2);
});
