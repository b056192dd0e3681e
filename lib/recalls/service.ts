/**
 * "Recalls for this year/make/model": the one function the API, the pages, the VIN report and the MCP tool
 * call. How live and imported data combine:
 *
 * - Everything lands in one store (lib/recalls/store.ts): NHTSA API answers and imports (FLAT_RCL, saved
 *   recallsByVehicle JSON, campaign CSV) upsert the same campaign and coverage rows.
 * - Online (NHTSA_API_BASE_URL set): an NHTSA answer younger than 6 hours is served from the store (cache
 *   hit); otherwise NHTSA is asked (its model names for the year/make first, see askNhtsa). Its answer is
 *   stored, recorded as a lookup, and returned with status "ok" together with any imported campaigns that
 *   also match the vehicle.
 *   If NHTSA fails (timeout, 5xx, network), the last known answer (an older lookup, or imported rows) is
 *   returned with status "stale"; with nothing known the status is "unavailable", never "0 recalls".
 * - Offline (NHTSA_API_BASE_URL=off): the store is the source. Imported rows or a recorded answer for the
 *   vehicle give status "ok" (checkedAt says how old the data is); nothing known gives "unavailable".
 *   A FLAT_RCL import records rows, not answers: a vehicle absent from an imported FLAT_RCL file is
 *   "unavailable" offline, because a partial file cannot prove the absence of recalls.
 * - Unknown is never zero: "unavailable" answers carry `count: null`. A vehicle without a usable model name
 *   (some decodes give none) is never asked about: NHTSA files recalls per model, so its answer would be a
 *   false "0 recalls"; it is "unavailable" and its url is the recall check form, not a page that cannot exist.
 * - NHTSA behind a breaker (lib/outside): after repeated failures nothing waits on it for a cool-down, and a
 *   failed refresh for a vehicle is remembered briefly, so a burst for one vehicle makes one call.
 */
import { config } from "../config";
import { db } from "../db";
import type { RecallItem, RecallsResponse } from "./answers";
import { fetchRecallModels, fetchRecallsByVehicle, nhtsaOnline, type NhtsaFailure } from "./nhtsa-client";
import { makeKey, sameModel, slugify } from "../vehicle";
import type { RecallRecord } from "./record";
import { importsMayCover, storeMayKnow } from "./known-vehicles";
import { mirrorRecalls } from "./mirror";
import { boundedCache, breakerFor, resetBreakersForTests, startDeadline } from "../outside";
import { findLookup, lookupKey, saveLookup, storedRecalls, upsertRecalls, type StoredAnswer } from "./store";
import type { VehicleQuery } from "../vehicle";
import {
  answersOf,
  sectionReason,
  SOURCES,
  sourceText,
  unknownCheckedAt,
  type AskOptions,
  type DurableAnswers,
  type SectionReason,
} from "../sources";

export type VehicleRecalls = Pick<
  RecallsResponse,
  "count" | "items" | "url" | "status" | "reason" | "checkedAt" | "source" | "asOf"
>;

const ATTRIBUTION = "NHTSA (U.S. National Highway Traffic Safety Administration) recall data";

/** Page URL of the recall check for a year/make/model (what `recalls.url` points to); the form without a usable name. */
export function recallPageUrl(q: VehicleQuery): string {
  if (!hasUsableNames(q)) return `${config().publicBaseUrl}/recalls`;
  return `${config().publicBaseUrl}/recalls/${q.year}/${slugify(q.make)}/${slugify(q.model)}`;
}

/** NHTSA lists recalls per year, make and model: without a make and model name there is nothing to ask. */
function hasUsableNames(q: VehicleQuery): boolean {
  return Number.isInteger(q.year) && slugify(q.make ?? "") !== "" && slugify(q.model ?? "") !== "";
}

/**
 * `budgetMs` (the VIN report): wait at most that long for NHTSA (until `budgetSignal` aborts, when given); past
 * it the refresh goes on and fills the store, and the answer is the last known one (`stale`) or, with none,
 * `pending`. A refresh that has to wait in the bulkhead's backlog is waited on only by a report (`budgetSignal`),
 * within its budget; any other caller gets the same answer at once.
 */
export async function recallsForVehicle(
  q: VehicleQuery,
  opts: Pick<AskOptions, "signal" | "budgetMs" | "budgetSignal"> & { now?: Date } = {},
): Promise<VehicleRecalls> {
  const now = opts.now ?? new Date();
  const url = recallPageUrl(q);
  if (!hasUsableNames(q)) return modelUnknown(url, now);
  // A fresh local mirror answers without NHTSA (lib/recalls/mirror.ts says when it can).
  const mirrored = await mirrorRecalls(q, now);
  if (mirrored)
    return answer(mirrored.stored, url, "ok", mirrored.asOf, `${ATTRIBUTION}, local mirror of NHTSA's FLAT_RCL files`);
  // Offline (or while NHTSA's breaker is open) the store is the only source, and most vehicles are not in it:
  // the in-memory index says so without a query, so an outage costs no database work either.
  const breakerOpen = nhtsaOnline() && breakerFor(SOURCES.recalls.system).refusing;
  const storeOnly = !nhtsaOnline() || breakerOpen;
  /** Why NHTSA gave no answer (said in the section's source, as the other sections do); null when it was not asked. */
  let failed: string | null = breakerOpen ? "breaker_open" : null;
  if (storeOnly && !(await storeMayKnow(db(), q))) return unknown(url, now, failed);

  /** Why nothing is known yet while NHTSA is being asked (the answer is `pending`); null when it is not. */
  let asking: "busy" | "asking" | null = null;
  if (!storeOnly) {
    // NHTSA's answer stored within the source's freshness is served as it is; else NHTSA is asked (lib/sources).
    const live = await answers().get(lookupKey(q.year, q.make, q.model), () => askWithinDeadline(q), {
      ...opts,
      now: () => now,
    });
    if (live.kind === "fresh") {
      const stored = await storedFor(q, live.value.campaigns);
      return answer(stored, url, "ok", live.checkedAt, LIVE_SOURCE);
    }
    if (live.kind === "pending") asking = live.reason;
    else failed = live.failure.reason;
  }

  // Still being asked: the index may skip the read. NHTSA failed, or is not asked: the store is the whole answer,
  // read whatever the index says (it may be a second behind an import made meanwhile).
  const lookup = await findLookup(q.year, q.make, q.model);
  const campaigns = lookup?.campaignNumbers ?? [];
  const stored = asking ? await storedFor(q, campaigns) : await storedRecalls(q.year, q.make, q.model, campaigns);
  const known = lookup !== null || stored.items.length > 0;
  if (!known) return asking ? pending(url, now, asking) : unknown(url, now, failed);
  const knownAt = latest(lookup?.checkedAt ?? null, stored.newestRowAt) ?? now;
  if (nhtsaOnline()) {
    const reason = sectionReason(asking ?? failed);
    const facts = { ...RECALLS, status: "stale", reason, asOf: knownAt.toISOString() };
    return { ...answer(stored, url, "stale", knownAt, sourceText(ATTRIBUTION, facts)), reason };
  }
  return answer(stored, url, "ok", knownAt, `${ATTRIBUTION}, imported (${describeSources(stored, lookup?.origin)})`);
}

/**
 * The stored recalls of a vehicle plus `campaigns` (those NHTSA listed for it). Most vehicles NHTSA answers
 * for have no recalls and no imported rows: for them nothing is read (lib/recalls/known-vehicles.ts).
 */
async function storedFor(q: VehicleQuery, campaigns: string[]): Promise<StoredAnswer> {
  if (campaigns.length === 0 && !(await importsMayCover(db(), q))) return { items: [], newestRowAt: null, sources: [] };
  return storedRecalls(q.year, q.make, q.model, campaigns);
}

/**
 * The source of an answer from NHTSA's API, the same whether it was just fetched or is served from the 6-hour
 * cache (`checkedAt` says when NHTSA answered): a healthy answer's body must not change between requests, or its
 * ETag would never revalidate.
 */
const LIVE_SOURCE = `${ATTRIBUTION}, from api.nhtsa.gov (an answer is kept up to 6 hours; checkedAt says when NHTSA gave it)`;

const RECALLS = SOURCES.recalls.words;

/**
 * NHTSA is being asked and nothing is known yet: "pending" with `count: null`; the refresh fills the store.
 * `reason`: still being asked past the caller's wait, or waiting its turn in the bulkhead (busy).
 */
function pending(url: string, now: Date, reason: "busy" | "asking"): VehicleRecalls {
  return {
    count: null,
    items: [],
    url,
    status: "pending",
    reason,
    checkedAt: now.toISOString(),
    source: sourceText(ATTRIBUTION, { ...RECALLS, status: "pending", reason }),
  };
}

/**
 * Nothing is known about the vehicle's recalls: "unavailable" with `count: null`, never "0 recalls". `failed`: why
 * NHTSA gave no answer (a FetchFailure's reason: "busy", "timeout", "breaker_open", …), when it was asked.
 */
function unknown(url: string, now: Date, failed: string | null = null): VehicleRecalls {
  return unavailableRecalls(url, now, nhtsaOnline() ? sectionReason(failed) : "offline");
}

/** A vehicle whose model is not known: NHTSA lists recalls per model. */
function modelUnknown(url: string, now: Date): VehicleRecalls {
  return unavailableRecalls(url, now, "no_model");
}

function unavailableRecalls(url: string, now: Date, reason: SectionReason): VehicleRecalls {
  const source = sourceText(ATTRIBUTION, { ...RECALLS, status: "unavailable", reason });
  return {
    count: null,
    items: [],
    url,
    status: "unavailable",
    reason,
    checkedAt: unknownCheckedAt(reason, now),
    source,
  };
}

/** NHTSA's answer for a vehicle: the campaigns it lists (their rows are stored with the others in the recall store). */
interface RecallAnswer {
  campaigns: string[];
  /** The rows NHTSA gave, on their way to the store; not held once stored. */
  records?: RecallRecord[];
}

/**
 * NHTSA's answers as recorded lookups (table RecallLookup, origin "live"): the recall source keeps its answers in
 * its own tables, where the imports and the mirror put theirs (a SourceAnswer row would be a second copy).
 * Saving stores the campaigns' rows first, then the lookup that lists them.
 */
const recordedLookups: DurableAnswers<RecallAnswer> = {
  async load(key) {
    const [year, make, model] = key.split("|");
    const lookup = await findLookup(Number(year), make, model);
    return lookup?.origin === "live"
      ? { value: { campaigns: lookup.campaignNumbers }, checkedAt: lookup.checkedAt }
      : null;
  },
  async save(key, value, checkedAt) {
    const [year, make, model] = key.split("|");
    await upsertRecalls(value.records ?? [], "nhtsa_api", checkedAt);
    await saveLookup(Number(year), make, model, "live", value.campaigns, checkedAt);
  },
};

/**
 * NHTSA's recall source asked the one way (lib/sources/ask.ts): its breaker and bulkhead, one refresh per vehicle
 * at a time in this process, a failed refresh remembered for OUTSIDE_FAILURE_MEMO_MS (a burst for one vehicle
 * during an outage makes one call), a caller with a budget answered `pending` past it while the refresh fills the
 * store. The store is written after the slot is given back, and a store that fails (the database, not NHTSA) is
 * not counted against NHTSA's breaker.
 */
const answers = () => answersOf<RecallAnswer>(SOURCES.recalls, () => recordedLookups);

/** Tests start each case with no remembered failures. */
export function resetRecallRefreshForTests(): void {
  answers().clear();
  recallModelLists.clear();
  resetBreakersForTests(SOURCES.recalls.system);
}

/**
 * One deadline (NHTSA_API_TIMEOUT_MS) for asking NHTSA: its calls run one after the other (the model names,
 * then the recalls), and each alone may take that long, so together they would outlast the report's section.
 */
async function askWithinDeadline(q: VehicleQuery): Promise<{ ok: true; value: RecallAnswer } | NhtsaFailure> {
  const ms = config().nhtsa.timeoutMs;
  const deadline = startDeadline(ms);
  let live: Awaited<ReturnType<typeof askNhtsa>>;
  try {
    live = await askNhtsa(q, deadline.signal);
  } finally {
    deadline.clear();
  }
  if (!live.ok && live.reason === "aborted")
    return { ok: false, reason: "timeout", detail: `NHTSA did not answer within ${ms} ms` };
  if (!live.ok) return live;
  return { ok: true, value: { campaigns: live.records.map((r) => r.campaignNumber), records: live.records } };
}

/**
 * NHTSA's recall model names of a year and make, kept a few hours: every model of that make and year asks the
 * same list, so a refresh then makes one call (recallsByVehicle) where it made two. Only answers are kept.
 */
const MODEL_LIST_MS = 6 * 60 * 60 * 1000;
const recallModelLists = boundedCache<string[]>({ max: 2000, maxBytes: 4 * 1024 * 1024, ttlMs: MODEL_LIST_MS });

async function recallModelsOf(
  q: VehicleQuery,
  signal?: AbortSignal,
): Promise<{ ok: true; models: string[] } | NhtsaFailure> {
  const key = `${q.year}|${makeKey(q.make)}`;
  const held = recallModelLists.get(key);
  if (held) return { ok: true, models: held };
  const answer = await fetchRecallModels(q, { signal });
  if (answer.ok) recallModelLists.set(key, answer.models);
  return answer;
}

/** At most this many NHTSA model names are asked about for one vehicle ("SILVERADO 1500", "… 1500 LTD", …). */
const MAX_NHTSA_MODELS = 6;

/**
 * NHTSA files recalls under its own model names, so first ask which models of that year and make have
 * recalls, pick those naming the same vehicle (lib/vehicle/names.ts), and ask recallsByVehicle for each.
 * When none match (or the year/make has none), NHTSA is asked with the name as given and answers for itself;
 * recallsByVehicle answers 400 for a model outside its recall catalog, which, with that catalog in hand,
 * means NHTSA has no recalls for it. Any other failed call fails the whole answer: a partial list would look
 * complete.
 */
async function askNhtsa(
  q: VehicleQuery,
  signal?: AbortSignal,
): Promise<{ ok: true; records: RecallRecord[] } | NhtsaFailure> {
  const models = await recallModelsOf(q, signal);
  if (!models.ok) return models;
  const matching = models.models.filter((m) => sameModel(m, q.model, q.make)).slice(0, MAX_NHTSA_MODELS);
  const names = matching.length ? matching : [q.model];
  const answers = await Promise.all(names.map((model) => fetchRecallsByVehicle({ ...q, model }, { signal })));
  const records: RecallRecord[] = [];
  for (const a of answers) {
    if (!a.ok && !(matching.length === 0 && a.status === 400)) return a;
    if (a.ok) records.push(...a.records);
  }
  return { ok: true, records };
}

function answer(
  stored: Pick<StoredAnswer, "items">,
  url: string,
  status: VehicleRecalls["status"],
  checkedAt: Date,
  source: string,
): VehicleRecalls {
  const items: RecallItem[] = stored.items.map((r) => ({
    campaignNumber: r.campaignNumber,
    component: r.components.length ? r.components.join("; ") : r.component,
    summary: r.summary,
    consequence: r.consequence,
    remedy: r.remedy,
    reportReceivedDate: r.reportReceivedDate ?? "",
    parkIt: r.parkIt,
    parkOutside: r.parkOutside,
    overTheAirUpdate: r.overTheAirUpdate,
  }));
  return {
    count: items.length,
    items,
    url,
    status,
    checkedAt: checkedAt.toISOString(),
    asOf: checkedAt.toISOString(),
    source,
  };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

const SOURCE_LABELS: Record<string, string> = {
  nhtsa_api: "earlier api.nhtsa.gov answers",
  flat_rcl: "NHTSA FLAT_RCL file",
  json_import: "saved recallsByVehicle answers",
  csv_import: "campaign CSV",
};

function describeSources(stored: StoredAnswer, lookupOrigin: string | undefined): string {
  const labels = new Set(stored.sources.map((s) => SOURCE_LABELS[s] ?? s));
  if (lookupOrigin === "import") labels.add(SOURCE_LABELS.json_import);
  if (lookupOrigin === "live") labels.add(SOURCE_LABELS.nhtsa_api);
  return [...labels].join(", ") || "no rows";
}
