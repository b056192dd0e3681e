/**
 * Imports EPA's vehicles.csv (https://www.fueleconomy.gov/feg/epadata/vehicles.csv.zip, or the .csv inside)
 * into the EpaVehicle table: streamed line by line, each line read as CSV against the header row, upserted in
 * batches on EPA's id (idempotent). Rows without an id, year, make or model are skipped and counted.
 */
import { parse } from "csv-parse/sync";
import { makeKey } from "../vehicle";
import { openLineFile } from "../outside";
import { importPace, upsertRows, type BulkImportOptions, type BulkImportSummary, type BulkTable } from "../sources";
import { epaRecordFrom } from "./epa-record";
import { db } from "../db";
import { changeDataSet } from "../db/data-version";

const TABLE: BulkTable = {
  table: "EpaVehicle",
  key: "id",
  columns: [
    "id",
    "year",
    "makeKey",
    "make",
    "model",
    "baseModel",
    "trany",
    "cylinders",
    "displ",
    "drive",
    "fuelType",
    "atvType",
    "city08",
    "highway08",
    "comb08",
    "fuelCost08",
    "rangeMiles",
    "co2",
    "importedAt",
  ],
  pgTypes: {
    id: "integer",
    year: "integer",
    cylinders: "integer",
    displ: "double precision",
    city08: "double precision",
    highway08: "double precision",
    comb08: "double precision",
    fuelCost08: "integer",
    rangeMiles: "double precision",
    co2: "double precision",
    importedAt: "timestamp(3)",
  },
};

export async function importVehiclesCsv(file: string, opts: BulkImportOptions = {}): Promise<BulkImportSummary> {
  const started = performance.now();
  const source = await openLineFile(file, { pattern: /\.csv$/i, label: ".csv" });
  const importedAt = new Date();
  const batchSize = opts.batchSize ?? 1000;
  let header: string[] | null = null;
  let bytesDone = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  const skipped: Record<string, number> = {};
  let batch: Array<Record<string, unknown>> = [];
  const flush = async () => {
    await upsertRows(TABLE, batch);
    rowsImported += batch.length;
    batch = [];
    opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: rowsImported });
  };
  for await (const line of source.lines((n) => (bytesDone += n))) {
    opts.signal?.throwIfAborted();
    let cells: string[];
    try {
      cells = (parse(line.replace(/\r$/, ""), { relax_quotes: true }) as string[][])[0] ?? [];
    } catch {
      skipped.csv = (skipped.csv ?? 0) + 1;
      continue;
    }
    if (!header) {
      header = cells.map((c) => c.trim());
      if (!header.includes("id") || !header.includes("comb08"))
        throw new Error(`${file}: not EPA's vehicles.csv (no id/comb08 columns in the header)`);
      continue;
    }
    rowsRead++;
    const fields = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
    const record = epaRecordFrom(fields);
    if (!record) {
      skipped.incomplete = (skipped.incomplete ?? 0) + 1;
      continue;
    }
    const cylinders = record.cylinders !== null ? Math.round(record.cylinders) : null;
    batch.push({
      ...record,
      cylinders,
      fuelCost08: record.fuelCost08 !== null ? Math.round(record.fuelCost08) : null,
      makeKey: makeKey(record.make),
      importedAt,
    });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // One short transaction tells every process (and instance) holding the in-memory index to read it again.
  await changeDataSet(db(), "fuel-economy", async () => undefined);
  return {
    file,
    rowsRead,
    rowsImported,
    skipped,
    ...importPace(started, rowsImported),
  };
}
