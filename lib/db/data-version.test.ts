import { betweenPages, changeDataSet, DerivedFromDataSet } from "./data-version";
import type { Db } from ".";

/** A stand-in for the Setting table, the transaction included: enough for the stamp and its readers. */
function fakeDb() {
  const rows = new Map<string, { value: string; updatedAt: Date }>();
  let reads = 0;
  const setting = {
    findUnique: async ({ where }: { where: { key: string } }) => {
      reads++;
      const row = rows.get(where.key);
      return row ? { key: where.key, ...row } : null;
    },
    upsert: async ({ where, create }: { where: { key: string }; create: { value: string } }) => {
      rows.set(where.key, { value: create.value, updatedAt: new Date() });
    },
  };
  const db = { setting, $transaction: (work: (tx: unknown) => Promise<unknown>) => work({ setting }) } as unknown as Db;
  return { db, reads: () => reads };
}

describe("DerivedFromDataSet", () => {
  test("derives once, then answers from memory until the recheck interval has passed", async () => {
    const { db, reads } = fakeDb();
    let derived = 0;
    const value = new DerivedFromDataSet("deals", async () => ++derived, 1000);
    const t = Date.now();
    expect(await value.get(db, t)).toBe(1);
    expect(await value.get(db, t + 500)).toBe(1);
    expect(reads()).toBe(1);
    // Past the interval the stamp is read again; unchanged, nothing is derived again.
    expect(await value.get(db, t + 5000)).toBe(1);
    expect(reads()).toBe(2);
    expect(derived).toBe(1);
  });

  test("derives again after maxAgeMs even when the stamp is unchanged (a write that bypassed it)", async () => {
    const { db } = fakeDb();
    let derived = 0;
    const value = new DerivedFromDataSet("deals", async () => ++derived, 1000, 60_000);
    const t = Date.now();
    expect(await value.get(db, t)).toBe(1);
    expect(await value.get(db, t + 30_000)).toBe(1);
    expect(await value.get(db, t + 61_000)).toBe(2);
  });

  test("a change committed by another process shows at the next recheck", async () => {
    const { db } = fakeDb();
    let source = "before";
    const value = new DerivedFromDataSet("recalls", async () => source, 1000);
    expect(await value.get(db)).toBe("before");
    // Another process writes: the stamp in the shared table changes, this process is not told.
    source = "after";
    await db.setting.upsert({
      where: { key: "recalls.version" },
      create: { key: "recalls.version", value: "v2" },
      update: { value: "v2" },
    });
    expect(await value.get(db)).toBe("before");
    expect(await value.get(db, Date.now() + 1500)).toBe("after");
  });

  test("in the background: once a value is held no caller waits for the check; the new value follows it", async () => {
    const { db } = fakeDb();
    let source = "before";
    let release!: () => void;
    const value = new DerivedFromDataSet(
      "complaints",
      async () => (source === "before" ? source : new Promise<string>((r) => (release = () => r(source)))),
      1000,
      60_000,
      true,
    );
    expect(await value.get(db)).toBe("before");
    source = "after";
    await db.setting.upsert({
      where: { key: "complaints.version" },
      create: { key: "complaints.version", value: "v2" },
      update: { value: "v2" },
    });
    // The check and the slow derive run behind the held value.
    expect(await value.get(db, Date.now() + 1500)).toBe("before");
    await new Promise((r) => setTimeout(r, 10));
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(await value.get(db, Date.now() + 1600)).toBe("after");
  });

  test("a change this process commits shows at once", async () => {
    const { db } = fakeDb();
    let source = 1;
    const value = new DerivedFromDataSet("deals", async () => source, 60_000);
    expect(await value.get(db)).toBe(1);
    await changeDataSet(db, "deals", async () => {
      source = 2;
    });
    expect(await value.get(db)).toBe(2);
  });

  test("concurrent callers share one check and one derivation", async () => {
    const { db, reads } = fakeDb();
    let derived = 0;
    const value = new DerivedFromDataSet("deals", async () => {
      await new Promise((r) => setTimeout(r, 20));
      return ++derived;
    });
    expect(await Promise.all([value.get(db), value.get(db), value.get(db)])).toEqual([1, 1, 1]);
    expect(reads()).toBe(1);
    expect(derived).toBe(1);
  });

  test("a failed check is not remembered: the next call tries again", async () => {
    const { db } = fakeDb();
    let fail = true;
    const value = new DerivedFromDataSet("deals", async () => {
      if (fail) throw new Error("database down");
      return "ok";
    });
    await expect(value.get(db)).rejects.toThrow("database down");
    fail = false;
    expect(await value.get(db)).toBe("ok");
  });

  test("ready() says whether a value is held, and starts the first derive without waiting for it", async () => {
    const { db } = fakeDb();
    let release!: () => void;
    const derived = new Promise<void>((r) => (release = r));
    const value = new DerivedFromDataSet("deals", async () => {
      await derived;
      return "index";
    });
    expect(value.ready(db)).toBe(false);
    // The derive is under way: asking again does not start a second one, and is still not ready.
    expect(value.ready(db)).toBe(false);
    release();
    expect(await value.get(db)).toBe("index");
    expect(value.ready(db)).toBe(true);
  });
});

test("betweenPages gives the event loop a turn: what was queued before it runs first", async () => {
  // A query on SQLite resolves in microtasks alone, so without this turn nothing queued would run until the end.
  const order: string[] = [];
  setImmediate(() => order.push("queued"));
  await Promise.resolve();
  order.push("microtask");
  await betweenPages();
  order.push("after the turn");
  expect(order).toEqual(["microtask", "queued", "after the turn"]);
});
