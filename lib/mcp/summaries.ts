/**
 * The short text each tool answers beside its structuredContent, for clients that read text only: the facts
 * a person would quote, in a few lines. Prices always say when they come from the bundled demo deals: an agent
 * quotes the text, not `source`. Unknown is written "unknown", never as zero.
 */
import type { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../sources";
import { BULLETINS_WORDS, type BulletinsSection } from "../bulletins";
import { CANADA_RECALLS_WORDS, OGL_ATTRIBUTION, type CanadaRecallsSection } from "../canada-recalls";
import { FALLBACK_WRITER, type InsightResponse } from "../insights";
import { INVESTIGATIONS_WORDS, type InvestigationsSection } from "../investigations";
import { demoSentence, type MarketOverview, type PricingResponse } from "../pricing";
import type { RecallCampaignResponse, RecallItem, RecallsResponse } from "../recalls";
import type { VehicleReport, VinDecodeResponse, VinPricingSection } from "../report";
import { displayMake } from "../vehicle";
import type { MakesResponse, ModelsResponse, WmiResponse, YearRange } from "../vin";
import { presentSection, statusWords } from "../sources";

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
const sentence = (text: string) => text.replace(/\.$/, "");

/** " These figures come from vinscope's generated demo data set, …" when some of the deals are demo data. */
function demoText(demoDeals: number | null | undefined, deals: number): string {
  const sentence = demoSentence(demoDeals, deals);
  return sentence ? ` ${sentence}` : "";
}

/**
 * The data status beside a deal count that already names the deals: "139 deals (sufficient: 10 or more)". No
 * words for none: "0 deals" says it.
 */
const DATA_STATUS_WORDS = {
  sufficient: " (sufficient: 10 or more)",
  limited: " (limited: 4-9)",
  insufficient: " (insufficient: fewer than 4)",
  none: "",
} as const;

/**
 * A section that is not known (pending or unavailable), in the presenter's words (lib/sources/present.ts): facts
 * only, no reason code and no instruction to the agent.
 */
const unknownLine = (what: string, from: string, s: { status: string; reason?: string | null }) =>
  presentSection({ what, from, status: s.status, reason: s.reason });

/** " (the last known answer, as of …; NHTSA could not be reached)" for a stale section; "" otherwise. */
const staleNote = (from: string, s: { status: string; reason?: string | null; checkedAt: string }) =>
  s.status === "stale" ? ` (${statusWords({ what: "", from, ...s, asOf: s.checkedAt })})` : "";

/** What about_service's text says of the insight writer: a model is named only when one is configured. */
export function insightWriterLine(insights: { model: string | null; enabled: boolean }): string {
  return insights.enabled && insights.model
    ? `Insights: AI-written by ${insights.model}.`
    : "Insights: composed by vinscope from its data by fixed rules, not AI-written (no Anthropic API key is configured).";
}

/** about_service's pricing line: the share of demo deals once, in the sentence every demo figure carries. */
export function pricingProvenanceLine(p: { label: string; deals: number; demoDeals: number }): string {
  const deals = plural(p.deals, "deal");
  return p.demoDeals > 0 ? `Pricing: ${deals}.${demoText(p.demoDeals, p.deals)}` : `Pricing: ${p.label}; ${deals}.`;
}

// --- the VIN report -------------------------------------------------------------------------------------------

export function reportSummary(r: VinDecodeResponse): string {
  const d = r.decoded;
  const specs = [
    d.bodyStyle,
    d.driveType,
    d.fuelType,
    d.engine.cylinders ? `${d.engine.cylinders} cylinders` : null,
    d.engine.displacementLiters ? `${d.engine.displacementLiters} L` : null,
    d.transmission,
  ].filter(Boolean);
  const plant = [d.plant.city, d.plant.state, d.plant.country].filter(Boolean).join(", ");
  const name = [d.year, d.make ? displayMake(d.make) : null, d.model, d.trim].filter(Boolean).join(" ");
  const lines = [`VIN ${r.vin}: ${name || "vehicle"}${specs.length ? ` (${specs.join(", ")})` : ""}.`];
  if (r.coverage === "wmi_only") {
    lines.push(
      "Outside NHTSA's US-market data: only the manufacturer code (WMI) and model-year position were decoded; the model is unknown.",
    );
  }
  if (d.manufacturer || plant)
    lines.push(`Built by ${d.manufacturer ?? "unknown manufacturer"}${plant ? ` in ${plant}` : ""}.`);
  if (!r.vinCheck.checkDigit.valid && r.vinCheck.checkDigitMandatory) {
    lines.push(
      `Check digit does not match: position 9 is ${r.vinCheck.checkDigit.actual}, expected ${r.vinCheck.checkDigit.expected}.`,
    );
  }
  if (r.pricing) lines.push(pricingSectionLine(r.pricing));
  if (r.recalls) lines.push(...recallLines(r.recalls));
  if (r.safetyRatings) lines.push(ratingsLine(r.safetyRatings));
  if (r.complaints) lines.push(complaintsLine(r.complaints));
  if (r.fuelEconomy) lines.push(fuelEconomyLine(r.fuelEconomy));
  if (r.investigations) lines.push(investigationsLine(r.investigations));
  if (r.bulletins) lines.push(bulletinsLine(r.bulletins));
  if (r.canadaRecalls) lines.push(canadaRecallsSectionLine(r.canadaRecalls));
  if (r.insight) lines.push(insightLine(r.insight));
  lines.push(r.citation);
  return lines.join("\n");
}

function pricingSectionLine(p: VinPricingSection): string {
  if (!p.available || p.averageSellingPrice === null)
    return `Pricing: not available${p.reason ? ` (${sentence(p.reason)})` : ""}.`;
  const discount = p.averageDiscountPercent !== null ? `, ${p.averageDiscountPercent}% off MSRP` : "";
  const band = p.priceBand ? `, 10th-90th percentile ${usd(p.priceBand.low)}-${usd(p.priceBand.high)}` : "";
  const status = p.dataStatus ? DATA_STATUS_WORDS[p.dataStatus] : "";
  return `Pricing from ${plural(p.sampleSize ?? 0, "deal")}${status}: average selling price ${usd(p.averageSellingPrice)}${discount}${band}.${demoText(p.demoDeals, p.sampleSize ?? 0)}`;
}

/** The recalls of a report or a vehicle: a count line, then one line per campaign. */
function recallLines(
  rc: Pick<RecallsResponse, "status" | "reason" | "count" | "items" | "checkedAt" | "source">,
): string[] {
  if (rc.status === "pending" || rc.status === "unavailable" || rc.count === null)
    return [unknownLine("recalls", "NHTSA", rc)];
  return [
    `Recalls: ${plural(rc.count, "campaign")}${staleNote("NHTSA", rc)}.`,
    ...rc.items.map((item) => `- ${recallHead(item)}: ${item.component}. ${item.summary}`),
  ];
}

function recallFlags(item: Pick<RecallItem, "parkIt" | "parkOutside" | "overTheAirUpdate">): string {
  const flags = [
    item.parkIt && "DO NOT DRIVE",
    item.parkOutside && "PARK OUTSIDE",
    item.overTheAirUpdate && "over-the-air update",
  ].filter(Boolean);
  return flags.length ? ` [${flags.join(", ")}]` : "";
}

const recallHead = (item: RecallItem) => `${item.campaignNumber}${recallFlags(item)}`;

/**
 * NCAP stars of the variants that fit. `perVin` false: a year/make/model asked without a VIN, where no
 * variant is chosen and every tested one is listed.
 */
export function ratingsLine(s: SafetyRatingsSection, perVin = true): string {
  if (s.status === "pending" || s.status === "unavailable") return unknownLine("NCAP ratings", "NHTSA", s);
  const asOf = (s: SafetyRatingsSection) => staleNote("NHTSA", s);
  const fitting = s.variants.filter((v) => v.fit !== "excluded");
  if (fitting.length === 0)
    return `NCAP ratings: no crash-tested variant${s.variants.length ? " fits this VIN" : ""}${asOf(s)}.`;
  const parts = fitting.map(
    (v) =>
      `${v.description}: ${v.ratings?.overall ? `${v.ratings.overall} stars overall` : "not rated overall"}${perVin && v.fit === "candidate" ? " (candidate)" : ""}`,
  );
  const which = perVin
    ? s.selection === "several"
      ? " (several variants fit; the VIN does not say which)"
      : ""
    : ` of ${plural(fitting.length, "tested variant")}`;
  return `NCAP ratings${which}${asOf(s)}: ${parts.join("; ")}.`;
}

export function complaintsLine(s: ComplaintsSection): string {
  if (s.status === "pending" || s.status === "unavailable" || s.count === null)
    return unknownLine("owner complaints", "NHTSA", s);
  const asOf = (s: ComplaintsSection) => staleNote("NHTSA", s);
  const top = s.byComponent
    .slice(0, 3)
    .map((c) => `${c.component} ${c.count}`)
    .join(", ");
  const harm = s.count
    ? `; crashes ${s.crashes ?? "unknown"}, fires ${s.fires ?? "unknown"}, injuries ${s.injuries ?? "unknown"}, deaths ${s.deaths ?? "unknown"}`
    : "";
  return `Owner complaints to NHTSA: ${s.count}${top ? ` (most: ${top})` : ""}${harm}${asOf(s)}.`;
}

/** "Service bulletins (NHTSA): 4, newest 11021817 (bulletin, 21-NA-123)." or the unknown/stale words. */
export function bulletinsLine(
  s: Pick<BulletinsSection, "status" | "reason" | "checkedAt" | "count" | "newest">,
): string {
  const { what, from } = BULLETINS_WORDS;
  if (s.count === null) return unknownLine(what, from, s);
  const newest = s.newest[0];
  const latest = newest
    ? `, newest NHTSA ${newest.nhtsaId} (${newest.type.replace(/_/g, " ")}${newest.documentId ? `, ${newest.documentId}` : ""})`
    : "";
  return `Service bulletins (${from}): ${s.count}${latest}${staleNote(from, s)}.`;
}

/** "Recalls in Canada (Transport Canada): 2, 1 with no US campaign." or the unknown/stale words, with the licence. */
function canadaRecallsSectionLine(
  s: Pick<CanadaRecallsSection, "status" | "reason" | "checkedAt" | "count" | "newest">,
): string {
  const { what, from } = CANADA_RECALLS_WORDS;
  if (s.count === null) return `${unknownLine(what, from, s)} ${OGL_ATTRIBUTION}`;
  const unmatched = s.newest.filter((r) => r.nhtsaCampaignNumber === null).length;
  const note = unmatched ? `, ${unmatched} of the newest ${s.newest.length} with no US campaign` : "";
  return `Recalls in Canada (${from}): ${s.count}${note}${staleNote(from, s)}. ${OGL_ATTRIBUTION}`;
}

/**
 * "Defect investigations (NHTSA): 2, 1 open; newest PE24013 (preliminary evaluation, STEERING, opened 2024-05-02,
 * open)." or the unknown/stale words. An open investigation is a caution: never worded as a recall.
 */
export function investigationsLine(
  s: Pick<InvestigationsSection, "status" | "reason" | "checkedAt" | "count" | "openCount" | "newest">,
): string {
  const { what, from } = INVESTIGATIONS_WORDS;
  if (s.count === null) return unknownLine(what, from, s);
  const first = s.newest[0];
  const latest = first
    ? `; ${first.open ? "open" : "latest"} ${first.actionNumber} (${first.type.name}, ${first.component}, opened ${first.openedOn}${first.open ? "" : `, closed ${first.closedOn}`}${first.recall ? `, led to recall ${first.recall.campaignNumber}` : ""})`
    : "";
  return `Defect investigations (${from}): ${s.count}, ${s.openCount ?? 0} open${latest}${staleNote(from, s)}.`;
}

export function fuelEconomyLine(s: FuelEconomySection, perVin = true): string {
  if (s.status === "pending" || s.status === "unavailable") return unknownLine("fuel economy", "fueleconomy.gov", s);
  const asOf = (s: FuelEconomySection) => staleNote("fueleconomy.gov", s);
  const fitting = s.variants.filter((v) => v.fit !== "excluded");
  if (fitting.length === 0)
    return `Fuel economy: no EPA-rated variant${s.variants.length ? " fits this VIN" : ""}${asOf(s)}.`;
  const parts = fitting
    .slice(0, 4)
    .map(
      (v) =>
        `${v.description}: ${v.combinedMpg ?? "?"} combined (${v.cityMpg ?? "?"} city / ${v.highwayMpg ?? "?"} highway)` +
        `${v.evRangeMiles ? `, ${v.evRangeMiles} mi electric range` : ""}${v.annualFuelCostUsd ? `, ${usd(v.annualFuelCostUsd)}/year fuel` : ""}`,
    );
  const more = fitting.length > 4 ? ` (and ${fitting.length - 4} more)` : "";
  const which = perVin
    ? s.selection === "several"
      ? " (several variants fit)"
      : ""
    : ` of ${plural(fitting.length, "rated variant")}`;
  return `EPA fuel economy${which}${asOf(s)}: ${parts.join("; ")}${more}.`;
}

function insightLine(insight: { text: string; model: string }): string {
  const writer =
    insight.model === FALLBACK_WRITER
      ? "composed by vinscope from its data, not AI-written"
      : `AI-written by ${insight.model}`;
  return `Insight (${writer}): ${insight.text}`;
}

// --- recalls --------------------------------------------------------------------------------------------------

const vehicleOf = (r: { year: number; make: string; model: string; vin?: string }) =>
  `${r.year} ${displayMake(r.make)} ${r.model}${r.vin ? ` (VIN ${r.vin})` : ""}`;

export function recallsSummary(r: RecallsResponse): string {
  // Pending or unavailable: the count is null (unknown, not zero).
  if (r.status === "pending" || r.status === "unavailable" || r.count === null)
    return `${unknownLine(`recalls of the ${vehicleOf(r)}`, "NHTSA", r)}\n${r.url}`;
  const head =
    r.count === 0
      ? `No recall campaigns for the ${vehicleOf(r)}.`
      : `${plural(r.count ?? 0, "recall campaign")} for the ${vehicleOf(r)}:`;
  const lines = [
    head,
    ...r.items.map(
      (item) =>
        `- ${recallHead(item)}${item.reportReceivedDate ? ` (reported ${item.reportReceivedDate})` : ""}: ${item.component}. ` +
        `${item.summary} Consequence: ${item.consequence} Remedy: ${item.remedy}`,
    ),
  ];
  if (r.status === "stale") lines.push(presentSection({ what: "this list", from: "NHTSA", ...r, asOf: r.checkedAt }));
  lines.push(`Source: ${r.source}. Checked at ${r.checkedAt}. ${r.url}`);
  return lines.join("\n");
}

export function campaignSummary(c: RecallCampaignResponse): string {
  const vehicles = c.vehicles
    .slice(0, 10)
    .map((v) => `${v.year === 9999 ? "year unknown" : v.year} ${displayMake(v.make)} ${v.model}`);
  const more = c.vehicles.length > 10 ? ` and ${c.vehicles.length - 10} more` : "";
  return [
    `Recall ${c.campaignNumber}${recallFlags(c)} by ${c.manufacturer}${c.reportReceivedDate ? `, reported ${c.reportReceivedDate}` : ""}: ${c.component}.`,
    `${c.summary} Consequence: ${c.consequence} Remedy: ${c.remedy}`,
    `Covers ${vehicles.join("; ")}${more}${c.potentiallyAffected !== null ? ` (${plural(c.potentiallyAffected, "unit")} potentially affected)` : ""}.`,
    `Source: ${c.source}.`,
  ].join("\n");
}

// --- pricing --------------------------------------------------------------------------------------------------

export function pricingSummary(p: PricingResponse): string {
  const vehicle = `${p.year} ${p.make} ${p.model}${p.state ? ` in ${p.state}` : ""}`;
  const lines = [
    `Pricing of the ${vehicle}: ${plural(p.sampleSize, "deal")}${DATA_STATUS_WORDS[p.dataStatus]}.${demoText(p.demoDeals, p.sampleSize)}`,
  ];
  if (p.averageSellingPrice !== null) {
    const discount =
      p.averageDiscountPercent !== null && p.averageMsrp !== null
        ? `, ${p.averageDiscountPercent}% off an average MSRP of ${usd(p.averageMsrp)}`
        : "";
    lines.push(`Average selling price ${usd(p.averageSellingPrice)}${discount}.`);
  } else if (p.sampleSize > 0) {
    // The count's status already says "fewer than 4".
    lines.push("Averages and price band are withheld.");
  }
  if (p.priceBand) {
    lines.push(
      `Price band: ${usd(p.priceBand.low)} (10th pct) / ${usd(p.priceBand.typical)} (median) / ${usd(p.priceBand.high)} (90th pct).`,
    );
  }
  if (p.topTrims.length) {
    lines.push(
      `Top trims: ${p.topTrims.map((t) => `${t.trim} (${plural(t.dealCount, "deal")}, avg ${usd(t.avgPrice)}, ${t.avgDiscount}% off)`).join("; ")}.`,
    );
  }
  // Under 4 deals the split and the newest date could point at one purchase: the pages withhold them too.
  if (p.dataStatus !== "insufficient") {
    lines.push(
      `Leases ${p.dealTypeSplit.lease}, cash/finance ${p.dealTypeSplit.cashFinance}. Newest deal ${p.lastUpdated}.`,
    );
  }
  lines.push(`Source: ${p.source}. ${p.url}`);
  return lines.join("\n");
}

export function marketSummary(m: MarketOverview): string {
  const top = m.models
    .slice(0, 5)
    .map((x) => `${x.make} ${x.model} ${x.avgDiscountPercent}% off (avg ${usd(x.avgPrice)}, ${x.dealCount} deals)`);
  const states = m.states.slice(0, 5).map((s) => `${s.state} ${s.dealCount}`);
  return [
    `Market overview of ${plural(m.totalDeals, "deal")}, computed ${m.updated}.${demoText(m.demoDeals, m.totalDeals)}`,
    top.length ? `Largest average discounts: ${top.join("; ")}.` : "No model has enough deals to rank.",
    states.length ? `Most deals: ${states.join(", ")} (${m.states.length} states).` : "",
    `Source: ${m.source}.`,
  ]
    .filter(Boolean)
    .join("\n");
}

// --- buyer data and insight by vehicle ------------------------------------------------------------------------

export const vehicleDataSummary = (vehicle: { year: number; make: string; model: string }, line: string) =>
  `${vehicle.year} ${displayMake(vehicle.make)} ${vehicle.model}. ${line}`;

export function insightSummary(r: InsightResponse): string {
  return `${r.year} ${displayMake(r.make)} ${r.model}. ${insightLine(r.insight)}\nSource: ${r.source}.`;
}

// --- the catalog ----------------------------------------------------------------------------------------------

const LISTED = 60;

const yearsText = (years: readonly YearRange[]) =>
  years.map((y) => (y.from === y.to ? `${y.from}` : `${y.from}-${y.to}`)).join(", ");

export function makesSummary(r: MakesResponse): string {
  const filter = [
    r.year ? `model year ${r.year}` : null,
    r.vehicleTypes.join("/"),
    r.q ? `names containing "${r.q}"` : null,
  ]
    .filter(Boolean)
    .join(", ");
  const shown = r.makes.slice(0, LISTED).map((m) => `${m.name} (${m.slug})`);
  const more = r.count > LISTED ? `; and ${r.count - LISTED} more in the structured answer` : "";
  return `${plural(r.count, "make")} (${filter}), name (slug): ${shown.join(", ")}${more}.\nSource: ${r.source}.`;
}

export function modelsSummary(r: ModelsResponse): string {
  const shown = r.models.slice(0, LISTED).map((m) => `${m.name} (${m.slug}; ${yearsText(m.years)})`);
  const more = r.count > LISTED ? `; and ${r.count - LISTED} more in the structured answer` : "";
  const filter = [r.year ? `model year ${r.year}` : null, r.vehicleTypes.join("/")].filter(Boolean).join(", ");
  return `${r.make.name} (${r.make.slug}): ${plural(r.count, "model")} (${filter}), name (slug; years): ${shown.join(", ") || "none"}${more}.\nSource: ${r.source}.`;
}

export function wmiSummary(w: WmiResponse): string {
  const makes = w.makes.map((m) => `${m.name} (${m.slug})`).join(", ") || "no single make";
  const where = [w.country, w.region].filter(Boolean).join(", ");
  return [
    `WMI ${w.wmi}: ${w.manufacturer ?? "manufacturer not named"}; makes ${makes}${where ? `; issued to ${where}` : ""}.`,
    `${w.vpicVehicleType ? `Vehicle type ${w.vpicVehicleType}` : "Vehicle type not given"}${w.years.length ? `; model years ${yearsText(w.years)}` : ""}.`,
    `Source: ${w.source}.`,
  ].join("\n");
}

// --- a model year, make and model without a VIN ---------------------------------------------------------------

export function vehicleReportSummary(r: VehicleReport): string {
  return [
    `${r.year} ${displayMake(r.make.name)} ${r.model.name} (model years in vPIC: ${yearsText(r.modelYears)}).`,
    pricingSectionLine(r.pricing),
    ...recallLines(r.recalls),
    ratingsLine(r.safetyRatings, false),
    complaintsLine(r.complaints),
    fuelEconomyLine(r.fuelEconomy, false),
    investigationsLine(r.investigations),
    bulletinsLine(r.bulletins),
    canadaRecallsSectionLine(r.canadaRecalls),
    ...(r.insight ? [insightLine(r.insight)] : []),
    r.citation,
  ].join("\n");
}
