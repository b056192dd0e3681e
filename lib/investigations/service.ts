/**
 * Defect investigations by year/make/model: the VIN report's section (investigationsForVehicle) and the route's
 * full list (investigationsList), from the imported FLAT_INV file alone (NHTSA has no API for them).
 *
 * Whether the answer is known: FLAT_INV is NHTSA's whole list, so once it is imported the answer is complete for
 * every vehicle: `ok`, and a vehicle no investigation names has a real count of 0. Before any import it is
 * `unavailable` (`not_synced`) with counts null. When neither the import nor the sync's last success (a 304 counts:
 * the file had not changed) is younger than SYNC_INVESTIGATIONS_MAX_AGE_DAYS, it is `stale` as of that import.
 */
import { freshMirror, SOURCES, sourceText, unknownCheckedAt, type SectionReason } from "../sources";
import { nhtsaVehiclePageUrl, slugify, type VehicleQuery } from "../vehicle";
import { ACTION_TYPES, actionType } from "./action-type";
import type { InvestigationItem, InvestigationsResponse, InvestigationsSection } from "./answers";
import type { InvestigationRecord } from "./flat-inv";
import { recallLinks } from "./recall-link";
import { INVESTIGATIONS_WORDS } from "./source";
import { importedAt, investigationsByNumber, investigationsOf } from "./store";

const ATTRIBUTION = "NHTSA defect investigations";
/** How many investigations the section carries. */
const NEWEST = 3;

interface Known {
  status: "ok" | "stale" | "unavailable";
  reason?: SectionReason;
  asOf: Date;
  source: string;
}

async function known(now: Date): Promise<Known> {
  const imported = await importedAt();
  if (!imported) {
    const source = sourceText(ATTRIBUTION, { ...INVESTIGATIONS_WORDS, status: "unavailable", reason: "not_synced" });
    return { status: "unavailable", reason: "not_synced", asOf: new Date(unknownCheckedAt("not_synced", now)), source };
  }
  const maxAgeMs = SOURCES.investigations.freshMs();
  const synced = await freshMirror(SOURCES.investigations, maxAgeMs, now.getTime()).catch(() => null);
  const asOf = synced && synced > imported ? synced : imported;
  const local = `${ATTRIBUTION}, local copy of NHTSA's FLAT_INV file`;
  if (now.getTime() - asOf.getTime() <= maxAgeMs) return { status: "ok", asOf, source: local };
  // Past its age: the sync is off (imported by hand) or has not succeeded since.
  const reason: SectionReason = SOURCES.investigations.online() ? "failed" : "offline";
  return {
    status: "stale",
    reason,
    asOf,
    source: sourceText(local, { ...INVESTIGATIONS_WORDS, status: "stale", reason, asOf: asOf.toISOString() }),
  };
}

const listPath = (q: VehicleQuery) => `/api/public/investigations/${q.year}/${slugify(q.make)}/${slugify(q.model)}`;

/** The stored investigations as answered, each with the link of the recall it led to. */
async function items(records: InvestigationRecord[]): Promise<InvestigationItem[]> {
  const links = await recallLinks(records.flatMap((r) => (r.campaignNumber ? [r.campaignNumber] : [])));
  return records.map((r) => {
    const code = actionType(r.actionNumber)!;
    return {
      actionNumber: r.actionNumber,
      type: { code, name: ACTION_TYPES[code] },
      openedOn: r.openedOn,
      closedOn: r.closedOn,
      open: r.closedOn === null,
      component: r.component,
      subject: r.subject,
      summary: r.summary,
      manufacturer: r.manufacturer,
      recall: r.campaignNumber ? (links.get(r.campaignNumber) ?? null) : null,
    };
  });
}

/** What the section and the list share: status, counts, when, and the investigations (all, or the first few). */
async function answer(q: VehicleQuery, now: Date, first?: number) {
  const k = await known(now);
  const records = await investigationsOf(q);
  const unknown = k.status === "unavailable";
  return {
    status: k.status,
    ...(k.reason ? { reason: k.reason } : {}),
    checkedAt: k.asOf.toISOString(),
    count: unknown ? null : records.length,
    openCount: unknown ? null : records.filter((r) => r.closedOn === null).length,
    items: await items(first === undefined ? records : records.slice(0, first)),
    nhtsaUrl: nhtsaVehiclePageUrl(q),
    source: k.source,
  };
}

/** The VIN report's section: counts and the first few, or unknown (counts null, never 0) before any import. */
export async function investigationsForVehicle(
  q: VehicleQuery,
  opts: { now?: Date; newest?: number } = {},
): Promise<InvestigationsSection> {
  const { items: newest, nhtsaUrl, ...rest } = await answer(q, opts.now ?? new Date(), opts.newest ?? NEWEST);
  return { ...rest, newest, url: listPath(q), nhtsaUrl };
}

/** The section when its lookup failed inside this service (a database fault): unknown, never 0. */
export function investigationsDegradedSection(q: VehicleQuery, reason: SectionReason): InvestigationsSection {
  return {
    status: "unavailable",
    reason,
    checkedAt: new Date().toISOString(),
    count: null,
    openCount: null,
    newest: [],
    url: listPath(q),
    nhtsaUrl: nhtsaVehiclePageUrl(q),
    source: sourceText(ATTRIBUTION, { ...INVESTIGATIONS_WORDS, status: "unavailable", reason }),
  };
}

/** Every investigation of a year/make/model, open ones first, then the most recently opened. */
export async function investigationsList(q: VehicleQuery, now: Date = new Date()): Promise<InvestigationsResponse> {
  return { year: q.year, make: q.make, model: q.model, ...(await answer(q, now)) };
}

/** Whether an answer must not be cached as a healthy one: anything but a complete, current answer. */
export function investigationsDegraded(answer: { status: string }): boolean {
  return answer.status !== "ok";
}

/** The investigations of these action numbers as answered, by action number (recall alerts' events). */
export async function investigationItems(actionNumbers: string[]): Promise<Map<string, InvestigationItem>> {
  const found = await items(await investigationsByNumber(actionNumbers));
  return new Map(found.map((i) => [i.actionNumber, i]));
}
