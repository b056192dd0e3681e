// The VIN report's sections that come from outside sources, as the page's source notice reads them: what each is
// called, where it comes from, its status, and whether this server is set up to ask that source at all.
import type { SectionState } from "@/components/source-notice";
import type { VinDecodeResponse } from "@/lib/report/vin-report-answers";
import { complaintsOnline } from "@/lib/complaints";
import { fuelEconomyOnline } from "@/lib/fuel-economy";
import { ratingsOnline } from "@/lib/ratings";
import { nhtsaOnline } from "@/lib/recalls";

export function reportSectionStates(report: VinDecodeResponse): SectionState[] {
  const states: SectionState[] = [];
  const add = (
    what: string,
    from: string,
    online: boolean,
    section: { status: string; checkedAt: string } | undefined,
    checkAt?: SectionState["checkAt"],
  ) => {
    if (section) states.push({ what, from, status: section.status, asOf: section.checkedAt, online, checkAt });
  };
  // A VIN without a model has no recall answer to wait for: that is its decode, not an outage.
  if (report.decoded.model !== null) {
    add("open recalls", "NHTSA", nhtsaOnline(), report.recalls, {
      label: "nhtsa.gov/recalls",
      url: nhtsaRecallCheckUrl(report.vin),
    });
  }
  add("crash-test ratings", "NHTSA", ratingsOnline(), report.safetyRatings);
  add("owner complaints", "NHTSA", complaintsOnline(), report.complaints);
  add("fuel economy", "fueleconomy.gov", fuelEconomyOnline(), report.fuelEconomy);
  return states;
}

/** NHTSA's own recall look-up for one VIN. */
function nhtsaRecallCheckUrl(vin: string): string {
  return `https://www.nhtsa.gov/recalls?vin=${encodeURIComponent(vin)}`;
}
