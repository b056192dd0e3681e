/**
 * Imports NHTSA's FLAT_CMPL (.txt, or the .zip NHTSA publishes) into the Complaint table: streamed line by
 * line, upserted in batches on CMPLID, so importing the same file twice leaves the same rows. Non-vehicle rows
 * (tires, equipment, child seats) and rows without a year/make/model are skipped and counted.
 */
import { openLineFile } from "../outside";
import { importPace, upsertRows, type BulkImportOptions, type BulkImportSummary, type BulkTable } from "../sources";
import { parseFlatCmplLine, type FlatCmplRow } from "./flat-cmpl";
import { rebuildComplaintSummaries } from "./summaries";

const TABLE: BulkTable = {
  table: "Complaint",
  key: "cmplId",
  columns: [
    "cmplId",
    "odiNumber",
    "year",
    "makeKey",
    "modelKey",
    "make",
    "model",
    "components",
    "filedOn",
    "incidentOn",
    "crash",
    "fire",
    "injuries",
    "deaths",
    "summary",
    "importedAt",
  ],
  pgTypes: {
    cmplId: "integer",
    odiNumber: "integer",
    year: "integer",
    crash: "boolean",
    fire: "boolean",
    injuries: "integer",
    deaths: "integer",
    importedAt: "timestamp(3)",
  },
  booleans: ["crash", "fire"],
};

export async function importComplaintsFile(file: string, opts: BulkImportOptions = {}): Promise<BulkImportSummary> {
  const started = performance.now();
  const source = await openLineFile(file, { pattern: /\.(txt|tsv)$/i, label: ".txt" });
  const importedAt = new Date();
  const batchSize = opts.batchSize ?? 2000;
  let bytesDone = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  const skipped: Record<string, number> = {};
  let batch: Array<FlatCmplRow & { importedAt: Date }> = [];
  const flush = async () => {
    await upsertRows(TABLE, batch as unknown as Array<Record<string, unknown>>);
    rowsImported += batch.length;
    batch = [];
    opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: rowsImported });
  };
  for await (const line of source.lines((n) => (bytesDone += n))) {
    opts.signal?.throwIfAborted();
    rowsRead++;
    const parsed = parseFlatCmplLine(line);
    if (!parsed.ok) {
      skipped[parsed.reason] = (skipped[parsed.reason] ?? 0) + 1;
      continue;
    }
    batch.push({ ...parsed.row, importedAt });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await rebuildComplaintSummaries(opts.signal);
  return {
    file,
    rowsRead,
    rowsImported,
    skipped,
    ...importPace(started, rowsImported),
  };
}
