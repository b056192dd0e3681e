/**
 * Imports NHTSA's FLAT_INV (.zip or the .txt inside) in two steps, as the recall mirror and the bulletins do:
 *   1. stage: the file's investigations and vehicles go into InvestigationStage / InvestigationVehicleStage in
 *      batches (each investigation once, from its first row; each vehicle once);
 *   2. publish: one transaction replaces every investigation with the staged ones (the file is NHTSA's whole
 *      list) and records the import, bumping the "investigations" data set.
 * A file that breaks off, holds no usable row, or is killed before the publish changes nothing: the previous data
 * keeps serving. Importing the same file twice leaves the same rows.
 */
import { db, type Prisma } from "../db";
import { changeDataSet } from "../db/data-version";
import { openLineFile } from "../outside";
import { importPace, upsertRows, type BulkImportOptions, type BulkImportSummary, type BulkTable } from "../sources";
import { parseFlatInvLine, type InvestigationRecord, type InvestigationVehicle } from "./flat-inv";

const INVESTIGATION_COLUMNS = [
  "actionNumber",
  "component",
  "manufacturer",
  "openedOn",
  "closedOn",
  "campaignNumber",
  "subject",
  "summary",
] as const;
const VEHICLE_COLUMNS = ["actionNumber", "year", "makeKey", "modelKey", "make", "model"] as const;
const VEHICLE_KEY = ["actionNumber", "year", "makeKey", "modelKey"] as const;

const STAGE: Record<"investigations" | "vehicles", BulkTable> = {
  investigations: {
    table: "InvestigationStage",
    key: "actionNumber",
    columns: INVESTIGATION_COLUMNS,
    pgTypes: {},
  },
  vehicles: {
    table: "InvestigationVehicleStage",
    key: VEHICLE_KEY,
    columns: VEHICLE_COLUMNS,
    pgTypes: { year: "integer" },
  },
};

/** The one row of InvestigationImport: the last published file. */
export const IMPORT_ROW_ID = 1;

export interface InvestigationsImportSummary extends BulkImportSummary {
  /** Distinct investigations (action numbers), and vehicle rows (one per investigation, year, make and model). */
  investigations: number;
  vehicles: number;
  /** Rows imported that name no model year (YEAR 9999) or no make/model: their investigation counts for no vehicle. */
  noVehicle: number;
}

type VehicleRow = InvestigationVehicle & { actionNumber: string };

/** A year/make/model an investigation names for the first time with an import (alerts turn it into events). */
interface OpenedInvestigation {
  /** The action number. */
  number: string;
  year: number;
  make: string;
  model: string;
  firstSeenAt: Date;
}

interface InvestigationsImportOptions extends BulkImportOptions {
  now?: Date;
  /**
   * Called inside the publishing transaction with what the file opened (openedInvestigations), unless this is the
   * first import (the baseline): the alerts write their events here, so they commit with the file or not at all.
   */
  onOpened?: (tx: Prisma.TransactionClient, opened: OpenedInvestigation[], now: Date) => Promise<unknown>;
}

export async function importInvestigationsFile(
  file: string,
  opts: InvestigationsImportOptions = {},
): Promise<InvestigationsImportSummary> {
  const started = performance.now();
  // Opening reads a zip's central directory: a truncated zip fails here, before any write.
  const source = await openLineFile(file, { pattern: /\.(txt|tsv)$/i, label: "FLAT_INV .txt" });
  const batchSize = opts.batchSize ?? 2000;
  let bytesDone = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  let noVehicle = 0;
  const skipped: Record<string, number> = {};
  // An investigation spans many rows (one per vehicle): its text is staged once. Action numbers are short and
  // number in the tens of thousands, so the set of those seen stays small.
  const seen = new Set<string>();
  let investigations: InvestigationRecord[] = [];
  let vehicles = new Map<string, VehicleRow>();
  const flush = async () => {
    // Staged rows are not served: each statement commits on its own, so the write lock is held briefly.
    await upsertRows(STAGE.investigations, investigations as unknown as Array<Record<string, unknown>>);
    await upsertRows(STAGE.vehicles, [...vehicles.values()] as unknown as Array<Record<string, unknown>>);
    investigations = [];
    vehicles = new Map();
    opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: rowsImported });
  };
  await emptyStage();
  try {
    for await (const line of source.lines((n) => (bytesDone += n))) {
      rowsRead++;
      const row = parseFlatInvLine(line);
      if (!row.ok) {
        skipped[row.reason] = (skipped[row.reason] ?? 0) + 1;
        continue;
      }
      rowsImported++;
      const { actionNumber } = row.investigation;
      if (!seen.has(actionNumber)) {
        seen.add(actionNumber);
        investigations.push(row.investigation);
      }
      if (row.vehicle) {
        const v = row.vehicle;
        vehicles.set(`${actionNumber}|${v.year}|${v.makeKey}|${v.modelKey}`, { ...v, actionNumber });
      } else noVehicle++;
      if (vehicles.size + investigations.length >= batchSize) {
        opts.signal?.throwIfAborted();
        await flush();
      }
    }
    await flush();
    if (rowsImported === 0)
      throw new Error(`${file}: no usable FLAT_INV row (${rowsRead} rows skipped); nothing is imported`);
    opts.signal?.throwIfAborted();
    const counts = await changeDataSet(
      db(),
      "investigations",
      (tx) => publish(tx, file, rowsRead, opts.now, opts.onOpened),
      {
        timeout: 10 * 60_000,
        maxWait: 60_000,
      },
    );
    return {
      file,
      rowsRead,
      rowsImported,
      skipped,
      ...counts,
      noVehicle,
      ...importPace(started, rowsImported),
    };
  } finally {
    await emptyStage().catch(() => undefined);
  }
}

/** The one transaction that makes a staged file the investigations served. */
async function publish(
  tx: Prisma.TransactionClient,
  file: string,
  rowsRead: number,
  now = new Date(),
  onOpened?: InvestigationsImportOptions["onOpened"],
): Promise<{ investigations: number; vehicles: number }> {
  // What this file opened, read before the store is replaced, and handed on in this same transaction.
  if (onOpened) {
    const opened = await openedInvestigations(tx, now);
    if (opened.length > 0) await onOpened(tx, opened, now);
  }
  await tx.investigationVehicle.deleteMany({});
  await tx.investigation.deleteMany({});
  const cols = (c: readonly string[]) => c.map((x) => `"${x}"`).join(", ");
  const investigations = await tx.$executeRawUnsafe(
    `INSERT INTO "Investigation" (${cols(INVESTIGATION_COLUMNS)}) SELECT ${cols(INVESTIGATION_COLUMNS)} FROM "InvestigationStage"`,
  );
  const vehicles = await tx.$executeRawUnsafe(
    `INSERT INTO "InvestigationVehicle" (${cols(VEHICLE_COLUMNS)}) SELECT ${cols(VEHICLE_COLUMNS)} FROM "InvestigationVehicleStage"`,
  );
  const record = { file: file.split(/[\\/]/).pop() ?? file, rowsRead, investigations, vehicles, importedAt: now };
  await tx.investigationImport.upsert({
    where: { id: IMPORT_ROW_ID },
    create: { id: IMPORT_ROW_ID, ...record },
    update: record,
  });
  return { investigations, vehicles };
}

/**
 * The vehicles each investigation names for the first time with this file: every vehicle of an investigation the
 * store did not hold, and a vehicle newly added to one it held. The first import is the baseline: it opens nothing.
 */
async function openedInvestigations(tx: Prisma.TransactionClient, now: Date): Promise<OpenedInvestigation[]> {
  if ((await tx.investigationImport.count()) === 0) return [];
  const fresh = await tx.$queryRaw<{ actionNumber: string; year: number | bigint; make: string; model: string }[]>`
    SELECT s."actionNumber", s."year", s."make", s."model" FROM "InvestigationVehicleStage" s
    WHERE NOT EXISTS (
      SELECT 1 FROM "InvestigationVehicle" v
      WHERE v."actionNumber" = s."actionNumber" AND v."year" = s."year" AND v."makeKey" = s."makeKey"
        AND v."modelKey" = s."modelKey")`;
  return fresh.map((r) => ({
    number: r.actionNumber,
    year: Number(r.year),
    make: r.make,
    model: r.model,
    firstSeenAt: now,
  }));
}

async function emptyStage(): Promise<void> {
  await db().investigationVehicleStage.deleteMany({});
  await db().investigationStage.deleteMany({});
}
