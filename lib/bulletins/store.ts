/**
 * The imported communications as the answers read them: which periods are held (read once per change of the
 * "bulletins" data set, held in memory), and per year/make/model the count and a page of communications, read
 * from ServiceBulletinVehicle's (year, makeKey, modelKey) index. Every spelling of the model NHTSA files under
 * ("F-150", "F150") counts, matched with lib/vehicle's rules as the complaints and recalls are.
 */
import { db, Prisma } from "../db";
import { DerivedFromDataSet, processWide } from "../db/data-version";
import { makeKey, type VehicleQuery } from "../vehicle";
import type { BulletinType } from "./classify";
import type { BulletinRecord } from "./mfr-comms";
import { modelSpellings } from "../sources";

/** Each period held: its first year → its name and when it was imported. */
export type HeldPeriods = Map<number, { period: string; importedAt: Date }>;

const periods = processWide(
  "bulletins:periods",
  () =>
    new DerivedFromDataSet(
      "bulletins",
      async (client): Promise<HeldPeriods> => {
        const rows = await client.serviceBulletinPeriod.findMany();
        return new Map(rows.map((r) => [Number(r.period.slice(0, 4)), { period: r.period, importedAt: r.importedAt }]));
      },
      1000,
      5 * 60_000,
      true,
    ),
);

export function heldPeriods(): Promise<HeldPeriods> {
  return periods.get(db());
}

/** The model keys of the year and make that name the vehicle (every spelling of it), held in memory. */
const modelKeys = modelSpellings("bulletins", "ServiceBulletinVehicle");

export interface BulletinPage {
  count: number;
  items: BulletinRecord[];
  /** The last item's NHTSA ID when more follow. */
  next: number | null;
}

/** The count and one page (highest NHTSA IDs first, below `before` when given) of a year/make/model. */
export async function bulletinPage(q: VehicleQuery, limit: number, before?: number): Promise<BulletinPage> {
  const keys = await modelKeys(q);
  if (keys.length === 0) return { count: 0, items: [], next: null };
  const where = Prisma.sql`"year" = ${q.year} AND "makeKey" = ${makeKey(q.make)} AND "modelKey" IN (${Prisma.join(keys)})`;
  const [counted] = await db().$queryRaw<Array<{ n: bigint | number }>>`
    SELECT COUNT(DISTINCT "nhtsaId") AS n FROM "ServiceBulletinVehicle" WHERE ${where}`;
  const below = before === undefined ? Prisma.empty : Prisma.sql`AND "nhtsaId" < ${before}`;
  const ids = await db().$queryRaw<Array<{ nhtsaId: number }>>`
    SELECT DISTINCT "nhtsaId" FROM "ServiceBulletinVehicle" WHERE ${where} ${below}
    ORDER BY "nhtsaId" DESC LIMIT ${limit + 1}`;
  const page = ids.slice(0, limit).map((r) => Number(r.nhtsaId));
  const rows = await db().serviceBulletin.findMany({ where: { nhtsaId: { in: page } } });
  const byId = new Map(rows.map((r) => [r.nhtsaId, r]));
  const items = page.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            nhtsaId: r.nhtsaId,
            documentId: r.documentId,
            type: r.type as BulletinType,
            issuedOn: r.issuedOn,
            summary: r.summary,
          },
        ]
      : [];
  });
  return { count: Number(counted?.n ?? 0), items, next: ids.length > limit ? page[page.length - 1] : null };
}
