import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import { databaseFault } from "./faults";
import { ResilientSqliteFactory } from "./sqlite-adapter";

const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });

let dir: string;
let adapter: SqlDriverAdapter;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-adapter-"));
  const factory = new ResilientSqliteFactory({
    url: `file:${path.join(dir, "t.db")}`,
    busyTimeoutMs: 100,
    lockWaitMs: 300,
    maxHoldMs: 1000,
    fileMustExist: false,
  });
  adapter = await factory.connect();
  await adapter.executeScript("CREATE TABLE t (x INTEGER PRIMARY KEY)");
});

afterEach(async () => {
  await adapter.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async () => (await adapter.queryRaw(sql("SELECT count(*) AS n FROM t"))).rows[0][0];

describe("ResilientSqliteFactory transactions", () => {
  test("commit and rollback as the engine drives them (statement, then commit()/rollback())", async () => {
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("INSERT INTO t VALUES (1)"));
    await tx.executeRaw(sql("COMMIT"));
    await tx.commit();
    const tx2 = await adapter.startTransaction();
    await tx2.executeRaw(sql("INSERT INTO t VALUES (2)"));
    await tx2.executeRaw(sql("ROLLBACK"));
    await tx2.rollback();
    expect(Number(await rows())).toBe(1);
  });

  test("a failed ROLLBACK statement (SQLite already rolled back) still frees the next transaction", async () => {
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("ROLLBACK"));
    // Matched by message: better-sqlite3's SqliteError is not an Error of this test file's realm when another
    // test file in the same Jest worker loaded the native addon first, so `rejects.toThrow()` cannot see it.
    const failed = await tx.executeRaw(sql("ROLLBACK")).then(
      () => null,
      (e: { message?: string }) => e,
    );
    expect(failed?.message).toMatch(/no transaction is active/);
    // The engine may give up here without calling rollback(): the next transaction must not wait for it.
    const started = Date.now();
    const next = await adapter.startTransaction();
    expect(Date.now() - started).toBeLessThan(1000);
    await next.executeRaw(sql("INSERT INTO t VALUES (3)"));
    await next.executeRaw(sql("COMMIT"));
    await next.commit();
    expect(Number(await rows())).toBe(1);
  });

  test("a statement failing inside a transaction leaves it and the lock usable to the end", async () => {
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("INSERT INTO t VALUES (4)"));
    await tx.executeRaw(sql("INSERT INTO t VALUES (4)")).catch(() => undefined); // unique violation, tx still open
    await tx.executeRaw(sql("COMMIT"));
    const next = await adapter.startTransaction();
    await next.executeRaw(sql("COMMIT"));
    await next.commit();
    expect(Number(await rows())).toBe(1);
  });

  test("waiting for a transaction that never ends gives up with a 'locked' fault, and the holder is reclaimed", async () => {
    await adapter.startTransaction(); // never ended: a caller that went away
    const waited = adapter.startTransaction();
    const error = await waited.then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseFault(error)).toBe("locked");
    await new Promise((r) => setTimeout(r, 1100)); // past maxHoldMs the abandoned one is rolled back
    const next = await adapter.startTransaction();
    await next.executeRaw(sql("INSERT INTO t VALUES (5)"));
    await next.executeRaw(sql("COMMIT"));
    expect(Number(await rows())).toBe(1);
  });
});

describe("another connection's write lock", () => {
  /** Holds the write lock from a second connection (as an import in another process does) for `ms`. */
  function holdLock(ms: number): Promise<void> {
    const other = new Database(path.join(dir, "t.db"));
    other.exec("BEGIN IMMEDIATE");
    return new Promise((resolve) =>
      setTimeout(() => {
        other.exec("ROLLBACK");
        other.close();
        resolve();
      }, ms),
    );
  }

  /** How late a 5 ms timer fires while `work` runs: a synchronous wait inside a statement makes it late by that long. */
  async function timerLateness(work: Promise<unknown>): Promise<number> {
    let worst = 0;
    let expected = performance.now() + 5;
    const tick = setInterval(() => {
      worst = Math.max(worst, performance.now() - expected);
      expected = performance.now() + 5;
    }, 5);
    try {
      await work;
    } finally {
      clearInterval(tick);
    }
    return worst;
  }

  test("a write waits for it without stopping the event loop, then succeeds", async () => {
    const factory = new ResilientSqliteFactory({
      url: `file:${path.join(dir, "t.db")}`,
      busyTimeoutMs: 2000,
      lockWaitMs: 3000,
      maxHoldMs: 5000,
    });
    const waiting = await factory.connect();
    try {
      const released = holdLock(400);
      const started = performance.now();
      const late = await timerLateness(waiting.executeRaw(sql("INSERT INTO t VALUES (10)")));
      expect(performance.now() - started).toBeGreaterThanOrEqual(350);
      // better-sqlite3's own busy timeout would have held the thread for the whole 400 ms.
      expect(late).toBeLessThan(150);
      await released;
      expect(Number(await rows())).toBe(1);
    } finally {
      await waiting.dispose();
    }
  });

  test("a transaction begins once the lock is free (BEGIN IMMEDIATE, retried without blocking)", async () => {
    const factory = new ResilientSqliteFactory({
      url: `file:${path.join(dir, "t.db")}`,
      busyTimeoutMs: 2000,
      lockWaitMs: 3000,
      maxHoldMs: 5000,
    });
    const waiting = await factory.connect();
    try {
      const released = holdLock(300);
      const late = await timerLateness(
        waiting.startTransaction().then(async (tx) => {
          await tx.executeRaw(sql("INSERT INTO t VALUES (11)"));
          await tx.executeRaw(sql("COMMIT"));
          await tx.commit();
        }),
      );
      expect(late).toBeLessThan(150);
      await released;
      expect(Number(await rows())).toBe(1);
    } finally {
      await waiting.dispose();
    }
  });

  test("held past the busy timeout: a 'locked' fault, not a wait without end", async () => {
    const released = holdLock(600);
    const error = await adapter.executeRaw(sql("INSERT INTO t VALUES (12)")).then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseFault(error)).toBe("locked");
    const txError = await adapter.startTransaction().then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseFault(txError)).toBe("locked");
    await released;
    await adapter.executeRaw(sql("INSERT INTO t VALUES (12)"));
    expect(Number(await rows())).toBe(1);
  });
});

test("a missing file is not created: opening it fails as 'gone'", async () => {
  const file = path.join(dir, "missing.db");
  const factory = new ResilientSqliteFactory({
    url: `file:${file}`,
    busyTimeoutMs: 100,
    lockWaitMs: 300,
    maxHoldMs: 1000,
  });
  const error = await factory.connect().then(
    () => null,
    (e: unknown) => e,
  );
  expect(databaseFault(error)).toBe("gone");
  expect(existsSync(file)).toBe(false);
});
