import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { unlinkRunImmediates } from "./immediate-links";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const turn = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeAll(() => unlinkRunImmediates());

type Linked = { _idleNext?: unknown; _idlePrev?: unknown };

test("Immediates still run in order with their arguments, and are unlinked from each other once run", async () => {
  const order: number[] = [];
  const immediates: NodeJS.Immediate[] = [];
  await new Promise<void>((done) => {
    for (let i = 0; i < 5; i++)
      immediates.push(
        setImmediate((n: number) => {
          order.push(n);
          if (n === 4) setImmediate(done);
        }, i),
      );
  });
  expect(order).toEqual([0, 1, 2, 3, 4]);
  // None of ours still points at another of ours. (The last one may point at an Immediate that something outside
  // this realm, such as Jest's own worker, queued behind it with the unpatched setImmediate: not ours to unlink.)
  const ours = new Set<unknown>(immediates);
  const linkedToOurs = (immediates as unknown as Linked[]).map((i) => ours.has(i._idleNext) || ours.has(i._idlePrev));
  expect(linkedToOurs).toEqual([false, false, false, false, false]);
});

test("an Immediate cleared by the one before it (at once, or in a next tick) is skipped and the rest still run", async () => {
  const ran: string[] = [];
  await new Promise<void>((done) => {
    setImmediate(() => {
      ran.push("a");
      process.nextTick(() => clearImmediate(b));
    });
    const b = setImmediate(() => ran.push("b"));
    setImmediate(() => {
      ran.push("c");
      clearImmediate(d);
    });
    const d = setImmediate(() => ran.push("d"));
    setImmediate(() => {
      ran.push("e");
      done();
    });
  });
  expect(ran).toEqual(["a", "c", "e"]);
});

test("an Error kept from one Immediate's callback keeps that request's store alone, not those that ran beside it", async () => {
  const requests = new AsyncLocalStorage<{ n: number; page: Buffer }>();
  const stores: WeakRef<object>[] = [];
  const kept: Error[] = [];
  await new Promise<void>((done) => {
    for (let n = 0; n < 50; n++)
      requests.run({ n, page: Buffer.alloc(64 * 1024) }, () => {
        stores.push(new WeakRef(requests.getStore()!));
        setImmediate(() => {
          // As Next.js aborts a render's cache signal: an Error made in the callback, kept after it.
          if (n === 0) kept.push(new Error("render aborted"));
          if (n === 49) setImmediate(done);
        });
      });
  });
  await turn();
  gc();
  await turn();
  gc();
  const held = stores.map((store, n) => (store.deref() ? n : -1)).filter((n) => n >= 0);
  expect(kept).toHaveLength(1);
  expect(held.filter((n) => n !== 0)).toEqual([]);
});
