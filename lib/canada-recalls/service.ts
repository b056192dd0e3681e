/**
 * Transport Canada recalls for a year/make/model, answered from this server's mirror of Transport Canada's file
 * (the `canada-recalls` sync, or `vinscope import canada-recalls`); Transport Canada is never asked per request.
 *
 * - Never imported in full: `unavailable` (reason `not_synced`), count null: nothing is known, which is not "none".
 *   An update file alone (the last 60 days) cannot say a vehicle has no recall, so it does not count.
 * - Imported in full, and the last sync or import younger than SYNC_CANADA_RECALLS_MAX_AGE_DAYS: `ok`, and a
 *   vehicle without rows has no Canadian recall (count 0), as the file lists every recall.
 * - Older: the same answer as `stale`, `checkedAt` saying from when.
 *
 * The VIN report's section comes from memory (store.ts); the route's full list from the table.
 */
import { config } from "../config";
import { notFound } from "../contract/errors";
import { freshMirror, sectionReason, SOURCES, sourceText, unknownCheckedAt, type SectionReason } from "../sources";
import { displayMake, slugify, type VehicleQuery } from "../vehicle";
import { findVpicModel } from "../vin";
import {
  OGL_ATTRIBUTION,
  type CanadaRecallItem,
  type CanadaRecallsResponse,
  type CanadaRecallsSection,
} from "./answers";
import {
  canadaRecallsByNumber,
  canadaRecallsCoverage,
  heldCanadaRecalls,
  listCanadaRecalls,
  type HeldRecall,
} from "./store";
import { usCampaignsOf } from "./us-campaigns";

/** How the presenter (lib/sources/present.ts) names this section and its source. */
export const CANADA_RECALLS_WORDS = SOURCES.canadaRecalls.words;
/** The scheduled job that mirrors the files (lib/jobs/canada-recalls-sync.ts). */
export const CANADA_RECALLS_JOB = SOURCES.canadaRecalls.mirror;

const SOURCE = "Transport Canada, Motor Vehicle Safety Recalls Database";
/** How many of the newest recalls the VIN report's section carries. */
const NEWEST = 3;

interface Standing {
  status: "ok" | "stale" | "unavailable";
  reason?: SectionReason;
  checkedAt: string;
  source: string;
}

/** The section of the VIN report. */
export async function canadaRecallsForVehicle(
  q: VehicleQuery,
  opts: { now?: Date } = {},
): Promise<CanadaRecallsSection> {
  const url = listUrl(q);
  const standing = await standingOf(opts.now ?? new Date());
  if (standing.status === "unavailable") return { ...standing, count: null, newest: [], url };
  const recalls = await heldCanadaRecalls(q);
  return { ...standing, count: recalls.length, newest: await items(recalls.slice(0, NEWEST)), url };
}

/**
 * The route's answer: the vehicle named as vPIC names it (a vehicle vPIC does not know is a 404, as on the other
 * year/make/model routes), then every recall, newest first.
 */
export async function canadaRecallsByVehicle(
  q: VehicleQuery,
  opts: { now?: Date } = {},
): Promise<CanadaRecallsResponse> {
  const names = findVpicModel(q.make, q.model);
  if (!names)
    throw notFound(`NHTSA vPIC does not know a ${q.year} ${q.make} ${q.model}.`, { reason: "unknown_vehicle" });
  const v = { year: q.year, make: names.make, model: names.model };
  const answered = { ...v, make: displayMake(v.make), url: listUrl(v), attribution: OGL_ATTRIBUTION };
  const standing = await standingOf(opts.now ?? new Date());
  if (standing.status === "unavailable") return { ...answered, ...standing, count: null, recalls: [] };
  const recalls = await listCanadaRecalls(v);
  return { ...answered, ...standing, count: recalls.length, recalls: await items(recalls) };
}

/** The section when the VIN report could not get it in time, or its lookup failed (`reason`: deadline, failed). */
export function canadaRecallsDegradedSection(q: VehicleQuery, reason: SectionReason): CanadaRecallsSection {
  const source = sourceWithStatus({ status: "unavailable", reason });
  return {
    status: "unavailable",
    reason,
    checkedAt: new Date().toISOString(),
    count: null,
    newest: [],
    url: listUrl(q),
    source,
  };
}

/** Whether an answer is less than current (stale, or not known): shared caches keep it briefly. */
export function canadaRecallsDegraded(s: { status: string }): boolean {
  return s.status !== "ok";
}

async function standingOf(now: Date): Promise<Standing> {
  const maxAgeMs = SOURCES.canadaRecalls.freshMs();
  const { fullAt, lastAt } = await canadaRecallsCoverage();
  if (!fullAt || !lastAt) {
    const reason = "not_synced";
    return {
      status: "unavailable",
      reason,
      checkedAt: unknownCheckedAt(reason, now),
      source: sourceWithStatus({ status: "unavailable", reason }),
    };
  }
  // A sync that found the file unchanged (304) confirms the data too: its job's last success counts.
  const synced = await freshMirror(SOURCES.canadaRecalls, maxAgeMs, now.getTime()).catch(() => null);
  const asOf = synced && synced > lastAt ? synced : lastAt;
  if (now.getTime() - asOf.getTime() <= maxAgeMs)
    return {
      status: "ok",
      checkedAt: asOf.toISOString(),
      source: `${SOURCE}, mirrored by this server. ${OGL_ATTRIBUTION}`,
    };
  const reason = sectionReason(SOURCES.canadaRecalls.online() ? "failed" : "offline");
  return {
    status: "stale",
    reason,
    checkedAt: asOf.toISOString(),
    source: sourceWithStatus({ status: "stale", reason, asOf: asOf.toISOString() }),
  };
}

function sourceWithStatus(s: { status: string; reason: SectionReason; asOf?: string }): string {
  return `${sourceText(SOURCE, { ...CANADA_RECALLS_WORDS, ...s })}. ${OGL_ATTRIBUTION}`;
}

async function items(recalls: HeldRecall[]): Promise<CanadaRecallItem[]> {
  const us = await usCampaignsOf(recalls);
  return recalls.map((r, i) => ({
    recallNumber: r.recallNumber,
    recallDate: r.recallDate,
    system: r.system,
    category: r.category,
    notificationType: r.notificationType,
    unitsAffected: r.unitsAffected,
    comment: r.comment,
    commentFr: r.commentFr,
    manufacturerRecallNumber: r.manufacturerRecallNumber,
    nhtsaCampaignNumber: us[i],
    url: transportCanadaUrl(r.recallNumber),
  }));
}

/** The recall's page in Transport Canada's database. */
function transportCanadaUrl(recallNumber: string): string {
  return `https://wwwapps.tc.gc.ca/Saf-Sec-Sur/7/VRDB-BDRV/search-recherche/detail.aspx?lang=eng&rn=${encodeURIComponent(recallNumber)}`;
}

/** This server's list of the vehicle's Canadian recalls (GET /api/public/canada-recalls/{year}/{make}/{model}). */
function listUrl(q: VehicleQuery): string {
  return `${config().publicBaseUrl}/api/public/canada-recalls/${q.year}/${slugify(q.make)}/${slugify(q.model)}`;
}

/** The recalls of these numbers as answered, by recall number (recall alerts' events). */
export async function canadaRecallItems(recallNumbers: string[]): Promise<Map<string, CanadaRecallItem>> {
  const found = await items(await canadaRecallsByNumber(recallNumbers));
  return new Map(found.map((i) => [i.recallNumber, i]));
}
