/**
 * Prisma's better-sqlite3 adapter, made never to freeze its process on another writer's lock, and to survive a
 * failed write.
 *
 * Waiting for the lock: better-sqlite3 waits out SQLite's busy timeout synchronously, inside the statement, so
 * a server process whose request wanted to write while an import held the lock answered nothing else (not even
 * /robots.txt) for up to that long. Here the connection's own busy timeout is 0: a statement that meets the lock
 * fails at once with SQLITE_BUSY, and is tried again after a short timer (the event loop serves other requests
 * meanwhile) until `busyTimeoutMs` has passed, then fails as "locked" (503). Transactions begin with
 * BEGIN IMMEDIATE, which takes the write lock up front and is retried the same way: a deferred BEGIN that read
 * first could not upgrade to a writer once another connection had committed (SQLITE_BUSY_SNAPSHOT, which no
 * waiting cures), which is how an import failed with "database is locked" while the app wrote usage counters.
 *
 * The file must exist: a deleted database is a fault (503), and only `vinscope db migrate` creates one
 * (cli/db/prepare.ts); opening with create would answer from a new, empty file.
 *
 * Surviving a failed write: Its own transactions hold a mutex that is
 * released only by commit()/rollback(): when BEGIN fails (disk I/O error, read-only file, busy) the mutex is
 * never released, and when the engine's COMMIT/ROLLBACK statement fails (SQLite has already rolled back after
 * an I/O error, so ROLLBACK answers "no transaction is active") the engine may never call rollback(). Either
 * way every later transaction waits for ever: the "/api/recalls hangs after a short read-only fault" we once had.
 *
 * Here transactions are started by this wrapper on the same connection, with its own lock that:
 *  - is released whatever happens to BEGIN, COMMIT or ROLLBACK (and an open transaction left on the connection
 *    is rolled back before the next one begins);
 *  - is waited for at most `lockWaitMs`, after which the caller gets a "database is locked" error (503);
 *  - is taken back from a transaction held longer than `maxHoldMs` (a caller that went away without ending it).
 */
import type Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from "@prisma/driver-adapter-utils";

export interface ResilientSqliteOptions {
  url: string;
  /** How long a statement (or BEGIN IMMEDIATE) keeps retrying, asynchronously, while another connection holds the write lock. */
  busyTimeoutMs: number;
  /** How long a transaction waits for this process's previous one to end. */
  lockWaitMs: number;
  /** A transaction still open after this is rolled back and its lock released. */
  maxHoldMs: number;
  /** Open only an existing file (the default); false creates it (tests of this adapter only). */
  fileMustExist?: boolean;
}

const SQLITE_BUSY = 5;

function busyError(detail: string): DriverAdapterError {
  return new DriverAdapterError({ kind: "sqlite", extendedCode: SQLITE_BUSY, message: detail });
}

function asDriverError(error: unknown): DriverAdapterError {
  if (error instanceof DriverAdapterError) return error;
  const e = error as { code?: string; message?: string };
  // better-sqlite3's SqliteError: the code's name, e.g. SQLITE_IOERR_WRITE. The adapter's own mapping wants
  // a numeric extended code; the primary code is enough for lib/db/faults.ts.
  const primary: Record<string, number> = {
    SQLITE_BUSY: 5,
    SQLITE_LOCKED: 6,
    SQLITE_READONLY: 8,
    SQLITE_IOERR: 10,
    SQLITE_CORRUPT: 11,
    SQLITE_FULL: 13,
    SQLITE_CANTOPEN: 14,
  };
  const name = (e.code ?? "").match(/^SQLITE_[A-Z]+/)?.[0] ?? "";
  return new DriverAdapterError({
    kind: "sqlite",
    extendedCode: primary[name] ?? 1,
    message: e.message ?? String(error),
  });
}

/** SQLite's "another connection holds the lock" (SQLITE_BUSY, SQLITE_LOCKED and their extended codes), however wrapped. */
function isBusy(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { kind?: unknown; extendedCode?: unknown; originalCode?: unknown } };
  if (typeof e?.code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(e.code)) return true;
  const cause = e?.cause;
  if (!cause) return false;
  // The Prisma adapter maps plain SQLITE_BUSY to a "SocketTimeout"; this file's own errors carry the code.
  if (cause.kind === "SocketTimeout" && cause.originalCode === "SQLITE_BUSY") return true;
  return (
    cause.kind === "sqlite" && typeof cause.extendedCode === "number" && [5, 6].includes(cause.extendedCode & 0xff)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it does not meet the lock, sleeping between tries (1, 2, 4, 8, then about 15 ms): each
 * try costs microseconds, and the event loop is free between them. Past `budgetMs` the lock error is thrown.
 */
async function retryWhileBusy<T>(attempt: () => T | Promise<T>, budgetMs: number): Promise<T> {
  const deadline = performance.now() + budgetMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 16)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const left = deadline - performance.now();
      if (left <= 0)
        throw busyError(`database is locked: another connection held the write lock for over ${budgetMs} ms`);
      await sleep(Math.min(left, pause * (0.75 + Math.random() / 2)));
    }
  }
}

/** A FIFO lock whose waiters give up after a deadline. */
class TimedLock {
  private held = false;
  private waiters: (() => void)[] = [];

  async acquire(waitMs: number): Promise<() => void> {
    if (!this.held) {
      this.held = true;
      return this.releaser();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== grant);
        reject(busyError(`database is locked: a transaction of this process did not end within ${waitMs} ms`));
      }, waitMs);
      this.waiters.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.held = false;
    };
  }
}

type Inner = SqlDriverAdapter & { client: Database.Database };

class ResilientSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  private readonly lock = new TimedLock();

  constructor(
    private readonly inner: Inner,
    private readonly opts: ResilientSqliteOptions,
  ) {
    this.adapterName = inner.adapterName;
  }

  queryRaw(query: SqlQuery) {
    return retryWhileBusy(() => this.inner.queryRaw(query), this.opts.busyTimeoutMs);
  }

  executeRaw(query: SqlQuery) {
    return retryWhileBusy(() => this.inner.executeRaw(query), this.opts.busyTimeoutMs);
  }

  executeScript(script: string) {
    return this.inner.executeScript(script);
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  dispose() {
    return this.inner.dispose();
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
      throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    }
    const release = await this.lock.acquire(this.opts.lockWaitMs);
    const client = this.inner.client;
    try {
      // A transaction left open on the connection (by a failure nobody cleaned up) must not swallow this one.
      if (client.inTransaction) client.exec("ROLLBACK");
      await retryWhileBusy(() => {
        try {
          client.exec("BEGIN IMMEDIATE");
        } catch (error) {
          throw asDriverError(error);
        }
      }, this.opts.busyTimeoutMs);
    } catch (error) {
      release();
      throw asDriverError(error);
    }
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(guard);
      try {
        if (client.inTransaction) client.exec("ROLLBACK");
      } catch {
        /* the connection has no transaction to roll back: nothing is held */
      }
      release();
    };
    const guard = setTimeout(end, this.opts.maxHoldMs);
    guard.unref();

    const run = async <T>(query: SqlQuery, call: (q: SqlQuery) => Promise<T>): Promise<T> => {
      const verb = query.sql.trim().toUpperCase();
      if (verb === "COMMIT" || verb === "ROLLBACK") {
        // The engine ends the transaction with a statement and then calls commit()/rollback(). Whatever that
        // statement does, the transaction is over for this lock: a failed COMMIT is rolled back.
        try {
          return await call(query);
        } finally {
          end();
        }
      }
      if (ended) throw busyError("the transaction was ended (it ran past its deadline); retry");
      return call(query);
    };

    return {
      provider: this.provider,
      adapterName: this.adapterName,
      options: { usePhantomQuery: false },
      queryRaw: (query) => run(query, (q) => this.inner.queryRaw(q)),
      executeRaw: (query) => run(query, (q) => this.inner.executeRaw(q)),
      commit: async () => end(),
      rollback: async () => end(),
    };
  }
}

export class ResilientSqliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  private readonly inner: PrismaBetterSQLite3;

  constructor(private readonly opts: ResilientSqliteOptions) {
    // timeout 0: SQLite never sleeps inside a statement (which would stop the event loop); retryWhileBusy waits instead.
    this.inner = new PrismaBetterSQLite3({ url: opts.url, timeout: 0, fileMustExist: opts.fileMustExist ?? true });
    this.adapterName = this.inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return new ResilientSqliteAdapter((await this.inner.connect()) as Inner, this.opts);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return new ResilientSqliteAdapter((await this.inner.connectToShadowDb()) as Inner, this.opts);
  }
}
