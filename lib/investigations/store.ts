/**
 * The imported investigations as the answers read them: the last import (read once per change of the
 * "investigations" data set, held in memory), and per year/make/model the investigations that name it, read from
 * InvestigationVehicle's (year, makeKey, modelKey) index. Every spelling of the model NHTSA files under ("F-150",
 * "F150") counts, matched with lib/vehicle's rules as the complaints, recalls and bulletins are.
 */
import { db, Prisma } from "../db";
import { DerivedFromDataSet, processWide } from "../db/data-version";
import { makeKey, type VehicleQuery } from "../vehicle";
import type { InvestigationRecord } from "./flat-inv";
import { IMPORT_ROW_ID } from "./import";
import { modelSpellings } from "../sources";

const lastImport = processWide(
  "investigations:import",
  () =>
    new DerivedFromDataSet(
      "investigations",
      async (client): Promise<{ importedAt: Date } | null> => {
        const row = await client.investigationImport.findUnique({ where: { id: IMPORT_ROW_ID } });
        return row ? { importedAt: row.importedAt } : null;
      },
      1000,
      5 * 60_000,
      true,
    ),
);

/** When the investigations served were imported (by the sync or by hand), or null before any import. */
export async function importedAt(): Promise<Date | null> {
  return (await lastImport.get(db()))?.importedAt ?? null;
}

/** The model keys of the year and make that name the vehicle (every spelling of it), held in memory. */
const modelKeys = modelSpellings("investigations", "InvestigationVehicle");

/** Open ones first, then the most recently opened, then the highest action number. */
function openThenNewest(a: InvestigationRecord, b: InvestigationRecord): number {
  if ((a.closedOn === null) !== (b.closedOn === null)) return a.closedOn === null ? -1 : 1;
  if (a.openedOn !== b.openedOn) return a.openedOn < b.openedOn ? 1 : -1;
  return a.actionNumber < b.actionNumber ? 1 : a.actionNumber > b.actionNumber ? -1 : 0;
}

/** Every investigation that names the year/make/model, once each, open ones first then newest opened. */
export async function investigationsOf(q: VehicleQuery): Promise<InvestigationRecord[]> {
  const keys = await modelKeys(q);
  if (keys.length === 0) return [];
  const ids = await db().$queryRaw<Array<{ actionNumber: string }>>`
    SELECT DISTINCT "actionNumber" FROM "InvestigationVehicle"
    WHERE "year" = ${q.year} AND "makeKey" = ${makeKey(q.make)} AND "modelKey" IN (${Prisma.join(keys)})`;
  if (ids.length === 0) return [];
  const rows = await db().investigation.findMany({ where: { actionNumber: { in: ids.map((r) => r.actionNumber) } } });
  return rows.sort(openThenNewest);
}

/** The investigations of these action numbers (those the store holds). */
export async function investigationsByNumber(actionNumbers: string[]): Promise<InvestigationRecord[]> {
  if (actionNumbers.length === 0) return [];
  return db().investigation.findMany({ where: { actionNumber: { in: actionNumbers } } });
}
