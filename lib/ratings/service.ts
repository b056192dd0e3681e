/**
 * NCAP star ratings for a decoded VIN: NHTSA's tested variants of the year/make/model, each marked against the
 * VIN's body and drive (ncap-match.ts), with the ratings of every variant that fits (at most MAX_RATED).
 *
 * - Live answers are kept per year/make/model for BUYER_DATA_CACHE_MS, in memory and in the database
 *   (lib/sources/ask.ts, lib/sources/stored.ts), behind the "nhtsa-ratings" breaker and bulkhead.
 *   NHTSA publishes no bulk file of ratings, so these stored answers are the local copy: a vehicle seen is
 *   asked again once its answer is older than BUYER_DATA_CACHE_MS, by the next report that shows it.
 * - A caller with a budget (the VIN report) gets `pending` past it while the call goes on and fills the store.
 * - NHTSA down: the last known answer, status `stale`; none known: `unavailable` (never "not rated").
 * - Offline (RATINGS_API_BASE_URL=off): NHTSA publishes no bulk file of ratings that this service can fetch, so
 *   only answers stored while online are served (`ok`, with their checkedAt); otherwise `unavailable`.
 */
import type { FetchFailure } from "../outside";
import type { AskOptions } from "../sources";
import type { DecodedVehicle } from "../vin";
import { markFits, vinTraits } from "../vin";
import { fetchNcapRatings, fetchNcapVariants, ratingsOnline } from "./nhtsa-client";
import { nhtsaVehiclePageUrl } from "../vehicle";
import { ncapDifferences } from "./ncap-match";
import type { NcapVariantRow } from "./nhtsa-rows";
import { vehicleSlugKey, type VehicleQuery } from "../vehicle";
import {
  answersOf,
  type NcapRatings,
  type SafetyRatingsSection,
  sectionReason,
  type SectionReason,
  SOURCES,
  sourceText,
  unknownCheckedAt,
} from "../sources";

const ATTRIBUTION = "NHTSA 5-Star Safety Ratings (NCAP)";
/** How the presenter (lib/sources/present.ts) names this section and its source. */
const RATINGS = SOURCES.ratings.words;
/** Variants whose ratings are fetched for one vehicle (NCAP rarely splits a model into more). */
const MAX_RATED = 6;

/** What NHTSA knows of a year/make/model: its tested variants with the ratings fetched for them. */
interface NcapModelAnswer {
  variants: Array<NcapVariantRow & { ratings: NcapRatings | null }>;
}

const answers = () => answersOf<NcapModelAnswer>(SOURCES.ratings);

/** The ratings section of a VIN report; `decoded` and `elements` mark the variants. */
export async function safetyRatingsForVehicle(
  q: VehicleQuery,
  vin: { decoded: DecodedVehicle; elements: Record<string, string> } | null,
  opts: Pick<AskOptions, "signal" | "budgetMs" | "budgetSignal"> = {},
): Promise<SafetyRatingsSection> {
  const url = nhtsaVehiclePageUrl(q);
  const now = new Date();
  const traits = vin ? vinTraits(vin.decoded, vin.elements) : null;
  const key = vehicleSlugKey(q);
  if (!ratingsOnline()) {
    const known = await answers().known(key);
    if (!known) return unavailable(url, now, "offline");
    return section(known.value, traits, "ok", known.checkedAt, url, `${ATTRIBUTION}, answer stored from api.nhtsa.gov`);
  }
  const answer = await answers().get(key, () => loadModel(q, traits), opts);
  if (answer.kind === "fresh")
    return section(answer.value, traits, "ok", answer.checkedAt, url, `${ATTRIBUTION}, api.nhtsa.gov`);
  if (answer.kind === "pending") {
    const reason = answer.reason;
    return {
      ...unavailable(url, now, reason),
      status: "pending",
      source: sourceText(ATTRIBUTION, { ...RATINGS, status: "pending", reason }),
    };
  }
  if (answer.kind === "stale") {
    const reason = sectionReason(answer.failure.reason);
    const facts = { ...RATINGS, status: "stale", reason, asOf: answer.checkedAt.toISOString() };
    return {
      ...section(answer.value, traits, "stale", answer.checkedAt, url, sourceText(ATTRIBUTION, facts)),
      reason,
    };
  }
  return unavailable(url, now, sectionReason(answer.failure.reason));
}

/** Variants of the year/make/model, and the ratings of those that fit the VIN first (all when no VIN given). */
async function loadModel(
  q: VehicleQuery,
  traits: ReturnType<typeof vinTraits> | null,
): Promise<{ ok: true; value: NcapModelAnswer } | FetchFailure> {
  const variants = await fetchNcapVariants(q);
  if (!variants.ok) return variants;
  // Ratings are fetched for every variant up to MAX_RATED, fitting ones first, so the stored answer serves
  // other VINs of the same model (another body or drive) too.
  const ordered = traits
    ? markFits(variants.value, (v) => ncapDifferences(v.description, traits)).marked.map((m) => m.variant)
    : variants.value;
  const rated = ordered.slice(0, MAX_RATED);
  const ratings = await Promise.all(rated.map((v) => fetchNcapRatings(v.vehicleId)));
  const failed = ratings.find((r): r is FetchFailure => !r.ok && r.reason !== "bad_response");
  if (failed) return failed;
  const byId = new Map(
    rated.map((v, i) => [v.vehicleId, ratings[i].ok ? (ratings[i] as { value: NcapRatings }).value : null]),
  );
  return {
    ok: true,
    value: { variants: variants.value.map((v) => ({ ...v, ratings: byId.get(v.vehicleId) ?? null })) },
  };
}

function section(
  answer: NcapModelAnswer,
  traits: ReturnType<typeof vinTraits> | null,
  status: SafetyRatingsSection["status"],
  checkedAt: Date,
  url: string,
  source: string,
): SafetyRatingsSection {
  const { marked, selection } = markFits(answer.variants, (v) =>
    traits ? ncapDifferences(v.description, traits) : [],
  );
  return {
    status,
    checkedAt: checkedAt.toISOString(),
    selection,
    variants: marked.map((m) => ({
      vehicleId: m.variant.vehicleId,
      description: m.variant.description,
      fit: m.fit,
      differences: m.differences,
      ratings: m.variant.ratings,
    })),
    url,
    source:
      answer.variants.length === 0 && status !== "unavailable"
        ? `${source}: NHTSA lists no crash-tested variant of this year/make/model`
        : source,
  };
}

function unavailable(url: string, now: Date, reason: SectionReason): SafetyRatingsSection {
  const source = sourceText(ATTRIBUTION, { ...RATINGS, status: "unavailable", reason });
  return {
    status: "unavailable",
    reason,
    checkedAt: unknownCheckedAt(reason, now),
    selection: null,
    variants: [],
    url,
    source,
  };
}

/** The section when its lookup missed the report's deadline or failed (`reason`: deadline or failed). */
export function ratingsDegradedSection(q: VehicleQuery, reason: SectionReason): SafetyRatingsSection {
  return unavailable(nhtsaVehiclePageUrl(q), new Date(), reason);
}
