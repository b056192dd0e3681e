/**
 * EPA fuel economy for a decoded VIN: every variant EPA rates for the year/make/model, marked against the
 * VIN's engine, drive, fuel and transmission (epa-match.ts); several that fit are all returned.
 *
 * - Imported vehicles.csv rows (held in memory, store.ts) answer first when they cover the vehicle (the file is
 *   EPA's complete data; no call is needed). A fresh mirror (the weekly fuel-economy sync, younger than
 *   SYNC_FUEL_ECONOMY_MAX_AGE_DAYS) also answers for a vehicle of a year it covers that EPA does not rate.
 * - Online otherwise: fueleconomy.gov's web services, kept per year/make/model for BUYER_DATA_CACHE_MS (memory +
 *   database), behind the "epa-fueleconomy" breaker and bulkhead; a caller with a budget (the VIN report) gets
 *   `pending` past it while the call goes on and fills the store.
 * - fueleconomy.gov down: the last known answer, status `stale`; nothing known: `unavailable`.
 * - Offline (FUEL_ECONOMY_API_BASE_URL=off): imported vehicles.csv rows, else `unavailable`.
 */
import type { AskOptions } from "../sources";
import type { DecodedVehicle } from "../vin";
import { markFits, vinTraits, type VinTraits } from "../vin";
import { fetchEpaVariants, fuelEconomyOnline } from "./epa-client";
import { describeEpa, electrifiedOf, type EpaRecord } from "./epa-record";
import { epaDifferences } from "./epa-match";
import { importedEpaCoverage, importedEpaVariants } from "./store";
import { config } from "../config";
import { vehicleSlugKey, type VehicleQuery } from "../vehicle";
import {
  answersOf,
  freshMirror,
  type FuelEconomySection,
  sectionReason,
  type SectionReason,
  SOURCES,
  sourceText,
  unknownCheckedAt,
} from "../sources";

const ATTRIBUTION = "U.S. EPA fuel economy data (fueleconomy.gov)";
/** How the presenter (lib/sources/present.ts) names this section and its source. */
const FUEL = SOURCES.fuelEconomy.words;
/** Variants listed in a section: every fitting one, and excluded ones up to this many in all. */
const MAX_LISTED = 25;

const answers = () => answersOf<{ records: EpaRecord[] }>(SOURCES.fuelEconomy);

function fuelEconomyPageUrl(q: VehicleQuery): string {
  const qs = new URLSearchParams({
    year1: String(q.year),
    year2: String(q.year),
    make: q.make,
    baseModel: q.model,
    srchtyp: "ymm",
  });
  return `https://www.fueleconomy.gov/feg/PowerSearch.do?action=noform&path=1&${qs}`;
}

export async function fuelEconomyForVehicle(
  q: VehicleQuery,
  vin: { decoded: DecodedVehicle; elements: Record<string, string> } | null,
  opts: Pick<AskOptions, "signal" | "budgetMs" | "budgetSignal"> = {},
): Promise<FuelEconomySection> {
  const url = fuelEconomyPageUrl(q);
  const now = new Date();
  const traits = vin ? vinTraits(vin.decoded, vin.elements) : null;
  const imported = await importedEpaVariants(q).catch(() => null);
  if (imported)
    return section(
      imported.records,
      traits,
      "ok",
      imported.asOf,
      url,
      `${ATTRIBUTION}, imported from EPA's vehicles.csv`,
    );
  const mirror = await freshMirror(SOURCES.fuelEconomy, config().sync.fuelEconomy.maxAgeMs).catch(() => null);
  if (mirror) {
    const { maxYear } = await importedEpaCoverage();
    if (maxYear !== null && q.year <= maxYear)
      return section([], traits, "ok", mirror, url, `${ATTRIBUTION}, local mirror of EPA's vehicles.csv`);
  }
  if (!fuelEconomyOnline()) {
    const known = await answers().known(vehicleSlugKey(q));
    if (known)
      return section(
        known.value.records,
        traits,
        "ok",
        known.checkedAt,
        url,
        `${ATTRIBUTION}, answer stored from fueleconomy.gov`,
      );
    return unavailable(url, now, "offline");
  }
  const answer = await answers().get(
    vehicleSlugKey(q),
    async () => {
      const r = await fetchEpaVariants(q);
      return r.ok ? { ok: true as const, value: { records: r.value } } : r;
    },
    opts,
  );
  if (answer.kind === "fresh")
    return section(
      answer.value.records,
      traits,
      "ok",
      answer.checkedAt,
      url,
      `${ATTRIBUTION}, fueleconomy.gov web services`,
    );
  if (answer.kind === "pending") {
    const reason = answer.reason;
    return {
      ...unavailable(url, now, reason),
      status: "pending",
      source: sourceText(ATTRIBUTION, { ...FUEL, status: "pending", reason }),
    };
  }
  const reason = sectionReason(answer.failure.reason);
  if (answer.kind === "stale") {
    const facts = { ...FUEL, status: "stale", reason, asOf: answer.checkedAt.toISOString() };
    return {
      ...section(answer.value.records, traits, "stale", answer.checkedAt, url, sourceText(ATTRIBUTION, facts)),
      reason,
    };
  }
  return unavailable(url, now, reason);
}

function section(
  records: EpaRecord[],
  traits: VinTraits | null,
  status: FuelEconomySection["status"],
  checkedAt: Date,
  url: string,
  source: string,
): FuelEconomySection {
  const { marked, selection } = markFits(records, (r) => (traits ? epaDifferences(r, traits) : []));
  const fitting = marked.filter((m) => m.fit !== "excluded");
  const listed = [
    ...fitting,
    ...marked.filter((m) => m.fit === "excluded").slice(0, Math.max(0, MAX_LISTED - fitting.length)),
  ];
  return {
    status,
    checkedAt: checkedAt.toISOString(),
    selection,
    variants: listed.map(({ variant: r, fit, differences }) => ({
      epaId: r.id,
      description: describeEpa(r),
      fit,
      differences,
      fuelType: r.fuelType || null,
      electrified: electrifiedOf(r),
      cityMpg: r.city08,
      highwayMpg: r.highway08,
      combinedMpg: r.comb08,
      annualFuelCostUsd: r.fuelCost08,
      evRangeMiles: r.rangeMiles,
      co2GramsPerMile: r.co2,
    })),
    url,
    source: records.length === 0 ? `${source}: EPA lists no rated variant of this year/make/model` : source,
  };
}

function unavailable(url: string, now: Date, reason: SectionReason): FuelEconomySection {
  const source = sourceText(ATTRIBUTION, { ...FUEL, status: "unavailable", reason });
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
export function fuelEconomyDegradedSection(q: VehicleQuery, reason: SectionReason): FuelEconomySection {
  return unavailable(fuelEconomyPageUrl(q), new Date(), reason);
}
