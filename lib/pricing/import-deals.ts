/**
 * Importing verified deals from CSV (format: lib/pricing/deal-csv.ts). All or nothing: every row is read
 * and validated before anything is written, and the writes run in one transaction, so a file with one bad
 * row, or a failure half-way, changes nothing. A deal id already stored is updated (its created-at kept),
 * never duplicated. `replaceDemo` drops the demo set in the same transaction.
 *
 * Names: a make/model whose slug is already stored takes the stored spelling ("CX-5" stays "CX-5" even if
 * a file says "Cx-5"), so one slug always maps to one canonical name (lib/vehicle/slugs.ts).
 */
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { Db } from "../db";
import { changeDataSet } from "../db/data-version";
import { checkHeader, validateDealRow, type DealCsvRow, type RowError } from "./deal-csv";
import { removeDemoDeals } from "./demo-seed";
import { insertDealRows, type DealRow } from "./deal-rows";
import { rebuildDealSummary, refreshDealSummary, type Slice } from "./deal-summary";
import { slugify } from "../vehicle";

const WRITE_BATCH = 500;

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
}

export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; errors: RowError[]; rows: number };

/** Reads and validates the whole file; rows come back only when every one of them is valid. */
async function readDealCsv(
  input: Readable | string,
  opts: Pick<ImportOptions, "onProgress" | "totalBytes"> = {},
): Promise<{ rows: DealCsvRow[]; errors: RowError[]; count: number }> {
  const rows: DealCsvRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  let headerError: string | null = null;
  let count = 0;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const columns = header.map((h) => h.trim().toLowerCase());
      headerError = checkHeader(columns);
      return columns;
    },
    info: true,
    skip_empty_lines: true,
    trim: true,
  });
  const feed = typeof input === "string" ? null : input;
  if (feed) feed.pipe(parser);
  else {
    parser.write(input);
    parser.end();
  }
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number; bytes: number } }>) {
      if (headerError) break;
      count++;
      const { record, info } = item;
      const result = validateDealRow(record, info.lines);
      if (!result.ok) errors.push(result.error);
      else {
        const earlier = seen.get(result.row.deal_id);
        if (earlier !== undefined) {
          errors.push({ line: info.lines, reason: `deal_id ${result.row.deal_id} already appears on line ${earlier}` });
        } else {
          seen.set(result.row.deal_id, info.lines);
          rows.push(result.row);
        }
      }
      if (opts.onProgress && count % 1000 === 0) {
        opts.onProgress({ phase: "validate", done: info.bytes, total: opts.totalBytes ?? info.bytes });
      }
    }
  } catch (error) {
    // csv-parse reports structural problems (wrong column count, unclosed quote) with the line it stopped at.
    const e = error as { lines?: number; message?: string };
    errors.push({ line: e.lines ?? count + 1, reason: `unreadable CSV: ${e.message?.replace(/^Invalid Record Length: /, "") ?? String(error)}` });
  } finally {
    feed?.unpipe(parser);
  }
  if (headerError) return { rows: [], errors: [{ line: 1, reason: headerError }], count: 0 };
  if (count === 0 && errors.length === 0) errors.push({ line: 1, reason: "the file has no deal rows (a header row and at least one deal are needed)" });
  return { rows, errors, count };
}

export async function importDeals(db: Db, input: Readable | string, opts: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const { rows, errors, count } = await readDealCsv(input, opts);
  if (errors.length > 0) return { ok: false, errors, rows: count };

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

  let created = 0;
  let updated = 0;
  let demoRemoved = 0;
  const touched: Slice[] = [];
  await changeDataSet(
    db,
    "deals",
    async (tx) => {
      if (opts.replaceDemo) demoRemoved = await removeDemoDeals(tx);
      for (let i = 0; i < deals.length; i += WRITE_BATCH) {
        const batch = deals.slice(i, i + WRITE_BATCH);
        const existing = await tx.deal.findMany({
          where: { id: { in: batch.map((d) => d.id) } },
          select: { id: true, createdAt: true, makeSlug: true, modelSlug: true, year: true },
        });
        const createdAt = new Map(existing.map((e) => [e.id, e.createdAt]));
        // An update is a replace that keeps the original created-at: one delete + one insert per batch
        // instead of a statement per row.
        if (existing.length > 0) await tx.deal.deleteMany({ where: { id: { in: existing.map((e) => e.id) } } });
        const now = new Date();
        await insertDealRows(tx, batch.map((d) => ({ ...d, createdAt: createdAt.get(d.id) ?? now })));
        for (const e of existing) touched.push(e);
        for (const d of batch) touched.push(d);
        updated += existing.length;
        created += batch.length - existing.length;
        opts.onProgress?.({ phase: "write", done: Math.min(i + WRITE_BATCH, deals.length), total: deals.length });
      }
      // A re-imported id may have moved to another vehicle: its old slice is refreshed too.
      if (opts.replaceDemo) await rebuildDealSummary(tx);
      else await refreshDealSummary(tx, touched);
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
  return {
    ok: true,
    summary: { rows: deals.length, created, updated, demoRemoved, vehicles: vehicles.size, bySource, ms: Math.round(performance.now() - started) },
  };
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
