/**
 * The watchlist: VINs a watcher (watcher.ts) hears about when a new recall covers them. A VIN is validated and
 * decoded once, when added, and stored with its year, make and model; a recall sync then finds the watchers of
 * a vehicle by an index on (year, make key), without decoding anything (opened-events.ts).
 *
 * A watcher may also watch a year/make/model (a fleet's model, a dealer's line): the same events for every
 * campaign that opens for the vehicle, through the same path (opened-events.ts matches both kinds of watch by
 * year, make key and model spelling; delivery, the digest and the log treat the events alike).
 */
import { badRequest, notFound } from "../contract/errors";
import type {
  WatchedVehicle,
  WatchedVehiclesAddResponse,
  WatchedVehiclesPage,
  WatchedVin,
  WatchlistAddResponse,
  WatchlistPage,
} from "./answers";
import { config } from "../config";
import { db, dbProvider, Prisma } from "../db";
import { recallsForVehicle } from "../recalls";
import { knownVehicleNames } from "../recalls";
import { displayMake, makeKey, nameKey, slugify, type VehicleQuery } from "../vehicle";
import { decodeVin, normalizeVin } from "../vin";
import { log } from "../log";
import { SOURCES, sourceText } from "../sources";
import type { Watcher } from "./watcher";

const IN_LIST = 500;

interface Decoded extends VehicleQuery {
  vin: string;
}

/** Each VIN normalised and decoded, in order, once per VIN; a problem naming the first that fails. */
function decodeAll(vins: string[]): Decoded[] {
  const out = new Map<string, Decoded>();
  vins.forEach((input, i) => {
    const format = normalizeVin(input);
    if (!format.ok) {
      throw badRequest(`vins[${i}] ("${input.slice(0, 40)}") is not a VIN: ${format.detail}`, {
        reason: "invalid_vin",
        param: `vins[${i}]`,
        vinError: format.reason,
      });
    }
    if (out.has(format.vin)) return;
    const decoded = decodeVin(format.vin);
    const year = decoded.ok ? Number(decoded.decoded.year) : NaN;
    if (!decoded.ok || !Number.isInteger(year) || !decoded.decoded.make || !decoded.decoded.model) {
      throw badRequest(
        `vins[${i}] (${format.vin}) cannot be decoded to a model year, make and model, so no recall can be matched to it; nothing was added.`,
        { reason: "vin_not_decodable", param: `vins[${i}]`, vin: format.vin },
      );
    }
    out.set(format.vin, { vin: format.vin, year, make: decoded.decoded.make, model: decoded.decoded.model });
  });
  return [...out.values()];
}

/** Adds the VINs (all or none): each must decode, and the list must stay within WATCHLIST_MAX_VINS. */
export async function addToWatchlist(
  watcher: Watcher,
  vins: string[],
  now = new Date(),
): Promise<WatchlistAddResponse> {
  const decoded = decodeAll(vins);
  const limit = config().alerts.watchlistMax;
  return db().$transaction(async (tx) => {
    await lockWatcher(tx, watcher.id);
    const known = new Set<string>();
    for (let i = 0; i < decoded.length; i += IN_LIST) {
      const rows = await tx.watchedVin.findMany({
        where: { watcherId: watcher.id, vin: { in: decoded.slice(i, i + IN_LIST).map((d) => d.vin) } },
        select: { vin: true },
      });
      for (const r of rows) known.add(r.vin);
    }
    const fresh = decoded.filter((d) => !known.has(d.vin));
    const before = await tx.watchedVin.count({ where: { watcherId: watcher.id } });
    if (before + fresh.length > limit) {
      throw badRequest(
        `The watchlist holds ${before} VINs; adding ${fresh.length} would pass its limit of ${limit}. Remove VINs first; nothing was added.`,
        { reason: "watchlist_full", param: "vins", limit },
      );
    }
    for (let i = 0; i < fresh.length; i += IN_LIST) {
      await tx.watchedVin.createMany({
        data: fresh.slice(i, i + IN_LIST).map((d) => ({
          watcherId: watcher.id,
          vin: d.vin,
          year: d.year,
          make: d.make,
          model: d.model,
          makeKey: makeKey(d.make),
          accountId: watcher.accountId,
          createdAt: now,
        })),
      });
    }
    return {
      added: fresh.map((d) => d.vin),
      alreadyWatched: decoded.filter((d) => known.has(d.vin)).map((d) => d.vin),
      total: before + fresh.length,
      limit,
    };
  });
}

/**
 * Serialises changes to one watchlist, so the limit holds when one key posts twice at once: on PostgreSQL a
 * transaction-scoped advisory lock per watcher; on SQLite a first statement that writes, which takes the
 * database's write lock at once (waiting up to the busy timeout). A transaction that read first and wrote later
 * would instead fail outright when another process wrote in between.
 */
async function lockWatcher(tx: Prisma.TransactionClient, watcherId: string): Promise<void> {
  if (dbProvider() === "postgresql")
    await tx.$queryRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${watcherId}))::text`);
  else await tx.$executeRaw(Prisma.sql`DELETE FROM "WatchedVin" WHERE 1 = 0`);
}

export async function removeFromWatchlist(
  watcher: Watcher,
  vinInput: string,
): Promise<{ vin: string; watched: false; total: number }> {
  const format = normalizeVin(vinInput);
  const vin = format.ok ? format.vin : vinInput.toUpperCase();
  const { count } = await db().watchedVin.deleteMany({ where: { watcherId: watcher.id, vin } });
  if (count === 0) throw notFound(`${vin.slice(0, 40)} is not on this key's watchlist.`, { param: "vin" });
  return { vin, watched: false, total: await db().watchedVin.count({ where: { watcherId: watcher.id } }) };
}

/**
 * One page of the watchlist in VIN order (the cursor is the last VIN of the page before), each VIN with the
 * open recalls of its vehicle now: looked up once per distinct vehicle of the page, concurrently, each within
 * the VIN report's recall deadline (past it: `unavailable`, never a false 0).
 */
export async function listWatchlist(watcher: Watcher, limit: number, cursor?: string): Promise<WatchlistPage> {
  const [rows, total] = await Promise.all([
    db().watchedVin.findMany({
      where: { watcherId: watcher.id, ...(cursor ? { vin: { gt: cursor } } : {}) },
      orderBy: { vin: "asc" },
      take: limit + 1,
    }),
    db().watchedVin.count({ where: { watcherId: watcher.id } }),
  ]);
  const page = rows.slice(0, limit);
  const recalls = new Map<string, Promise<WatchedVin["recalls"]>>();
  const { publicBaseUrl, report } = config();
  for (const r of page) {
    const key = `${r.year}|${r.make}|${r.model}`;
    if (!recalls.has(key))
      recalls.set(key, vehicleRecalls({ year: r.year, make: r.make, model: r.model }, report.liveBudgetMs));
  }
  const items: WatchedVin[] = [];
  for (const r of page) {
    items.push({
      vin: r.vin,
      // Stored as vPIC spells it ("DODGE"); answered as every other answer of the service names a make.
      vehicle: { year: r.year, make: displayMake(r.make), model: r.model },
      watchedSince: r.createdAt.toISOString(),
      permalink: `${publicBaseUrl}/vin/${r.vin}`,
      recalls: await recalls.get(`${r.year}|${r.make}|${r.model}`)!,
    });
  }
  return { items, nextCursor: rows.length > limit ? page[page.length - 1].vin : null, total };
}

/** A watched vehicle's recalls, waiting on NHTSA at most `budgetMs` (the report's one budget), as a report does. */
async function vehicleRecalls(q: VehicleQuery, budgetMs: number): Promise<WatchedVin["recalls"]> {
  try {
    const r = await recallsForVehicle(q, { budgetMs });
    return { status: r.status, count: r.count, items: r.items, source: r.source, ...(r.asOf ? { asOf: r.asOf } : {}) };
  } catch (error) {
    log().warn({ err: error }, "watch list: recalls could not be read");
    return {
      status: "unavailable",
      count: null,
      items: [],
      source: sourceText("NHTSA recall data", { ...SOURCES.recalls.words, status: "unavailable", reason: "failed" }),
    };
  }
}

/** The watchers of vehicles of one year and make key, with the model spellings they watch (opened-events.ts). */
export async function watchedModels(tx: Prisma.TransactionClient, year: number, mk: string): Promise<string[]> {
  const rows = await tx.watchedVin.findMany({
    where: { year, makeKey: mk },
    select: { model: true },
    distinct: ["model"],
  });
  return rows.map((r) => r.model);
}

/** The watched vehicles' models of one year and make key (opened-events.ts). */
export async function watchedVehicleModels(tx: Prisma.TransactionClient, year: number, mk: string): Promise<string[]> {
  const rows = await tx.watchedVehicle.findMany({
    where: { year, makeKey: mk },
    select: { model: true },
    distinct: ["model"],
  });
  return rows.map((r) => r.model);
}

/** The key of a watched vehicle in its events and cursors: `2003|honda|accord` (lib/vehicle's keys). */
const watchedVehicleKey = (year: number, make: string, model: string) => `${year}|${makeKey(make)}|${nameKey(model)}`;

const vehicleName = (v: VehicleQuery) => ({ year: v.year, make: displayMake(v.make), model: v.model });
const vehiclePermalink = (v: VehicleQuery) =>
  `${config().publicBaseUrl}/recalls/${v.year}/${slugify(v.make)}/${slugify(v.model)}`;

/** Each vehicle with vPIC's (or the recall data's) names; a problem naming the first that neither knows. */
async function resolveVehicles(vehicles: VehicleQuery[]): Promise<VehicleQuery[]> {
  const out = new Map<string, VehicleQuery>();
  for (const [i, v] of vehicles.entries()) {
    const names = await knownVehicleNames(v.make, v.model);
    if (!names) {
      throw badRequest(
        `vehicles[${i}] (${v.year} ${v.make.slice(0, 40)} ${v.model.slice(0, 40)}) is a make and model neither NHTSA's vPIC nor its recall data knows, so no recall could be matched to it; nothing was added.`,
        { reason: "unknown_vehicle", param: `vehicles[${i}]` },
      );
    }
    const resolved = { year: v.year, make: names.make, model: names.model };
    const key = watchedVehicleKey(resolved.year, resolved.make, resolved.model);
    if (!out.has(key)) out.set(key, resolved);
  }
  return [...out.values()];
}

/** Adds year/make/model watches (all or none), within WATCHLIST_MAX_VINS of them. */
export async function addVehiclesToWatchlist(
  watcher: Watcher,
  vehicles: VehicleQuery[],
  now = new Date(),
): Promise<WatchedVehiclesAddResponse> {
  const resolved = await resolveVehicles(vehicles);
  const limit = config().alerts.watchlistMax;
  return db().$transaction(async (tx) => {
    await lockWatcher(tx, watcher.id);
    const rows = await tx.watchedVehicle.findMany({
      where: { watcherId: watcher.id },
      select: { year: true, makeKey: true, modelKey: true },
    });
    const known = new Set(rows.map((r) => `${r.year}|${r.makeKey}|${r.modelKey}`));
    const isKnown = (v: VehicleQuery) => known.has(watchedVehicleKey(v.year, v.make, v.model));
    const fresh = resolved.filter((v) => !isKnown(v));
    if (rows.length + fresh.length > limit) {
      throw badRequest(
        `${rows.length} vehicles are watched; adding ${fresh.length} would pass the limit of ${limit}. Remove vehicles first; nothing was added.`,
        { reason: "watchlist_full", param: "vehicles", limit },
      );
    }
    await tx.watchedVehicle.createMany({
      data: fresh.map((v) => ({
        watcherId: watcher.id,
        year: v.year,
        make: v.make,
        model: v.model,
        makeKey: makeKey(v.make),
        modelKey: nameKey(v.model),
        accountId: watcher.accountId,
        createdAt: now,
      })),
    });
    return {
      added: fresh.map(vehicleName),
      alreadyWatched: resolved.filter(isKnown).map(vehicleName),
      total: rows.length + fresh.length,
      limit,
    };
  });
}

export async function removeVehicleFromWatchlist(
  watcher: Watcher,
  year: number,
  make: string,
  model: string,
): Promise<{ vehicle: { year: number; make: string; model: string }; watched: false; total: number }> {
  const where = { watcherId: watcher.id, year, makeKey: makeKey(make), modelKey: nameKey(model) };
  const row = await db().watchedVehicle.findFirst({ where });
  if (!row) {
    throw notFound(`${year} ${make.slice(0, 40)} ${model.slice(0, 40)} is not on this key's watchlist.`, {
      param: "model",
    });
  }
  await db().watchedVehicle.deleteMany({ where });
  return {
    vehicle: vehicleName(row),
    watched: false,
    total: await db().watchedVehicle.count({ where: { watcherId: watcher.id } }),
  };
}

/** One page of the watched vehicles by year, make and model, each with its open recalls now (as listWatchlist). */
export async function listWatchedVehicles(
  watcher: Watcher,
  limit: number,
  cursor?: string,
): Promise<WatchedVehiclesPage> {
  const after = cursor ? Buffer.from(cursor, "base64url").toString("utf8").split("|") : null;
  const afterYear = after ? Number(after[0]) : NaN;
  const where: Prisma.WatchedVehicleWhereInput = { watcherId: watcher.id };
  if (after && Number.isInteger(afterYear) && after.length === 3) {
    const [, mk, model] = after;
    where.OR = [
      { year: { gt: afterYear } },
      { year: afterYear, makeKey: { gt: mk } },
      { year: afterYear, makeKey: mk, modelKey: { gt: model } },
    ];
  }
  const [rows, total] = await Promise.all([
    db().watchedVehicle.findMany({
      where,
      orderBy: [{ year: "asc" }, { makeKey: "asc" }, { modelKey: "asc" }],
      take: limit + 1,
    }),
    db().watchedVehicle.count({ where: { watcherId: watcher.id } }),
  ]);
  const page = rows.slice(0, limit);
  const { report } = config();
  const recalls = await Promise.all(page.map((r) => vehicleRecalls(r, report.liveBudgetMs)));
  const items: WatchedVehicle[] = page.map((r, i) => ({
    vehicle: vehicleName(r),
    watchedSince: r.createdAt.toISOString(),
    permalink: vehiclePermalink(r),
    recalls: recalls[i],
  }));
  const last = page[page.length - 1];
  return {
    items,
    nextCursor:
      rows.length > limit ? Buffer.from(`${last.year}|${last.makeKey}|${last.modelKey}`).toString("base64url") : null,
    total,
  };
}
