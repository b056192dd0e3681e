/**
 * The events of what a sync opened, written to the outbox (AlertEvent) inside the sync's own transaction: the
 * events exist exactly when the import that caused them does, so a sync that fails or is killed leaves neither,
 * and one that commits leaves both. Three sources open things for a watched vehicle, each through its sync job:
 * NHTSA's recall files (`recall.opened`, country US; lib/recalls/mirror-import.ts), Transport Canada's recall
 * files (`recall.opened`, country CA, only a recall with no US campaign: the US one has its own event;
 * lib/canada-recalls/opened.ts) and NHTSA's investigations file (`investigation.opened`; lib/investigations).
 *
 * One event per watcher, watched VIN and recall or investigation (a unique key: a repeated or overlapping sync
 * adds nothing), and only for a VIN watched before the item first reached the store: what was already open when
 * the VIN was added is in the watchlist answer and the report, not in an event. Watchers are found by vehicle,
 * not VIN by VIN: for each year and make a change touches, the model spellings watched are matched with the
 * source's by lib/vehicle's name rules, then one INSERT … SELECT writes the events of every matching watched VIN.
 * A watched year/make/model is matched the same way and gets one event per item (its `vehicleKey` takes the
 * VIN's place in the unique key).
 */
import { dbProvider, Prisma } from "../db";
import type { OpenedCoverage } from "../recalls";
import { makeKey, modelIdentity, sameModelIdentity } from "../vehicle";
import { INVESTIGATION_OPENED, RECALL_OPENED } from "./event-body";
import { watchedModels, watchedVehicleModels } from "./watchlist";

/** A date as a parameter both databases compare with what Prisma writes (SQLite: ISO text with +00:00). */
function timestampParam(date: Date): Prisma.Sql {
  const iso = date.toISOString();
  return dbProvider() === "postgresql" ? Prisma.sql`${iso}::timestamp(3)` : Prisma.sql`${iso.replace("Z", "+00:00")}`;
}

/** A new event id, `msg_` + 32 hex digits, made by the database in the INSERT … SELECT. */
const eventIdSql = () =>
  dbProvider() === "postgresql"
    ? Prisma.sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`
    : Prisma.sql`'msg_' || lower(hex(randomblob(16)))`;

/** What kind of event an item opens, and whose record it is. */
export interface EventKind {
  type: typeof RECALL_OPENED | typeof INVESTIGATION_OPENED;
  country: "US" | "CA";
}

const US_RECALL: EventKind = { type: RECALL_OPENED, country: "US" };
export const CANADA_RECALL: EventKind = { type: RECALL_OPENED, country: "CA" };
export const INVESTIGATION: EventKind = { type: INVESTIGATION_OPENED, country: "US" };

/** A year/make/model an item (a recall, an investigation) names for the first time with an import. */
export interface OpenedItem {
  /** The campaign, Transport Canada recall or investigation action number. */
  number: string;
  year: number;
  /** The source's spelling of the make and model. */
  make: string;
  model: string;
  /** When the store first knew of the item for this vehicle. */
  firstSeenAt: Date;
}

/** The events of what a NHTSA recall file opened (the recall mirror job's hook). */
export function enqueueRecallEvents(tx: Prisma.TransactionClient, opened: OpenedCoverage[], now = new Date()) {
  return enqueueOpenedEvents(
    tx,
    US_RECALL,
    opened.map((o) => ({ ...o, number: o.campaignNumber })),
    now,
  );
}

/** Writes the events of `opened` (within the caller's transaction); answers how many were written. */
export async function enqueueOpenedEvents(
  tx: Prisma.TransactionClient,
  kind: EventKind,
  opened: OpenedItem[],
  now = new Date(),
): Promise<number> {
  const byYearMake = new Map<string, OpenedItem[]>();
  for (const o of opened) {
    if (o.year === 9999) continue; // NHTSA's "year unknown" names no vehicle
    const key = `${o.year}|${makeKey(o.make)}`;
    const list = byYearMake.get(key);
    if (list) list.push(o);
    else byYearMake.set(key, [o]);
  }
  let written = 0;
  for (const group of byYearMake.values()) {
    const { year, make } = group[0];
    const mk = makeKey(make);
    // Watched VINs, then watched year/make/models: the same matching, one INSERT … SELECT per item for each.
    for (const item of matchItems(group, await watchedModels(tx, year, mk))) {
      written += await tx.$executeRaw(Prisma.sql`
        INSERT INTO "AlertEvent" ("id", "watcherId", "accountId", "type", "country", "vin", "year", "make", "model",
                                  "campaignNumber", "createdAt", "status", "attempts", "nextAttemptAt")
        SELECT ${eventIdSql()}, w."watcherId", w."accountId", ${kind.type}, ${kind.country}, w."vin", w."year", w."make",
               w."model", ${item.number}, ${timestampParam(now)},
               CASE WHEN e."watcherId" IS NULL THEN 'unsent' ELSE 'pending' END, 0,
               CASE WHEN e."watcherId" IS NULL THEN NULL ELSE ${timestampParam(now)} END
        FROM "WatchedVin" w LEFT JOIN "WebhookEndpoint" e ON e."watcherId" = w."watcherId"
        WHERE w."year" = ${year} AND w."makeKey" = ${mk} AND w."model" IN (${Prisma.join([...item.models])})
          AND w."createdAt" < ${timestampParam(item.firstSeenAt)}
        ON CONFLICT ("watcherId", "vin", "campaignNumber") DO NOTHING`);
    }
    for (const item of matchItems(group, await watchedVehicleModels(tx, year, mk))) {
      written += await tx.$executeRaw(Prisma.sql`
        INSERT INTO "AlertEvent" ("id", "watcherId", "accountId", "type", "country", "vin", "year", "make", "model",
                                  "campaignNumber", "createdAt", "status", "attempts", "nextAttemptAt", "vehicleKey")
        SELECT ${eventIdSql()}, w."watcherId", w."accountId", ${kind.type}, ${kind.country}, NULL, w."year", w."make",
               w."model", ${item.number}, ${timestampParam(now)},
               CASE WHEN e."watcherId" IS NULL THEN 'unsent' ELSE 'pending' END, 0,
               CASE WHEN e."watcherId" IS NULL THEN NULL ELSE ${timestampParam(now)} END,
               CAST(w."year" AS TEXT) || '|' || w."makeKey" || '|' || w."modelKey"
        FROM "WatchedVehicle" w LEFT JOIN "WebhookEndpoint" e ON e."watcherId" = w."watcherId"
        WHERE w."year" = ${year} AND w."makeKey" = ${mk} AND w."model" IN (${Prisma.join([...item.models])})
          AND w."createdAt" < ${timestampParam(item.firstSeenAt)}
        ON CONFLICT ("watcherId", "vehicleKey", "campaignNumber") DO NOTHING`);
    }
  }
  return written;
}

/**
 * The items of one year and make that name a watched model spelling, each with the spellings it names (an item may
 * name the vehicle in several rows), by lib/vehicle's model identity ("ACCORD" is vPIC's "Accord").
 */
function matchItems(
  group: OpenedItem[],
  models: string[],
): { number: string; firstSeenAt: Date; models: Set<string> }[] {
  if (models.length === 0) return [];
  const identities = models.map((m) => ({ model: m, identity: modelIdentity(m, group[0].make) }));
  const work = new Map<string, { number: string; firstSeenAt: Date; models: Set<string> }>();
  for (const o of group) {
    const wanted = modelIdentity(o.model, o.make);
    const matching = identities.filter((m) => sameModelIdentity(m.identity, wanted)).map((m) => m.model);
    if (matching.length === 0) continue;
    const item = work.get(o.number) ?? { number: o.number, firstSeenAt: o.firstSeenAt, models: new Set<string>() };
    for (const m of matching) item.models.add(m);
    work.set(o.number, item);
  }
  return [...work.values()];
}
