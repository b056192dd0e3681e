/**
 * Service bulletins by year/make/model: the VIN report's section (bulletinsForVehicle) and the route's full list
 * (bulletinsList), from the imported MFR_COMMS files alone (NHTSA has no API for them).
 *
 * Whether the answer is known: a model year's communications are filed under the periods from the one holding the
 * year before it (when its first bulletins are written) to the current one (lib/bulletins/period.ts). With every
 * one of those periods imported the answer is complete: `ok`, and a vehicle with none has a real count of 0.
 * Otherwise it is `unavailable` (`not_synced`) with count null; the communications of the periods held are still
 * listed. When neither the current period's import nor the sync's last success is younger than
 * SYNC_BULLETINS_MAX_AGE_DAYS, the answer is `stale` as of that import.
 */
import { freshMirror, SOURCES, sourceText, unknownCheckedAt, type SectionReason } from "../sources";
import { nhtsaVehiclePageUrl, slugify, type VehicleQuery } from "../vehicle";
import { LIST_LIMIT_DEFAULT, type BulletinItem, type BulletinsResponse, type BulletinsSection } from "./answers";
import type { BulletinRecord } from "./mfr-comms";
import { periodStartsFor } from "./period";
import { bulletinPage, heldPeriods } from "./store";

/** The scheduled job that mirrors the files (lib/jobs/bulletins-sync.ts) and the name its status goes by. */
export const BULLETINS_JOB = SOURCES.bulletins.mirror;
/** How the presenter (lib/sources/present.ts) names this section and its source. */
export const BULLETINS_WORDS = SOURCES.bulletins.words;
const ATTRIBUTION = "NHTSA manufacturer communications";
/** How many of the newest communications the section carries. */
const NEWEST = 3;

interface Known {
  status: "ok" | "stale" | "unavailable";
  reason?: SectionReason;
  asOf: Date;
  source: string;
}

async function known(q: VehicleQuery, now: Date): Promise<Known> {
  const held = await heldPeriods();
  const starts = periodStartsFor(q.year, now);
  const missing = starts.filter((s) => !held.has(s));
  const facts = (status: Known["status"], reason?: SectionReason, asOf?: Date) =>
    sourceText(ATTRIBUTION, { ...BULLETINS_WORDS, status, reason, asOf: asOf?.toISOString() });
  if (missing.length > 0) {
    const asOf = new Date(unknownCheckedAt("not_synced", now));
    return { status: "unavailable", reason: "not_synced", asOf, source: facts("unavailable", "not_synced") };
  }
  const current = held.get(starts[starts.length - 1])!;
  const maxAgeMs = SOURCES.bulletins.freshMs();
  const synced = await freshMirror(SOURCES.bulletins, maxAgeMs, now.getTime()).catch(() => null);
  const asOf = synced && synced > current.importedAt ? synced : current.importedAt;
  const local = `${ATTRIBUTION}, local copy of NHTSA's MFR_COMMS files (${[...held.values()]
    .map((p) => p.period)
    .sort()
    .join(", ")})`;
  if (now.getTime() - asOf.getTime() <= maxAgeMs) return { status: "ok", asOf, source: local };
  // Past its age: the sync is off (imported by hand) or has not succeeded since.
  const reason: SectionReason = SOURCES.bulletins.online() ? "failed" : "offline";
  return {
    status: "stale",
    reason,
    asOf,
    source: sourceText(local, { ...BULLETINS_WORDS, status: "stale", reason, asOf: asOf.toISOString() }),
  };
}

const listPath = (q: VehicleQuery) => `/api/public/bulletins/${q.year}/${slugify(q.make)}/${slugify(q.model)}`;

function item(r: BulletinRecord, q: VehicleQuery): BulletinItem {
  return { ...r, url: nhtsaVehiclePageUrl(q) };
}

/** The VIN report's section: count and the newest few, or unknown (count null, never 0) before the data is held. */
export async function bulletinsForVehicle(
  q: VehicleQuery,
  opts: { now?: Date; newest?: number } = {},
): Promise<BulletinsSection> {
  const now = opts.now ?? new Date();
  const k = await known(q, now);
  const page = await bulletinPage(q, opts.newest ?? NEWEST);
  return {
    status: k.status,
    ...(k.reason ? { reason: k.reason } : {}),
    checkedAt: k.asOf.toISOString(),
    count: k.status === "unavailable" ? null : page.count,
    newest: page.items.map((r) => item(r, q)),
    url: listPath(q),
    nhtsaUrl: nhtsaVehiclePageUrl(q),
    source: k.source,
  };
}

/** The section when its lookup failed inside this service (a database fault): unknown, never 0. */
export function bulletinsDegradedSection(q: VehicleQuery, reason: SectionReason): BulletinsSection {
  return {
    status: "unavailable",
    reason,
    checkedAt: new Date().toISOString(),
    count: null,
    newest: [],
    url: listPath(q),
    nhtsaUrl: nhtsaVehiclePageUrl(q),
    source: sourceText(ATTRIBUTION, { ...BULLETINS_WORDS, status: "unavailable", reason }),
  };
}

/** The full list of a year/make/model, a page at a time (newest first), with the total count. */
export async function bulletinsList(
  q: VehicleQuery,
  query: { limit?: number; cursor?: number } = {},
  now: Date = new Date(),
): Promise<BulletinsResponse> {
  const k = await known(q, now);
  const page = await bulletinPage(q, query.limit ?? LIST_LIMIT_DEFAULT, query.cursor);
  return {
    year: q.year,
    make: q.make,
    model: q.model,
    status: k.status,
    ...(k.reason ? { reason: k.reason } : {}),
    checkedAt: k.asOf.toISOString(),
    count: k.status === "unavailable" ? null : page.count,
    items: page.items.map((r) => item(r, q)),
    nextCursor: page.next === null ? null : String(page.next),
    nhtsaUrl: nhtsaVehiclePageUrl(q),
    source: k.source,
  };
}

/** Whether an answer must not be cached as a healthy one: anything but a complete, current answer. */
export function bulletinsDegraded(answer: { status: string }): boolean {
  return answer.status !== "ok";
}
