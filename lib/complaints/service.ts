/**
 * Owner complaints for a year/make/model, summarised for the VIN report: count, crashes/fires/injuries/deaths,
 * complaints per component, the newest few.
 *
 * - A fresh mirror (the complaints sync of FLAT_CMPL, younger than SYNC_COMPLAINTS_MAX_AGE_DAYS) answers every
 *   model year it covers with no live call, from the summaries held in memory (store.ts); a vehicle absent
 *   from it has no complaints filed (count 0), as the file lists every complaint.
 * - Online otherwise: NHTSA's model names for the year and make first (issueType=c), those naming the same vehicle
 *   (lib/vehicle/names.ts) asked for their complaints; the summary is kept for BUYER_DATA_CACHE_MS in memory and
 *   the database, behind the "nhtsa-complaints" breaker and bulkhead. A caller with a budget (the VIN report)
 *   gets `pending` past it while the call goes on and fills the store.
 * - NHTSA down: the last known answer or, failing that, imported FLAT_CMPL rows, status `stale`; nothing:
 *   `unavailable` with count null (never "0 complaints").
 * - Offline (COMPLAINTS_API_BASE_URL=off): imported FLAT_CMPL rows (`ok`, as of the import) or a stored answer;
 *   a vehicle absent from an import is `unavailable`, since a partial file cannot prove there are none.
 */
import type { FetchFailure } from "../outside";
import type { AskOptions } from "../sources";
import { sameModel, vehicleSlugKey } from "../vehicle";
import { fetchComplaintModels, fetchComplaints, complaintsOnline } from "./nhtsa-client";
import { nhtsaVehiclePageUrl } from "../vehicle";
import { summarizeComplaints, type ComplaintsSummary } from "./complaint-rows";
import { importedComplaints, importedComplaintsCoverage, importedComplaintsReady } from "./store";
import { config } from "../config";
import type { VehicleQuery } from "../vehicle";
import {
  answersOf,
  type ComplaintItem,
  type ComplaintsSection,
  freshMirror,
  sectionReason,
  type SectionReason,
  SOURCES,
  sourceText,
  unknownCheckedAt,
} from "../sources";

const ATTRIBUTION = "NHTSA owner complaints (Office of Defects Investigation)";
/** How the presenter (lib/sources/present.ts) names this section and its source. */
const COMPLAINTS = SOURCES.complaints.words;
const MAX_MODELS = 6;

const answers = () => answersOf<ComplaintsSummary>(SOURCES.complaints);

export async function complaintsForVehicle(
  q: VehicleQuery,
  opts: Pick<AskOptions, "signal" | "budgetMs" | "budgetSignal"> = {},
): Promise<ComplaintsSection> {
  const url = nhtsaVehiclePageUrl(q);
  const now = new Date();
  const mirrored = await mirrorAnswer(q, url);
  if (mirrored) return mirrored;
  if (!complaintsOnline()) {
    const imported = await importedComplaints(q);
    if (imported)
      return section(
        imported.summary,
        "ok",
        imported.asOf,
        url,
        `${ATTRIBUTION}, imported from NHTSA's FLAT_CMPL file`,
      );
    const known = await answers().known(vehicleSlugKey(q));
    if (known)
      return section(known.value, "ok", known.checkedAt, url, `${ATTRIBUTION}, answer stored from api.nhtsa.gov`);
    return unavailable(url, now, "offline");
  }
  const answer = await answers().get(vehicleSlugKey(q), () => loadSummary(q), opts);
  if (answer.kind === "fresh")
    return section(answer.value, "ok", answer.checkedAt, url, `${ATTRIBUTION}, api.nhtsa.gov`);
  if (answer.kind === "pending") {
    const reason = answer.reason;
    return {
      ...unavailable(url, now, reason),
      status: "pending",
      source: sourceText(ATTRIBUTION, { ...COMPLAINTS, status: "pending", reason }),
    };
  }
  const reason = sectionReason(answer.failure.reason);
  const stale = (s: ComplaintsSummary, asOf: Date, attribution: string): ComplaintsSection => ({
    ...section(
      s,
      "stale",
      asOf,
      url,
      sourceText(attribution, { ...COMPLAINTS, status: "stale", reason, asOf: asOf.toISOString() }),
    ),
    reason,
  });
  if (answer.kind === "stale") return stale(answer.value, answer.checkedAt, ATTRIBUTION);
  const imported = await importedComplaints(q).catch(() => null);
  if (imported) return stale(imported.summary, imported.asOf, `${ATTRIBUTION}, imported FLAT_CMPL rows`);
  return unavailable(url, now, reason);
}

/** The fresh mirror's answer, or null when the live path (or the offline store) must answer. */
async function mirrorAnswer(q: VehicleQuery, url: string): Promise<ComplaintsSection | null> {
  const asOf = await freshMirror(SOURCES.complaints, config().sync.complaints.maxAgeMs).catch(() => null);
  if (!asOf) return null;
  // The first time this process uses the mirror its summaries are read (seconds for the full file): online, NHTSA
  // answers meanwhile (within the report's budget) rather than every request waiting; offline the mirror is
  // the only source, so the request waits for it.
  if (complaintsOnline() && !importedComplaintsReady()) return null;
  const source = `${ATTRIBUTION}, local mirror of NHTSA's FLAT_CMPL file`;
  const imported = await importedComplaints(q).catch(() => null);
  if (imported) return section(imported.summary, "ok", asOf, url, source);
  const { maxYear } = await importedComplaintsCoverage();
  if (maxYear === null || q.year > maxYear) return null;
  return section(summarizeComplaints([]), "ok", asOf, url, `${source}: no complaint is filed for this year/make/model`);
}

async function loadSummary(q: VehicleQuery): Promise<{ ok: true; value: ComplaintsSummary } | FetchFailure> {
  const models = await fetchComplaintModels(q);
  if (!models.ok) return models;
  const matching = models.value.filter((m) => sameModel(m, q.model, q.make)).slice(0, MAX_MODELS);
  const names = matching.length ? matching : [q.model];
  const answers = await Promise.all(names.map((model) => fetchComplaints({ ...q, model })));
  const items: ComplaintItem[] = [];
  for (const a of answers) {
    if (!a.ok) return a;
    items.push(...a.value);
  }
  return { ok: true, value: summarizeComplaints(items) };
}

function section(
  s: ComplaintsSummary,
  status: ComplaintsSection["status"],
  checkedAt: Date,
  url: string,
  source: string,
): ComplaintsSection {
  return { status, checkedAt: checkedAt.toISOString(), ...s, url, source };
}

function unavailable(url: string, now: Date, reason: SectionReason): ComplaintsSection {
  const source = sourceText(ATTRIBUTION, { ...COMPLAINTS, status: "unavailable", reason });
  return {
    status: "unavailable",
    reason,
    checkedAt: unknownCheckedAt(reason, now),
    count: null,
    crashes: null,
    fires: null,
    injuries: null,
    deaths: null,
    byComponent: [],
    newest: [],
    url,
    source,
  };
}

/** The section when its lookup missed the report's deadline or failed (`reason`: deadline or failed). */
export function complaintsDegradedSection(q: VehicleQuery, reason: SectionReason): ComplaintsSection {
  return unavailable(nhtsaVehiclePageUrl(q), new Date(), reason);
}
