/**
 * Imports a Transport Canada recalls file (`vinscope import canada-recalls`, and the `canada-recalls` sync) in two
 * steps, all or nothing:
 *   1. stage: the file's rows are streamed into CanadaRecallStage under this import's id, in short statements, so
 *      the app writing to the same database never waits long for the lock;
 *   2. publish: one transaction makes them the data (and bumps the data set's stamp, so every process reloads).
 *      A `full` file (vrdb_full_monthly.csv) replaces the rows: those it no longer lists are deleted, and only rows
 *      new or changed (by their digest) are written. An `update` (vrdb_60days_daily.csv) adds and updates, never
 *      deletes. A file that fails mid-way, or a kill before the publish, leaves the previous data serving.
 *
 * Importing the same file again changes no row. A full file with under half the rows the store holds is refused as
 * partial unless `replace` is set, since publishing it would delete the rest.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { changeDataSet } from "../db/data-version";
import { db, Prisma } from "../db";
import { importPace, upsertRows, type BulkImportOptions, type BulkImportSummary, type BulkTable } from "../sources";
import { openedCanadaRecalls, type OpenedCanadaRecall } from "./opened";
import { openVrdbFile } from "./vrdb-file";
import type { VrdbRow } from "./vrdb";

export type CanadaImportKind = "full" | "update";

interface CanadaImportOptions extends BulkImportOptions {
  /** `full` replaces the rows, `update` adds to them; by default, a file named like vrdb_60days_* is an update. */
  kind?: CanadaImportKind;
  /** Publish a full file even when it holds under half the rows the store has. */
  replace?: boolean;
  now?: Date;
  /**
   * Called inside the publishing transaction with the recalls the file opened (opened.ts), unless this is the
   * store's first import: the recall alerts write their events here, so they commit with the file or not at all.
   */
  onOpened?: (tx: Prisma.TransactionClient, opened: OpenedCanadaRecall[], now: Date) => Promise<unknown>;
}

interface CanadaImportSummary extends BulkImportSummary {
  kind: CanadaImportKind;
  /** Rows new to the store, rows whose content changed, rows a full file no longer lists (deleted). */
  added: number;
  changed: number;
  removed: number;
}

/** The columns of a row (CanadaRecall's, less its two times; the stage adds the import's id). */
const ROW_COLUMNS = [
  "key",
  "recallNumber",
  "year",
  "make",
  "model",
  "makeKey",
  "modelKey",
  "manufacturerRecallNumber",
  "category",
  "system",
  "notificationType",
  "comment",
  "commentFr",
  "unitsAffected",
  "recallDate",
  "rowHash",
] as const satisfies readonly (keyof VrdbRow)[];

const STAGE: BulkTable = {
  table: "CanadaRecallStage",
  key: ["importId", "key"],
  columns: ["importId", ...ROW_COLUMNS],
  pgTypes: { year: "integer", unitsAffected: "integer" },
};

/** Below this share of the stored rows, a full file is taken for a cut-off one. */
const PARTIAL_SHARE = 0.5;

export async function importCanadaRecallsFile(
  file: string,
  opts: CanadaImportOptions = {},
): Promise<CanadaImportSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const kind: CanadaImportKind = opts.kind ?? (/60days/i.test(path.basename(file)) ? "update" : "full");
  const source = openVrdbFile(file);
  // Starts with its start time, so a later import can tell a killed import's leftovers from a running one's rows.
  const importId = `${new Date().toISOString()}|${randomUUID()}`;
  const batchSize = opts.batchSize ?? 1000;
  let bytesDone = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  const skipped: Record<string, number> = {};
  // A killed import leaves its staged rows behind: those of imports started over a day ago (none runs that long)
  // go before this one starts; another import running now keeps its own.
  const leftover = new Date(Date.now() - 86_400_000).toISOString();
  await db().$executeRaw`DELETE FROM "CanadaRecallStage" WHERE "importId" < ${leftover}`;
  try {
    let batch: Array<Record<string, unknown>> = [];
    const flush = async () => {
      await upsertRows(STAGE, batch);
      rowsImported += batch.length;
      batch = [];
      opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: rowsImported });
    };
    for await (const record of source.records((n) => (bytesDone += n))) {
      opts.signal?.throwIfAborted();
      rowsRead++;
      if (!record.ok) {
        skipped[record.reason] = (skipped[record.reason] ?? 0) + 1;
        continue;
      }
      batch.push({ importId, ...record.row });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    if (rowsImported === 0)
      throw new Error(`${file}: no Transport Canada recall rows (${rowsRead} read); nothing is imported`);
    opts.signal?.throwIfAborted();
    const counts = await changeDataSet(
      db(),
      "canada-recalls",
      (tx) =>
        publish(tx, {
          importId,
          kind,
          file: path.basename(file),
          rowsRead,
          rowsImported,
          now,
          replace: opts.replace,
          onOpened: opts.onOpened,
        }),
      { timeout: 10 * 60_000, maxWait: 60_000 },
    );
    return {
      file,
      kind,
      rowsRead,
      rowsImported,
      skipped,
      ...counts,
      ...importPace(started, rowsImported),
    };
  } finally {
    await db().$executeRaw`DELETE FROM "CanadaRecallStage" WHERE "importId" = ${importId}`.catch(() => undefined);
  }
}

const quoted = (columns: readonly string[], prefix = "") => columns.map((c) => `${prefix}"${c}"`).join(", ");

/** The one transaction that makes a staged file the data. */
async function publish(
  tx: Prisma.TransactionClient,
  p: {
    importId: string;
    kind: CanadaImportKind;
    file: string;
    rowsRead: number;
    rowsImported: number;
    now: Date;
    replace?: boolean;
    onOpened?: CanadaImportOptions["onOpened"];
  },
): Promise<{ added: number; changed: number; removed: number }> {
  const count = async (query: Prisma.Sql) => Number((await tx.$queryRaw<{ n: number | bigint }[]>(query))[0].n);
  // Several rows of a file may name one key (spellings that normalise alike): the stage holds each key once.
  const staged = await count(
    Prisma.sql`SELECT COUNT(*) AS "n" FROM "CanadaRecallStage" WHERE "importId" = ${p.importId}`,
  );
  if (p.kind === "full" && !p.replace) {
    const held = await count(Prisma.sql`SELECT COUNT(*) AS "n" FROM "CanadaRecall"`);
    if (staged < held * PARTIAL_SHARE)
      throw new Error(
        `${p.file}: ${staged} rows, where the store holds ${held}: a full file this much smaller looks cut off, so ` +
          "nothing is imported (import it with --replace if it is whole, or as an update with --update)",
      );
  }
  // What this file opened, read before the store changes, and handed on in this same transaction.
  if (p.onOpened) {
    const opened = await openedCanadaRecalls(tx, p.importId, p.now);
    if (opened.length > 0) await p.onOpened(tx, opened, p.now);
  }
  const added = await count(Prisma.sql`
    SELECT COUNT(*) AS "n" FROM "CanadaRecallStage" s
    WHERE s."importId" = ${p.importId} AND NOT EXISTS (SELECT 1 FROM "CanadaRecall" c WHERE c."key" = s."key")`);
  const changed = await count(Prisma.sql`
    SELECT COUNT(*) AS "n" FROM "CanadaRecallStage" s JOIN "CanadaRecall" c ON c."key" = s."key"
    WHERE s."importId" = ${p.importId} AND c."rowHash" <> s."rowHash"`);
  const removed =
    p.kind === "full"
      ? await tx.$executeRaw`
          DELETE FROM "CanadaRecall" WHERE NOT EXISTS (
            SELECT 1 FROM "CanadaRecallStage" s WHERE s."importId" = ${p.importId} AND s."key" = "CanadaRecall"."key")`
      : 0;
  // Only the new and changed rows are written (a daily full file repeats nearly all of its rows), so the
  // transaction holds the write lock that much shorter. `WHERE` before ON CONFLICT: SQLite needs one to parse it.
  const update = ROW_COLUMNS.filter((c) => c !== "key")
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(", ");
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "CanadaRecall" (${Prisma.raw(quoted(ROW_COLUMNS))}, "firstSeenAt", "updatedAt")
    SELECT ${Prisma.raw(quoted(ROW_COLUMNS, "s."))}, ${p.now}, ${p.now} FROM "CanadaRecallStage" s
    WHERE s."importId" = ${p.importId}
      AND NOT EXISTS (SELECT 1 FROM "CanadaRecall" c WHERE c."key" = s."key" AND c."rowHash" = s."rowHash")
    ON CONFLICT ("key") DO UPDATE SET ${Prisma.raw(update)}, "updatedAt" = excluded."updatedAt"`);
  await tx.canadaRecallImport.create({
    data: {
      kind: p.kind,
      file: p.file,
      rowsRead: p.rowsRead,
      rowsImported: p.rowsImported,
      rowsSkipped: p.rowsRead - p.rowsImported,
      added,
      changed,
      removed,
      importedAt: p.now,
    },
  });
  return { added, changed, removed };
}
