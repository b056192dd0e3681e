// The sections of a page that come from outside sources, as its source notice reads them: what each is called,
// where it comes from, its status and reason, and whether this server is set up to ask that source at all. The VIN
// page, the model year's page and the recall check page use it.
import { SOURCES, type NoticeSection } from "@/lib/sources";
import type { VinDecodeResponse } from "@/lib/report";
import { complaintsOnline } from "@/lib/complaints";
import { fuelEconomyOnline } from "@/lib/fuel-economy";
import { ratingsOnline } from "@/lib/ratings";
import { nhtsaOnline } from "@/lib/recalls";

type Section = { status: string; reason?: string; checkedAt: string } | undefined;

/**
 * The sections of a page that come from outside sources (a VIN report, a model year's report, a recall check),
 * as its one source notice reads them. `recallsCheckAt`: where to check recalls meanwhile; `recalls` is left out
 * when there is no recall answer to wait for.
 */
export function sourceSections(
  s: {
    recalls?: Section;
    safetyRatings?: Section;
    complaints?: Section;
    fuelEconomy?: Section;
    investigations?: Section;
    bulletins?: Section;
    canadaRecalls?: Section;
  },
  recallsCheckAt: NoticeSection["checkAt"],
): NoticeSection[] {
  const states: NoticeSection[] = [];
  const add = (what: string, from: string, online: boolean, section: Section, checkAt?: NoticeSection["checkAt"]) => {
    if (section)
      states.push({
        what,
        from,
        status: section.status,
        reason: section.reason,
        asOf: section.checkedAt,
        online,
        checkAt,
      });
  };
  add("open recalls", "NHTSA", nhtsaOnline(), s.recalls, recallsCheckAt);
  add("crash-test ratings", "NHTSA", ratingsOnline(), s.safetyRatings);
  add("owner complaints", "NHTSA", complaintsOnline(), s.complaints);
  add("fuel economy", "fueleconomy.gov", fuelEconomyOnline(), s.fuelEconomy);
  for (const id of ["investigations", "bulletins", "canadaRecalls"] as const)
    add(SOURCES[id].words.what, SOURCES[id].words.from, SOURCES[id].online(), s[id]);
  return states;
}

/** Where a person checks recalls at NHTSA meanwhile: by VIN, or the search page. */
export const NHTSA_RECALL_CHECK = { label: "nhtsa.gov/recalls", url: "https://www.nhtsa.gov/recalls" };

export function reportSectionStates(report: VinDecodeResponse): NoticeSection[] {
  // A VIN without a model has no recall answer to wait for: that is its decode, not an outage.
  const recalls = report.decoded.model !== null ? report.recalls : undefined;
  return sourceSections(
    { ...report, recalls },
    { label: NHTSA_RECALL_CHECK.label, url: nhtsaRecallCheckUrl(report.vin) },
  );
}

/** NHTSA's own recall look-up for one VIN. */
function nhtsaRecallCheckUrl(vin: string): string {
  return `https://www.nhtsa.gov/recalls?vin=${encodeURIComponent(vin)}`;
}
