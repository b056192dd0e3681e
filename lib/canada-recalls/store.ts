/**
 * The Canadian recalls as the VIN report reads them: held in memory per process, read again when the
 * canada-recalls data set's stamp changes (each import bumps it), in the background after the first read, so no
 * request waits on it. The year/make/model route reads its full list from the table (listCanadaRecalls).
 *
 * Size: the full file has some 147,000 rows but only about 18,000 recalls. Each recall is held once per make (its
 * texts cut to EXCERPT_CHARS) and every vehicle it applies to points at it, so memory follows the recalls, not
 * the rows.
 */
import { betweenPages, DerivedFromDataSet, processWide } from "../db/data-version";
import { db, Prisma } from "../db";
import { makeKey, nameKey, sameModel, type VehicleQuery } from "../vehicle";

/** Characters kept of each comment in memory (Transport Canada's run to a few thousand). */
const EXCERPT_CHARS = 160;
const PAGE = 2000;

/**
 * One recall for one make: its fields for an item, and the make's key (the US campaign is matched on it). Held in
 * memory with its comments cut to an excerpt; the route's list has them whole.
 */
export interface HeldRecall {
  recallNumber: string;
  recallDate: string | null;
  makeKey: string;
  manufacturerRecallNumber: string | null;
  category: string;
  system: string;
  notificationType: string;
  unitsAffected: number | null;
  comment: string;
  commentFr: string;
}

interface HeldVehicle {
  modelKey: string;
  model: string;
  recalls: HeldRecall[];
}

interface Held {
  /** `${year}|${makeKey}` → each model spelling of that year and make. */
  byYearMake: Map<string, HeldVehicle[]>;
  /** The last full import (what lets an answer say "none"), and the last import of any kind. */
  fullAt: Date | null;
  lastAt: Date | null;
}

const yearMake = (year: number, mk: string) => `${year}|${mk}`;

const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 3).trimEnd()}...` : text;

type Row = Omit<HeldRecall, "unitsAffected"> & {
  key: string;
  year: number | bigint;
  model: string;
  modelKey: string;
  unitsAffected: number | bigint | null;
};

const index = processWide(
  "canada-recalls:held",
  () =>
    new DerivedFromDataSet(
      "canada-recalls",
      async (client): Promise<Held> => {
        const [full, last] = await Promise.all([
          client.canadaRecallImport.findFirst({ where: { kind: "full" }, orderBy: { importedAt: "desc" } }),
          client.canadaRecallImport.findFirst({ orderBy: { importedAt: "desc" } }),
        ]);
        const byYearMake = new Map<string, HeldVehicle[]>();
        const vehicles = new Map<string, HeldVehicle>();
        // One object per distinct recall and make: the rows of every vehicle it lists share it.
        const recalls = new Map<string, HeldRecall>();
        for (let after = ""; ;) {
          const page = await client.$queryRaw<Row[]>(Prisma.sql`
            SELECT "key", "recallNumber", "year", "model", "makeKey", "modelKey", "manufacturerRecallNumber", "category",
                   "system", "notificationType", "unitsAffected", "recallDate",
                   substr("comment", 1, ${EXCERPT_CHARS + 1}) AS "comment", substr("commentFr", 1, ${EXCERPT_CHARS + 1}) AS "commentFr"
            FROM "CanadaRecall" WHERE "key" > ${after} ORDER BY "key" LIMIT ${PAGE}`);
          if (page.length === 0) break;
          for (const r of page) {
            const recall = heldOf(r, excerpt);
            const identity = JSON.stringify(recall);
            const shared = recalls.get(identity) ?? recall;
            recalls.set(identity, shared);
            const year = Number(r.year);
            const vehicleKey = `${year}|${r.makeKey}|${r.modelKey}`;
            let vehicle = vehicles.get(vehicleKey);
            if (!vehicle) {
              vehicle = { modelKey: r.modelKey, model: r.model, recalls: [] };
              vehicles.set(vehicleKey, vehicle);
              const list = byYearMake.get(yearMake(year, r.makeKey));
              if (list) list.push(vehicle);
              else byYearMake.set(yearMake(year, r.makeKey), [vehicle]);
            }
            vehicle.recalls.push(shared);
          }
          after = page[page.length - 1].key;
          await betweenPages();
        }
        return { byYearMake, fullAt: full?.importedAt ?? null, lastAt: last?.importedAt ?? null };
      },
      1000,
      60 * 60_000,
      true,
    ),
);

/** What the mirror holds: when it was last imported in full, and last imported at all (null: never). */
export async function canadaRecallsCoverage(): Promise<{ fullAt: Date | null; lastAt: Date | null }> {
  const { fullAt, lastAt } = await index.get(db());
  return { fullAt, lastAt };
}

/** The held recalls of a year/make/model (every spelling naming it), one per recall number, newest first. */
export async function heldCanadaRecalls(q: VehicleQuery): Promise<HeldRecall[]> {
  const held = await index.get(db());
  const wanted = nameKey(q.model);
  const matching = (held.byYearMake.get(yearMake(q.year, makeKey(q.make))) ?? []).filter(
    (v) => v.modelKey === wanted || sameModel(v.model, q.model, q.make),
  );
  return newestFirst(onePerRecall(matching.flatMap((v) => v.recalls)));
}

/** Every stored recall of a year/make/model (every spelling naming it), with full texts, newest first. */
export async function listCanadaRecalls(q: VehicleQuery): Promise<HeldRecall[]> {
  const rows = await db().canadaRecall.findMany({
    where: { year: q.year, makeKey: makeKey(q.make) },
    orderBy: { key: "asc" },
  });
  const wanted = nameKey(q.model);
  return newestFirst(
    onePerRecall(
      rows.filter((r) => r.modelKey === wanted || sameModel(r.model, q.model, q.make)).map((r) => heldOf(r)),
    ),
  );
}

/** A stored row as a recall, its texts whole or as `text` cuts them. */
function heldOf(
  r: Omit<HeldRecall, "unitsAffected"> & { unitsAffected: number | bigint | null },
  text: (t: string) => string = (t) => t,
): HeldRecall {
  return {
    recallNumber: r.recallNumber,
    recallDate: r.recallDate,
    makeKey: r.makeKey,
    manufacturerRecallNumber: r.manufacturerRecallNumber,
    category: r.category,
    system: r.system,
    notificationType: r.notificationType,
    unitsAffected: r.unitsAffected === null ? null : Number(r.unitsAffected),
    comment: text(r.comment),
    commentFr: text(r.commentFr),
  };
}

/** One row of each of these recall numbers (those the store holds), with full texts. */
export async function canadaRecallsByNumber(recallNumbers: string[]): Promise<HeldRecall[]> {
  if (recallNumbers.length === 0) return [];
  const rows = await db().canadaRecall.findMany({
    where: { recallNumber: { in: recallNumbers } },
    orderBy: { key: "asc" },
  });
  return onePerRecall(rows.map((r) => heldOf(r)));
}

/** A recall listing two spellings of one vehicle ("F-150", "F150 4X4") counts once. */
function onePerRecall(recalls: HeldRecall[]): HeldRecall[] {
  const seen = new Map<string, HeldRecall>();
  for (const r of recalls) if (!seen.has(r.recallNumber)) seen.set(r.recallNumber, r);
  return [...seen.values()];
}

function newestFirst(recalls: HeldRecall[]): HeldRecall[] {
  return recalls.sort(
    (a, b) => (b.recallDate ?? "").localeCompare(a.recallDate ?? "") || b.recallNumber.localeCompare(a.recallNumber),
  );
}
