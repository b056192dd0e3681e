/**
 * Imports one MFR_COMMS_RECEIVED_{period} file (.zip or the .csv inside) in two steps, as the recall mirror does:
 *   1. stage: the file's communications and vehicles go into ServiceBulletinStage / ServiceBulletinVehicleStage
 *      in batches (upserted, so a communication listed on many rows is one row);
 *   2. publish: one transaction replaces the rows of the file's period (a newer copy of the current period
 *      replaces the older one of the same first year) and records the period, bumping the "bulletins" data set.
 * A file that breaks off, holds no usable row, or is killed before the publish changes nothing: the previous data
 * keeps serving. Importing the same file twice leaves the same rows.
 */
import { db, type Prisma } from "../db";
import { changeDataSet } from "../db/data-version";
import { importPace, upsertRows, type BulkImportOptions, type BulkImportSummary, type BulkTable } from "../sources";
import { openMfrComms, type BulletinRecord, type BulletinVehicle } from "./mfr-comms";
import { periodStart } from "./period";

const BULLETIN_COLUMNS = ["nhtsaId", "period", "documentId", "type", "issuedOn", "summary"] as const;
const VEHICLE_COLUMNS = ["nhtsaId", "year", "makeKey", "modelKey", "make", "model", "period"] as const;

const STAGE: Record<"bulletins" | "vehicles", BulkTable> = {
  bulletins: {
    table: "ServiceBulletinStage",
    key: "nhtsaId",
    columns: BULLETIN_COLUMNS,
    pgTypes: { nhtsaId: "integer" },
  },
  vehicles: {
    table: "ServiceBulletinVehicleStage",
    key: ["nhtsaId", "year", "makeKey", "modelKey"],
    columns: VEHICLE_COLUMNS,
    pgTypes: { nhtsaId: "integer", year: "integer" },
  },
};

export interface BulletinsImportSummary extends BulkImportSummary {
  period: string;
  /** Distinct communications, and vehicle rows (one per communication, year, make and model). */
  bulletins: number;
  vehicles: number;
}

export async function importBulletinsFile(
  file: string,
  opts: BulkImportOptions & { now?: Date } = {},
): Promise<BulletinsImportSummary> {
  const started = performance.now();
  // Opening reads a zip's central directory: a truncated zip fails here, before any write.
  const source = await openMfrComms(file);
  const period = source.period;
  if (!period)
    throw new Error(
      `${file}: the file name names no period; keep NHTSA's name (MFR_COMMS_RECEIVED_2020-2024.zip or .csv)`,
    );
  const batchSize = opts.batchSize ?? 2000;
  let bytesDone = 0;
  let rowsRead = 0;
  let rowsImported = 0;
  const skipped: Record<string, number> = {};
  let bulletins = new Map<number, BulletinRecord & { period: string }>();
  let vehicles: Array<BulletinVehicle & { nhtsaId: number; period: string }> = [];
  const flush = async () => {
    // Staged rows are not served: each statement commits on its own, so the write lock is held briefly.
    await upsertRows(STAGE.bulletins, [...bulletins.values()] as unknown as Array<Record<string, unknown>>);
    await upsertRows(STAGE.vehicles, vehicles as unknown as Array<Record<string, unknown>>);
    bulletins = new Map();
    vehicles = [];
    opts.onProgress?.({ bytesDone, totalBytes: source.totalBytes, rows: rowsImported });
  };
  await emptyStage();
  try {
    for await (const row of source.rows((n) => (bytesDone += n))) {
      if (!row.ok) {
        // A repeated header is part of NHTSA's format, not a fault: not a row, not skipped.
        if (row.reason !== "header") {
          rowsRead++;
          skipped[row.reason] = (skipped[row.reason] ?? 0) + 1;
        }
        continue;
      }
      rowsRead++;
      rowsImported++;
      bulletins.set(row.bulletin.nhtsaId, { ...row.bulletin, period });
      for (const v of row.vehicles) vehicles.push({ ...v, nhtsaId: row.bulletin.nhtsaId, period });
      if (vehicles.length >= batchSize) {
        opts.signal?.throwIfAborted();
        await flush();
      }
    }
    await flush();
    if (rowsImported === 0)
      throw new Error(`${file}: no usable MFR_COMMS row (${rowsRead} rows skipped); nothing is imported`);
    opts.signal?.throwIfAborted();
    const counts = await changeDataSet(db(), "bulletins", (tx) => publish(tx, file, period, rowsRead, opts.now), {
      timeout: 10 * 60_000,
      maxWait: 60_000,
    });
    return {
      file,
      period,
      rowsRead,
      rowsImported,
      skipped,
      ...counts,
      ...importPace(started, rowsImported),
    };
  } finally {
    await emptyStage().catch(() => undefined);
  }
}

/** The one transaction that makes a staged file visible, replacing its period. */
async function publish(
  tx: Prisma.TransactionClient,
  file: string,
  period: string,
  rowsRead: number,
  now = new Date(),
): Promise<{ bulletins: number; vehicles: number }> {
  const start = periodStart(Number(period.slice(0, 4)));
  const same = (await tx.serviceBulletinPeriod.findMany({ select: { period: true } }))
    .map((p) => p.period)
    .filter((p) => Number(p.slice(0, 4)) === start);
  const replaced = [...new Set([...same, period])];
  await tx.serviceBulletinVehicle.deleteMany({ where: { period: { in: replaced } } });
  await tx.serviceBulletin.deleteMany({ where: { period: { in: replaced } } });
  await tx.serviceBulletinPeriod.deleteMany({ where: { period: { in: replaced } } });
  const cols = (c: readonly string[]) => c.map((x) => `"${x}"`).join(", ");
  const update = (c: readonly string[], key: readonly string[]) =>
    c
      .filter((x) => !key.includes(x))
      .map((x) => `"${x}" = excluded."${x}"`)
      .join(", ");
  // A communication another period also lists (NHTSA files each under the period it was received in) keeps one row.
  const bulletins = await tx.$executeRawUnsafe(
    `INSERT INTO "ServiceBulletin" (${cols(BULLETIN_COLUMNS)}) SELECT ${cols(BULLETIN_COLUMNS)} FROM "ServiceBulletinStage" WHERE true ` +
      `ON CONFLICT ("nhtsaId") DO UPDATE SET ${update(BULLETIN_COLUMNS, ["nhtsaId"])}`,
  );
  const vehicles = await tx.$executeRawUnsafe(
    `INSERT INTO "ServiceBulletinVehicle" (${cols(VEHICLE_COLUMNS)}) SELECT ${cols(VEHICLE_COLUMNS)} FROM "ServiceBulletinVehicleStage" WHERE true ` +
      `ON CONFLICT ("nhtsaId", "year", "makeKey", "modelKey") DO UPDATE SET ${update(VEHICLE_COLUMNS, ["nhtsaId", "year", "makeKey", "modelKey"])}`,
  );
  await tx.serviceBulletinPeriod.create({
    data: { period, file: file.split(/[\\/]/).pop() ?? file, rowsRead, vehicles, bulletins, importedAt: now },
  });
  return { bulletins, vehicles };
}

async function emptyStage(): Promise<void> {
  await db().serviceBulletinVehicleStage.deleteMany({});
  await db().serviceBulletinStage.deleteMany({});
}
