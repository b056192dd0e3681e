/**
 * Importing verified deals from CSV (format: lib/pricing/deal-csv.ts). All or nothing: every row is read
 * and validated before anything is written, so a file with one bad row changes nothing. The rows are then
 * written into a staging area (DealStage) in short transactions, so the app, writing on the same database,
 * never waits long for the lock and an import never fails because the app is serving; one transaction then
 * publishes them (publishStaged), so readers see the deals before the import or after it, never part of it,
 * and a failure or a kill before it changes nothing. A deal id already stored is updated (its created-at
 * kept), never duplicated. `replaceDemo` drops the demo set in the publishing transaction.
 *
 * Names: a make/model whose slug is already stored takes the stored spelling ("CX-5" stays "CX-5" even if
 * a file says "Cx-5"), so one slug always maps to one canonical name (lib/vehicle/slugs.ts).
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import pRetry from "p-retry";
import { Prisma, type Db } from "../db";
import { changeDataSet } from "../db/data-version";
import { databaseFault } from "../db/faults";
import { checkHeader, validateDealRow, type DealCsvRow, type RowError } from "./deal-csv";
import { removeDemoDeals } from "./demo-seed";
import { stageDealRows, type DealRow } from "./deal-rows";
import { rebuildDealSummary, refreshDealSummary, type Slice } from "./deal-summary";
import { slugify } from "../vehicle";

/** Rows per staging transaction: a few tens of milliseconds of the write lock each. */
const STAGE_BATCH = 2000;
const DROP_BATCH = 5000;
/** Staged rows this old belong to an import that died (killed, crashed): the next import removes them. */
const STALE_STAGE_MS = 6 * 3600_000;

export interface ImportProgress {
  phase: "validate" | "write";
  done: number;
  total: number;
}

export interface ImportOptions {
  replaceDemo?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Total bytes of the input, for validation progress (optional). */
  totalBytes?: number;
}

interface ImportSummary {
  rows: number;
  created: number;
  updated: number;
  demoRemoved: number;
  vehicles: number;
  bySource: Record<string, number>;
  ms: number;
  /** How long the publishing transaction took: the longest the import held the write lock at once. */
  publishMs: number;
}

/**
 * `rows`: the deal rows read (the header not counted), each either good or bad, so `badRows` ≤ `rows`; `errors`:
 * every fault of every bad row (one row may have several). `refused`: the file is not a deal file as a whole
 * (another delimiter, no header row, wrong columns, no rows), so no row was judged.
 */
export type ImportResult =
  | { ok: true; summary: ImportSummary }
  | { ok: false; rows: number; badRows: number; errors: RowError[] }
  | { ok: false; refused: string };

type ReadResult =
  { refused: string } | { refused?: undefined; rows: DealCsvRow[]; errors: RowError[]; count: number; badRows: number };

/** Reads and validates the whole file; rows come back only when every one of them is valid. */
async function readDealCsv(
  input: Readable | string,
  opts: Pick<ImportOptions, "onProgress" | "totalBytes"> = {},
): Promise<ReadResult> {
  const rows: DealCsvRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  let header: string[] | null = null;
  let count = 0;
  let badRows = 0;
  // Records as arrays, the header taken here: a row with too few or too many fields is one bad row among the
  // others, not the end of the reading (csv-parse's own column check throws at the first one). A row csv-parse
  // cannot read (a stray or unclosed quote) is skipped with an event, so the reading goes on past it too.
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
    skip_records_with_error: true,
  });
  const unreadable = new Map<number, string>();
  parser.on("skip", (error: { lines?: number; message?: string }) => {
    const line = error.lines ?? 0;
    if (!unreadable.has(line))
      unreadable.set(line, `unreadable CSV: ${error.message ?? "a row csv-parse cannot read"}`);
  });
  const feed = typeof input === "string" ? null : input;
  if (feed) feed.pipe(parser);
  else {
    parser.write(input);
    parser.end();
  }
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      const { record, info } = item;
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        const refused = checkHeader(header);
        if (refused) return { refused };
        continue;
      }
      count++;
      const judged = judgeRow(header, record, info.lines, seen);
      if (judged.ok) {
        seen.set(judged.row.deal_id, info.lines);
        rows.push(judged.row);
      } else {
        badRows++;
        errors.push(...judged.errors);
      }
      if (opts.onProgress && count % 1000 === 0) {
        opts.onProgress({ phase: "validate", done: info.bytes, total: opts.totalBytes ?? info.bytes });
      }
    }
  } finally {
    feed?.unpipe(parser);
  }
  if (unreadable.size) {
    if (!header) return { refused: [...unreadable.values()][0] };
    for (const [line, reason] of unreadable) errors.push({ line, reason });
    count += unreadable.size;
    badRows += unreadable.size;
    errors.sort((a, b) => a.line - b.line);
  }
  if (!header) return { refused: "the file is empty: a header row and at least one deal are needed" };
  if (count === 0) return { refused: "the file has no deal rows (a header row and at least one deal are needed)" };
  return { rows, errors, count, badRows };
}

/** One row judged: good, or every fault of it (its field count, each column's rule, a deal id used earlier). */
function judgeRow(
  header: string[],
  record: string[],
  line: number,
  seen: Map<string, number>,
): { ok: true; row: DealCsvRow } | { ok: false; errors: RowError[] } {
  if (record.length !== header.length)
    return {
      ok: false,
      errors: [{ line, reason: `the row has ${record.length} fields, the header ${header.length}` }],
    };
  const result = validateDealRow(Object.fromEntries(header.map((c, i) => [c, record[i]])), line);
  if (!result.ok) return result;
  const earlier = seen.get(result.row.deal_id);
  if (earlier !== undefined) {
    const reason = `deal_id ${result.row.deal_id} already appears on line ${earlier}`;
    return { ok: false, errors: [{ line, column: "deal_id", reason }] };
  }
  return result;
}

export async function importDeals(db: Db, input: Readable | string, opts: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const read = await readDealCsv(input, opts);
  if (read.refused !== undefined) return { ok: false, refused: read.refused };
  const { rows, errors, count, badRows } = read;
  if (errors.length > 0) return { ok: false, rows: count, badRows, errors };

  const { makes, models } = await storedSpellings(db);
  const deals: DealRow[] = [];
  const vehicles = new Set<string>();
  const bySource: Record<string, number> = {};
  for (const row of rows) {
    const makeSlug = slugify(row.make);
    const modelSlug = slugify(row.model);
    const make = makes.get(makeSlug) ?? row.make;
    makes.set(makeSlug, make);
    const modelKey = `${makeSlug}/${modelSlug}`;
    const model = models.get(modelKey) ?? row.model;
    models.set(modelKey, model);
    vehicles.add(`${modelKey}/${row.year}`);
    bySource[row.source] = (bySource[row.source] ?? 0) + 1;
    deals.push({
      id: row.deal_id,
      vin: row.vin,
      year: row.year,
      make,
      model,
      makeSlug,
      modelSlug,
      trim: row.trim,
      state: row.state,
      msrp: row.msrp,
      sellingPrice: row.selling_price,
      dealType: row.deal_type,
      purchaseDate: row.purchase_date,
      source: row.source,
    });
  }

  const importId = randomUUID();
  const stagedAt = new Date();
  await dropStaleImports(db, stagedAt);
  try {
    // Short transactions into the staging area: another writer (the server's own writes, a sync) gets the
    // lock between two of them, and readers see none of it yet.
    for (let i = 0; i < deals.length; i += STAGE_BATCH) {
      await againIfBusy(() =>
        db.$transaction((tx) => stageDealRows(tx, importId, deals.slice(i, i + STAGE_BATCH), stagedAt), {
          maxWait: 30_000,
        }),
      );
      opts.onProgress?.({ phase: "write", done: Math.min(i + STAGE_BATCH, deals.length), total: deals.length });
    }
    const publishing = performance.now();
    const published = await againIfBusy(() =>
      changeDataSet(db, "deals", (tx) => publishStaged(tx, importId, deals.length, opts.replaceDemo === true), {
        timeout: 10 * 60_000,
        maxWait: 60_000,
      }),
    );
    const publishMs = Math.round(performance.now() - publishing);
    return {
      ok: true,
      summary: {
        rows: deals.length,
        ...published,
        vehicles: vehicles.size,
        bySource,
        ms: Math.round(performance.now() - started),
        publishMs,
      },
    };
  } finally {
    await dropStagedImport(db, importId).catch(() => undefined);
  }
}

/**
 * A staging or publishing transaction that failed on a passing fault (another writer held the lock past the busy
 * timeout, the database did not answer in time) rolled back whole, so it is run again, a few times, before the
 * import gives up: a serving app must not fail an import. Any other error ends the import at once.
 */
function againIfBusy<T>(work: () => Promise<T>): Promise<T> {
  return pRetry(work, {
    retries: 3,
    minTimeout: 250,
    shouldRetry: ({ error }) => ["locked", "timeout"].includes(databaseFault(error) ?? ""),
  });
}

/**
 * The one transaction that makes an import visible: deals already stored (by id) are updated in place, keeping
 * their created-at; new ones are inserted; the summary rows of every slice the import touched (where a
 * re-imported deal was, and where it is now) are rebuilt; with `replaceDemo` the demo set goes first.
 */
async function publishStaged(
  tx: Prisma.TransactionClient,
  importId: string,
  rows: number,
  replaceDemo: boolean,
): Promise<{ created: number; updated: number; demoRemoved: number }> {
  const demoRemoved = replaceDemo ? await removeDemoDeals(tx) : 0;
  const [{ n }] = await tx.$queryRaw<{ n: number | bigint }[]>`
    SELECT COUNT(*) AS "n" FROM "DealStage" s JOIN "Deal" d ON d."id" = s."id" WHERE s."importId" = ${importId}`;
  const updated = Number(n);
  // A re-imported id may move to another vehicle: its old slice is refreshed too.
  const touched = replaceDemo
    ? []
    : await tx.$queryRaw<Slice[]>`
        SELECT DISTINCT d."makeSlug", d."modelSlug", d."year" FROM "Deal" d JOIN "DealStage" s ON s."id" = d."id"
        WHERE s."importId" = ${importId}
        UNION SELECT DISTINCT "makeSlug", "modelSlug", "year" FROM "DealStage" WHERE "importId" = ${importId}`;
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "Deal" ("id", "vin", "year", "make", "model", "makeSlug", "modelSlug", "trim", "state", "msrp",
      "sellingPrice", "dealType", "purchaseDate", "source", "createdAt", "updatedAt")
    SELECT "id", "vin", "year", "make", "model", "makeSlug", "modelSlug", "trim", "state", "msrp",
      "sellingPrice", "dealType", "purchaseDate", "source", ${now}, ${now}
    FROM "DealStage" WHERE "importId" = ${importId}
    ON CONFLICT ("id") DO UPDATE SET "vin" = excluded."vin", "year" = excluded."year", "make" = excluded."make",
      "model" = excluded."model", "makeSlug" = excluded."makeSlug", "modelSlug" = excluded."modelSlug",
      "trim" = excluded."trim", "state" = excluded."state", "msrp" = excluded."msrp",
      "sellingPrice" = excluded."sellingPrice", "dealType" = excluded."dealType",
      "purchaseDate" = excluded."purchaseDate", "source" = excluded."source", "updatedAt" = excluded."updatedAt"`;
  if (replaceDemo) await rebuildDealSummary(tx);
  else
    await refreshDealSummary(
      tx,
      touched.map((t) => ({ ...t, year: Number(t.year) })),
    );
  return { created: rows - updated, updated, demoRemoved };
}

/** Removes an import's staged rows a few thousand at a time (each a short write). */
async function dropStagedImport(db: Db, importId: string): Promise<void> {
  for (;;) {
    const removed = await db.$executeRaw`
      DELETE FROM "DealStage" WHERE "importId" = ${importId}
        AND "id" IN (SELECT "id" FROM "DealStage" WHERE "importId" = ${importId} LIMIT ${DROP_BATCH})`;
    if (removed < DROP_BATCH) return;
  }
}

/** Staged rows of imports that died (killed, crashed) before they published or cleaned up. */
async function dropStaleImports(db: Db, now: Date): Promise<void> {
  const stale = await db.dealStage.findMany({
    where: { stagedAt: { lt: new Date(now.getTime() - STALE_STAGE_MS) } },
    distinct: ["importId"],
    select: { importId: true },
  });
  for (const { importId } of stale) await dropStagedImport(db, importId);
}

/** The spelling already stored for each make slug and make/model slug pair. */
async function storedSpellings(db: Db): Promise<{ makes: Map<string, string>; models: Map<string, string> }> {
  const groups = await db.deal.groupBy({ by: ["makeSlug", "modelSlug"], _min: { make: true, model: true } });
  const makes = new Map<string, string>();
  const models = new Map<string, string>();
  for (const g of groups) {
    if (g._min.make && !makes.has(g.makeSlug)) makes.set(g.makeSlug, g._min.make);
    if (g._min.model) models.set(`${g.makeSlug}/${g.modelSlug}`, g._min.model);
  }
  return { makes, models };
}
