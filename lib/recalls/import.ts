/**
 * Bulk imports into the recall store (`vinscope import recalls` is the CLI):
 * - FLAT_RCL (.txt/.tsv or .zip; 24/27/29 columns), streamed in batches;
 * - saved recallsByVehicle answers (.json: one `{Count, Message, results}`, an array of them, or a bare
 *   array of result rows). Each answer is also recorded as a lookup (origin "import") so that an empty answer
 *   means "0 recalls" for that year/make/model. Empty answers name no vehicle: pair them with their queries
 *   (`queries`: a JSON file of `{ModelYear, Make, Model}` rows in the same order, bare or inside
 *   vPIC/SafetyRatings `{Results: […]}` envelopes); unpaired empty answers are skipped and counted.
 * - campaign CSV exports with the API's column names (.csv).
 * Every write is an upsert on stable keys, so importing the same file twice leaves the same rows.
 */
import { createReadStream, readFileSync, statSync } from "node:fs";
import { parse as parseCsv } from "csv-parse";
import { db } from "../db";
import { openFlatRcl, parseFlatRclLine } from "./flat-rcl";
import { nhtsaRecallsResponse, recordFromNhtsaRow } from "./nhtsa-rows";
import type { RecallRecord } from "./record";
import { findLookup, saveLookup, upsertRecalls, type RecallSource } from "./store";

type ImportKind = "flat_rcl" | "recalls_json" | "campaign_csv";

interface ImportProgress {
  bytesDone: number;
  totalBytes: number;
  rows: number;
}

export interface ImportSummary {
  file: string;
  kind: ImportKind;
  rowsRead: number;
  rowsImported: number;
  skipped: Record<string, number>;
  /** FLAT_RCL: how many lines had 24, 27 or 29 columns. */
  layouts: Record<string, number>;
  campaigns: number;
  /** recallsByVehicle JSON: answers recorded as lookups (year/make/model → campaigns, empty ones included). */
  lookupsRecorded: number;
  store: { campaigns: number; coverage: number; lookups: number };
  seconds: number;
  rowsPerSecond: number;
}

export interface ImportOptions {
  onProgress?: (p: ImportProgress) => void;
  /** recallsByVehicle JSON: the queries the answers belong to, in the same order. */
  queriesFile?: string;
  batchSize?: number;
}

function importKind(file: string): ImportKind {
  if (/\.(zip|txt|tsv|lst)$/i.test(file)) return "flat_rcl";
  if (/\.json$/i.test(file)) return "recalls_json";
  if (/\.csv$/i.test(file)) return "campaign_csv";
  throw new Error(
    `${file}: unknown file type (expected .zip/.txt FLAT_RCL, .json recallsByVehicle answers or .csv campaigns)`,
  );
}

export async function importRecallFile(file: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const kind = importKind(file);
  const started = performance.now();
  const tally = {
    rowsRead: 0,
    rowsImported: 0,
    skipped: {} as Record<string, number>,
    layouts: {} as Record<string, number>,
    campaigns: new Set<string>(),
    lookups: 0,
  };
  const skip = (reason: string) => (tally.skipped[reason] = (tally.skipped[reason] ?? 0) + 1);

  if (kind === "flat_rcl") await importFlatRcl(file, opts, tally, skip);
  else if (kind === "recalls_json") await importRecallsJson(file, opts, tally, skip);
  else await importCampaignCsv(file, opts, tally, skip);

  const seconds = (performance.now() - started) / 1000;
  const [campaigns, coverage, lookups] = await Promise.all([
    db().recallCampaign.count(),
    db().recallCoverage.count(),
    db().recallLookup.count(),
  ]);
  return {
    file,
    kind,
    rowsRead: tally.rowsRead,
    rowsImported: tally.rowsImported,
    skipped: tally.skipped,
    layouts: tally.layouts,
    campaigns: tally.campaigns.size,
    lookupsRecorded: tally.lookups,
    store: { campaigns, coverage, lookups },
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: seconds > 0 ? Math.round(tally.rowsRead / seconds) : tally.rowsRead,
  };
}

type Tally = {
  rowsRead: number;
  rowsImported: number;
  layouts: Record<string, number>;
  campaigns: Set<string>;
  lookups: number;
};

async function importFlatRcl(file: string, opts: ImportOptions, tally: Tally, skip: (r: string) => void) {
  const source = await openFlatRcl(file);
  const batchSize = opts.batchSize ?? 2000;
  let bytesDone = 0;
  let batch: RecallRecord[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await upsertRecalls(batch, "flat_rcl");
    tally.rowsImported += batch.length;
    batch = [];
    opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: tally.rowsRead });
  };
  for await (const line of source.lines((n) => (bytesDone += n))) {
    tally.rowsRead++;
    const parsed = parseFlatRclLine(line);
    if (!parsed.ok) {
      skip(parsed.reason);
      continue;
    }
    tally.layouts[parsed.layout] = (tally.layouts[parsed.layout] ?? 0) + 1;
    tally.campaigns.add(parsed.record.campaignNumber);
    batch.push(parsed.record);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  opts.onProgress?.({ bytesDone: source.totalBytes, totalBytes: source.totalBytes, rows: tally.rowsRead });
}

/** One row in NHTSA's field names (an API answer's or a campaign CSV's): counted, and a record unless malformed. */
function readNhtsaRow(
  row: Parameters<typeof recordFromNhtsaRow>[0],
  tally: Tally,
  skip: (r: string) => void,
): RecallRecord | null {
  tally.rowsRead++;
  const r = recordFromNhtsaRow(row);
  if (!r.ok) {
    skip("bad_row");
    return null;
  }
  tally.campaigns.add(r.record.campaignNumber);
  return r.record;
}

interface Query {
  year: number;
  make: string;
  model: string;
}

/** Queries as bare `{ModelYear, Make, Model}` rows or inside `{Results: […]}` / `{results: […]}` envelopes. */
function readQueries(file: string): Query[] {
  const data = JSON.parse(readFileSync(file, "utf8")) as unknown;
  const out: Query[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.Results)) return visit(o.Results);
      if (Array.isArray(o.results)) return visit(o.results);
      const year = Number(o.ModelYear ?? o.modelYear);
      const make = String(o.Make ?? o.make ?? "").trim();
      const model = String(o.Model ?? o.model ?? "").trim();
      if (Number.isInteger(year) && make && model) out.push({ year, make, model });
    }
  };
  visit(data);
  return out;
}

async function importRecallsJson(file: string, opts: ImportOptions, tally: Tally, skip: (r: string) => void) {
  const totalBytes = statSync(file).size;
  const data = JSON.parse(readFileSync(file, "utf8")) as unknown;
  // A bare array of result rows is one answer; otherwise one answer or an array of answers.
  const answers: unknown[] = Array.isArray(data)
    ? data.length > 0 && data.every((x) => x && typeof x === "object" && "NHTSACampaignNumber" in x)
      ? [{ results: data }]
      : data
    : [data];
  const queries = opts.queriesFile ? readQueries(opts.queriesFile) : null;
  if (queries && queries.length !== answers.length) {
    throw new Error(
      `${opts.queriesFile}: ${queries.length} queries for ${answers.length} answers; they must pair up one to one`,
    );
  }
  const now = new Date();
  for (const [i, raw] of answers.entries()) {
    const parsed = nhtsaRecallsResponse.safeParse(raw);
    if (!parsed.success) {
      skip("not_an_answer");
      continue;
    }
    const records: RecallRecord[] = [];
    for (const row of parsed.data.rows) {
      const record = readNhtsaRow(row, tally, skip);
      if (record) records.push(record);
    }
    await upsertRecalls(records, "json_import", now);
    tally.rowsImported += records.length;

    // The vehicle(s) this answer is about: its query when paired, else the year/make/model its rows name.
    const vehicles: Query[] = queries
      ? [queries[i]]
      : [
          ...new Map(
            records.map((r) => [`${r.year}|${r.make}|${r.model}`, { year: r.year, make: r.make, model: r.model }]),
          ).values(),
        ];
    if (vehicles.length === 0) skip("empty_answer_without_query");
    for (const v of vehicles) {
      const campaigns = (
        queries ? records : records.filter((r) => r.year === v.year && r.make === v.make && r.model === v.model)
      ).map((r) => r.campaignNumber);
      const existing = await findLookup(v.year, v.make, v.model);
      // A live answer is newer than any saved file: never replace it with an imported one.
      if (existing?.origin === "live") continue;
      await saveLookup(v.year, v.make, v.model, "import", campaigns, now);
      tally.lookups++;
    }
    opts.onProgress?.({
      bytesDone: Math.round(((i + 1) / answers.length) * totalBytes),
      totalBytes,
      rows: tally.rowsRead,
    });
  }
}

async function importCampaignCsv(file: string, opts: ImportOptions, tally: Tally, skip: (r: string) => void) {
  const totalBytes = statSync(file).size;
  const parser = createReadStream(file).pipe(
    parseCsv({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true }),
  );
  const records: RecallRecord[] = [];
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    const record = readNhtsaRow(row, tally, skip);
    if (record) records.push(record);
  }
  const source: RecallSource = "csv_import";
  for (let i = 0; i < records.length; i += 2000) await upsertRecalls(records.slice(i, i + 2000), source);
  tally.rowsImported = records.length;
  opts.onProgress?.({ bytesDone: totalBytes, totalBytes, rows: tally.rowsRead });
}
