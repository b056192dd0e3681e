/**
 * NHTSA's MFR_COMMS_RECEIVED_{period} file: a quoted CSV (UTF-8, sometimes with a byte-order mark) with the
 * header `TSB/Document ID, Make, Model, Model Year, Concise Summary`, that header repeated inside the file (every
 * repeat is skipped), one row per communication and make/model. The first column holds NHTSA's ID of the
 * communication (a number); `Model Year` may list several years ("2019, 2020, 2021": one vehicle per year); the
 * summary may hold commas, quotes and line breaks inside its quotes. Columns are found by their header names
 * (spacing and case vary), in the documented order when a file starts without a header.
 *
 * Read as a stream (csv-parse over the file's or the zip member's bytes), one record at a time: a malformed
 * record is counted under its reason and skipped, never fatal.
 */
import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import yauzl from "yauzl";
import { makeKey, nameKey } from "../vehicle";
import { bulletinType, documentIdFrom, type BulletinType } from "./classify";
import { periodInName } from "./period";

export interface BulletinRecord {
  nhtsaId: number;
  documentId: string | null;
  type: BulletinType;
  /** MFR_COMMS rows carry no date: always null here. */
  issuedOn: string | null;
  summary: string;
}

export interface BulletinVehicle {
  year: number;
  make: string;
  model: string;
  makeKey: string;
  modelKey: string;
}

export type MfrCommsRow =
  | { ok: true; bulletin: BulletinRecord; vehicles: BulletinVehicle[] }
  | { ok: false; reason: "header" | "columns" | "bad_id" | "no_vehicle" | "no_year" };

/** NHTSA's "unknown year", and the years a model year can be. */
const UNKNOWN_YEAR = 9999;
const YEAR_MIN = 1900;
const YEAR_MAX = 2100;

/** Header names, compared without spaces and case. */
const COLUMNS = {
  id: "TSB/DOCUMENTID",
  make: "MAKE",
  model: "MODEL",
  year: "MODELYEAR",
  summary: "CONCISESUMMARY",
} as const;
type Column = keyof typeof COLUMNS;
const DOCUMENTED_ORDER: Record<Column, number> = { id: 0, make: 1, model: 2, year: 3, summary: 4 };

const headerName = (cell: string) => cell.replace(/\s+/g, "").toUpperCase();

/** The columns a header record names, or null when the record is not a header. */
function headerColumns(record: string[]): Record<Column, number> | null {
  const names = record.map(headerName);
  if (names[0] !== COLUMNS.id && !names.includes(COLUMNS.id)) return null;
  const at = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((c) => [c, names.indexOf(COLUMNS[c])]),
  ) as Record<Column, number>;
  return Object.values(at).every((i) => i >= 0) ? at : DOCUMENTED_ORDER;
}

/** "2019, 2020,2021" → [2019, 2020, 2021]; 9999 and anything not a year are left out. */
export function modelYears(text: string): number[] {
  const years = new Set<number>();
  for (const part of text.split(/[\s,;]+/)) {
    if (!/^\d{4}$/.test(part)) continue;
    const y = Number(part);
    if (y !== UNKNOWN_YEAR && y >= YEAR_MIN && y <= YEAR_MAX) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}

/** One CSV record read against the columns of the last header. */
export function parseMfrCommsRecord(record: string[], columns: Record<Column, number> = DOCUMENTED_ORDER): MfrCommsRow {
  if (headerColumns(record)) return { ok: false, reason: "header" };
  const width = Math.max(...Object.values(columns)) + 1;
  if (record.length !== width) return { ok: false, reason: "columns" };
  const cell = (c: Column) => (record[columns[c]] ?? "").trim();
  const id = cell("id");
  if (!/^\d{1,10}$/.test(id) || Number(id) <= 0) return { ok: false, reason: "bad_id" };
  const make = cell("make").replace(/\s+/g, " ");
  const model = cell("model").replace(/\s+/g, " ");
  if (!make || !model) return { ok: false, reason: "no_vehicle" };
  const years = modelYears(cell("year"));
  if (years.length === 0) return { ok: false, reason: "no_year" };
  const summary = cell("summary");
  const keys = { make, model, makeKey: makeKey(make), modelKey: nameKey(model) };
  return {
    ok: true,
    bulletin: {
      nhtsaId: Number(id),
      documentId: documentIdFrom(summary),
      type: bulletinType(summary),
      issuedOn: null,
      summary,
    },
    vehicles: years.map((year) => ({ year, ...keys })),
  };
}

export interface MfrCommsSource {
  /** The period the file (or its zip member) names. */
  period: string | null;
  /** Bytes to read in all (uncompressed), for a progress bar. */
  totalBytes: number;
  /** Every row, headers and malformed records included (as `ok: false`). */
  rows(onBytes?: (bytes: number) => void): AsyncGenerator<MfrCommsRow>;
}

/** A .csv, or the .csv members of a .zip, read without holding the file in memory. */
export async function openMfrComms(file: string): Promise<MfrCommsSource> {
  if (!/\.zip$/i.test(file)) {
    return {
      period: periodInName(path.basename(file)),
      totalBytes: statSync(file).size,
      rows: (onBytes) => csvRows(createReadStream(file), onBytes),
    };
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z!))),
  );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (/\.csv$/i.test(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  if (entries.length === 0) {
    zip.close();
    throw new Error(`${file}: no .csv member in the zip`);
  }
  return {
    period: periodInName(path.basename(file)) ?? periodInName(path.basename(entries[0].fileName)),
    totalBytes: entries.reduce((sum, e) => sum + e.uncompressedSize, 0),
    async *rows(onBytes) {
      try {
        for (const entry of entries) {
          const stream = await new Promise<Readable>((resolve, reject) =>
            zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s!))),
          );
          yield* csvRows(stream, onBytes);
        }
      } finally {
        zip.close();
      }
    },
  };
}

async function* csvRows(stream: Readable, onBytes?: (bytes: number) => void): AsyncGenerator<MfrCommsRow> {
  if (onBytes) stream.on("data", (chunk: Buffer) => onBytes(chunk.length));
  let skippedByParser = 0;
  const parser = stream.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // A record the parser cannot read (a stray quote) is skipped and counted, not fatal.
      skip_records_with_error: true,
      on_skip: () => void skippedByParser++,
    }),
  );
  let columns = DOCUMENTED_ORDER;
  for await (const record of parser as AsyncIterable<string[]>) {
    while (skippedByParser > 0) {
      skippedByParser--;
      yield { ok: false, reason: "columns" };
    }
    const header = headerColumns(record);
    if (header) {
      columns = header;
      yield { ok: false, reason: "header" };
      continue;
    }
    yield parseMfrCommsRecord(record, columns);
  }
  for (; skippedByParser > 0; skippedByParser--) yield { ok: false, reason: "columns" };
}
