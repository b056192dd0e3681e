/**
 * Version stamps of whole data sets (deals, recalls), kept in the Setting table and changed in the same
 * transaction as every write to the set (demo seed, import, demo removal, a stored NHTSA answer). Whatever a
 * process derives from a whole set (the market overview, the indexes of which vehicles have any data) is
 * checked against the stamp, one primary-key read, instead of recomputed or guessed. Several instances sharing
 * one database, and a CLI import next to a running server, see each other's writes the same way.
 */
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { dbProvider, type Db, type Prisma } from ".";

/**
 * "recalls" is what imports and the mirror's syncs write (the recall mirror's index is derived from it);
 * "recall-answers" what NHTSA's API answers add one vehicle at a time, so a live answer does not make every
 * process derive the mirror's index again.
 */
export type DataSet =
  | "deals"
  | "recalls"
  | "recall-answers"
  | "complaints"
  | "fuel-economy"
  | "bulletins"
  | "canada-recalls"
  | "investigations";

const versionKey = (set: DataSet) => `${set}.version`;

type SettingTable = Pick<Db, "setting">;

/**
 * Changes of each set committed by this process: its own derived values recheck at once, not within recheckMs.
 * On globalThis: every copy of this module in the process counts the same changes (processWide below).
 */
const localChanges = ((
  globalThis as unknown as { __vinscopeLocalChanges?: Map<DataSet, number> }
).__vinscopeLocalChanges ??= new Map<DataSet, number>());

/**
 * Runs `work` in one transaction that also bumps the set's stamp, so readers elsewhere see the change as one;
 * every write to a data set goes through here.
 */
export async function changeDataSet<T>(
  db: Db,
  set: DataSet,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  const result = await db.$transaction(async (tx) => {
    const value = await work(tx);
    await bumpDataVersion(tx, set);
    return value;
  }, options);
  localChanges.set(set, (localChanges.get(set) ?? 0) + 1);
  return result;
}

/**
 * changeDataSet for writes that are single statements built on `db` (raw upserts): they and the stamp go out as
 * one batch transaction. A live NHTSA answer is stored this way for each new vehicle, and an interactive
 * transaction's round trips through Prisma's query layer cost several times the statements themselves.
 */
export async function changeDataSetAtOnce(
  db: Db,
  set: DataSet,
  writes: Prisma.PrismaPromise<unknown>[],
): Promise<void> {
  const pg = dbProvider() === "postgresql";
  const stamp = db.$executeRawUnsafe(
    `INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES (${pg ? "$1, $2, $3::timestamp(3)" : "?, ?, ?"}) ` +
      `ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updatedAt" = excluded."updatedAt"`,
    versionKey(set),
    randomUUID(),
    new Date().toISOString(),
  );
  await db.$transaction([...writes, stamp]);
  localChanges.set(set, (localChanges.get(set) ?? 0) + 1);
}

/** The stamp alone, for a writer that already runs its own transaction (tests, benchmarks). */
export async function bumpDataVersion(tx: SettingTable, set: DataSet): Promise<string> {
  const key = versionKey(set);
  const value = randomUUID();
  await tx.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
  return value;
}

/** The set's current stamp ("none" before its first write) and when it last changed. */
export async function dataVersion(
  db: SettingTable,
  set: DataSet,
): Promise<{ version: string; changedAt: Date | null }> {
  const row = await db.setting.findUnique({ where: { key: versionKey(set) } });
  return { version: row?.value ?? "none", changedAt: row?.updatedAt ?? null };
}

/**
 * A value derived from a whole data set, held in memory per process (and per database handle) and derived again
 * when the set's stamp changes. The stamp is read at most once per `recheckMs`, so the hot path costs no query
 * and a write elsewhere shows here within `recheckMs`. Concurrent callers share one check. After `maxAgeMs` the
 * value is derived again whatever the stamp says, so a write that bypassed the stamp (a hand-edited database)
 * is picked up within minutes.
 */
export class DerivedFromDataSet<T> {
  private readonly held = new WeakMap<
    SettingTable,
    { version: string; value: T; derivedAt: number; checkedAt: number; localChanges: number }
  >();
  private readonly checking = new WeakMap<SettingTable, Promise<T>>();

  private readonly sets: DataSet[];

  constructor(
    set: DataSet | DataSet[],
    private readonly derive: (db: Db) => Promise<T>,
    private readonly recheckMs = 1000,
    private readonly maxAgeMs = 5 * 60_000,
    /**
     * Check the stamp (and derive again) in the background: once a value is held, no caller waits for the
     * check; the new value replaces the old when it is ready. Only the first caller of a process waits, and a
     * caller after this process's own write to the set (it reads its own writes).
     */
    private readonly background = false,
  ) {
    this.sets = Array.isArray(set) ? set : [set];
  }

  /** Changes this process committed to the sets the value is derived from. */
  private localChanges(): number {
    return this.sets.reduce((n, set) => n + (localChanges.get(set) ?? 0), 0);
  }

  /** The stamps of every set the value is derived from, as one. */
  private async version(db: Db): Promise<string> {
    const versions = await Promise.all(this.sets.map((set) => dataVersion(db, set)));
    return versions.map((v) => v.version).join("|");
  }

  async get(db: Db, now = Date.now()): Promise<T> {
    const held = this.held.get(db);
    const fresh = held && now - held.checkedAt < this.recheckMs && held.localChanges === this.localChanges();
    if (fresh) return held.value;
    let check = this.checking.get(db);
    if (!check) {
      check = this.refresh(db, now).finally(() => this.checking.delete(db));
      this.checking.set(db, check);
    }
    // In the background, unless this process itself wrote to the set since: it reads its own writes.
    if (held && this.background && held.localChanges === this.localChanges()) {
      // A failed check keeps the held value; the next call after recheckMs tries again.
      check.catch(() => undefined);
      return held.value;
    }
    return check;
  }

  /**
   * The stamp the held value was derived from (the sets' stamps joined by "|"), or undefined when none is held.
   * A caller that knows the set's current stamp can tell whether the held value is behind it: in the
   * background mode the old value answers while the new one is derived.
   */
  heldVersion(db: Db): string | undefined {
    return this.held.get(db)?.version;
  }

  /**
   * Whether a value is held; when none is yet, the first derive starts in the background. A caller with another
   * way to answer (a live source) answers that way meanwhile, instead of waiting for the whole set to be read.
   */
  ready(db: Db): boolean {
    if (this.held.has(db)) return true;
    this.get(db).catch(() => undefined);
    return false;
  }

  private async refresh(db: Db, now: number): Promise<T> {
    // The stamp is read before deriving: a write in between makes the next check derive again, never skip one.
    const changes = this.localChanges();
    const version = await this.version(db);
    const held = this.held.get(db);
    if (held && held.version === version && now - held.derivedAt < this.maxAgeMs) {
      Object.assign(held, { checkedAt: now, localChanges: changes });
      return held.value;
    }
    const value = await this.derive(db);
    this.held.set(db, { version, value, derivedAt: now, checkedAt: now, localChanges: changes });
    return value;
  }
}

/**
 * For a derive that reads a whole set in pages: awaited between pages, it lets the requests waiting on the event
 * loop run. A query on SQLite runs on the loop itself, and Prisma resolves it without giving the loop a turn, so
 * a derive that awaits only its pages holds every request for all of its pages (after a sync of a full
 * mirror: seconds). With a turn per page a request waits at most one page.
 */
export function betweenPages(): Promise<void> {
  return nextTurn();
}

const globalForDerived = globalThis as unknown as { __vinscopeDerived?: Map<string, unknown> };

/**
 * One value per process under `name`, however many copies of the calling module the server bundles hold
 * (Next.js loads lib/ once for the instrumentation hook and again for the routes): a derived index created at
 * module level would otherwise be loaded, and held in memory, once per copy.
 */
export function processWide<T>(name: string, create: () => T): T {
  const all = (globalForDerived.__vinscopeDerived ??= new Map());
  if (!all.has(name)) all.set(name, create());
  return all.get(name) as T;
}
