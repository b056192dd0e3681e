import { DatabaseUnavailableError } from "./faults";
import { deferWrite, drainDeferredWrites, type DeferredWrite } from "./write-behind";

const written: string[] = [];
const write = (label: string) => ({ run: async () => void written.push(label) });

beforeEach(() => {
  written.length = 0;
});

test("a write goes out right after it is queued, without the caller waiting for it", async () => {
  let ran = false;
  deferWrite("a", { run: async () => void (ran = true) });
  expect(ran).toBe(false);
  await new Promise((r) => setTimeout(r, 20));
  expect(ran).toBe(true);
});

test("a newer write for a key replaces the queued one; absorb merges them instead", async () => {
  let release!: () => void;
  deferWrite("busy", { run: () => new Promise<void>((r) => (release = r)) });
  await new Promise((r) => setTimeout(r, 5)); // that write is now in flight: the next ones queue behind it
  deferWrite("k", write("old"));
  deferWrite("k", write("new"));
  const counter = (n: number): DeferredWrite & { n: number } => ({
    n,
    run: async () => void written.push(`sum ${n}`),
    absorb: (older) => counter(n + (older as DeferredWrite & { n: number }).n),
  });
  deferWrite("c", counter(2));
  deferWrite("c", counter(3));
  release();
  await drainDeferredWrites();
  expect(written).toEqual(["new", "sum 5"]);
});

test("a write the database cannot take now stays queued and is tried again; a bug is dropped", async () => {
  let attempts = 0;
  deferWrite("locked", {
    run: async () => {
      if (++attempts < 3) throw new DatabaseUnavailableError("locked", "locked");
      written.push("landed");
    },
  });
  deferWrite("bug", { run: async () => Promise.reject(new TypeError("not a database fault")) });
  await drainDeferredWrites(5000);
  expect(attempts).toBe(3);
  expect(written).toEqual(["landed"]);
});

test("bounded: past 5,000 queued keys a new key's write is dropped", async () => {
  let release!: () => void;
  deferWrite("hold", { run: () => new Promise<void>((r) => (release = r)) });
  await new Promise((r) => setTimeout(r, 5));
  for (let i = 0; i < 5001; i++) deferWrite(`key-${i}`, write(`w${i}`));
  release();
  await drainDeferredWrites();
  expect(written).toHaveLength(5000);
  expect(written).not.toContain("w5000");
});
