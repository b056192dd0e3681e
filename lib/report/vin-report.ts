/**
 * The VIN report: one function composes it for the API route, the permalink page and the MCP
 * `decode_vin` tool. Decode first (it names the vehicle), then pricing, recalls and the insight concurrently,
 * each under its own deadline: a slow or failing section degrades that section only.
 */
import { notFound } from "../contract/errors";
import type { Vin } from "../vin";
import type { VinDecodeResponse, VinPricingSection, VinRecallsSection, VinReportFlags } from "./vin-report-answers";
import { complaintsDegradedSection, complaintsForVehicle } from "../complaints";
import { fuelEconomyDegradedSection, fuelEconomyForVehicle } from "../fuel-economy";
import { ratingsDegradedSection, safetyRatingsForVehicle } from "../ratings";
import { config, outsideSystemsOff } from "../config";
import { FALLBACK_WRITER, getInsight, type Insight } from "../insights";
import { log } from "../log";
import { getVehiclePricing, vehicleHasDeals } from "../pricing";
import { recallPageUrl, recallsForVehicle } from "../recalls";
import { bulletinsDegradedSection, bulletinsForVehicle, type BulletinsSection } from "../bulletins";
import { investigationsDegradedSection, investigationsForVehicle, type InvestigationsSection } from "../investigations";
import { canadaRecallsDegradedSection, canadaRecallsForVehicle, type CanadaRecallsSection } from "../canada-recalls";
import {
  asksVpic,
  countryOf,
  finishDecode,
  isNorthAmericanVin,
  planDecode,
  regionOf,
  vpicData,
  wmiOnlyDecode,
  type DecodeResult,
  type WmiOnlyResult,
} from "../vin";
import { BoundedMemo, msLeftSince, startDeadline } from "../outside";
import { displayMake, withDisplayMake } from "../vehicle";
import type { VehicleQuery } from "../vehicle";
import { countReportSection } from "../metrics/process-metrics";
import { inSpan, tracingOn } from "../metrics/tracing";
import {
  SOURCES,
  sourceText as sectionSourceText,
  type ComplaintsSection,
  type FuelEconomySection,
  type SafetyRatingsSection,
  type SectionReason,
  type SourceDescriptor,
} from "../sources";

const ALL_SECTIONS: VinReportFlags = {
  pricing: true,
  recalls: true,
  insight: true,
  safetyRatings: true,
  complaints: true,
  fuelEconomy: true,
  investigations: true,
  bulletins: true,
  canadaRecalls: true,
};

export type Decoded = Extract<DecodeResult, { ok: true }>;

/** The canonical page of a VIN. */
function vinPermalink(vin: string): string {
  return `${config().publicBaseUrl}/vin/${vin}`;
}

/**
 * The report of a VIN (validated where it came in: lib/vin/vin-param.ts). Throws ApiError 404 for a
 * VIN NHTSA's data cannot decode; otherwise answers, whatever the outside systems do.
 */
export async function buildVinReport(
  vin: Vin,
  flags: VinReportFlags = ALL_SECTIONS,
  /** When the request arrived, on performance.now()'s clock (lib/http/arrival.ts); default: now. */
  opts: { arrivedAt?: number } = {},
): Promise<VinDecodeResponse> {
  const started = opts.arrivedAt ?? performance.now();
  const result = await decodeForReport(vin, flags);
  const budgetMs = liveBudgetLeft(started);
  const sections =
    "coverage" in result ? wmiOnlySections(flags) : await reportSections(vehicleOf(result), flags, result, budgetMs);
  return assembleVinReport(result, sections, flags);
}

/**
 * One live budget for a whole report (or batch), counted from the request's arrival (`started`): what the request
 * spent queued behind others and what the decode spent waiting on vPIC are not waited again by the sections, so a
 * report waits on outside systems at most REPORT_LIVE_BUDGET_MS after it arrived.
 */
export function liveBudgetLeft(started: number): number {
  return msLeftSince(config().report.liveBudgetMs, started);
}

/** What a report is built from: a vPIC decode, or the WMI-level answer for a VIN outside the US-market data. */
export type ReportDecode = Decoded | WmiOnlyResult;

/** The decode a report starts from; throws the 404 ApiError of a VIN that cannot be decoded. */
async function decodeForReport(vin: Vin, flags: VinReportFlags): Promise<ReportDecode> {
  const [decode] = await decodeWithSources([vin], flags);
  return decodedOrThrow(decode);
}

/**
 * The decodes of a report's (or a batch's) VINs. A decode whose descriptor vPIC has not answered before waits on
 * vPIC for the elements the local data lacks; meanwhile the sections' sources are asked by year/make/model, which
 * the local decode already gives. Asked only after the decode, they would find the report's live budget spent on
 * vPIC's wait and answer `pending`, however fast they are. Nothing here waits on them: the sections, built after
 * the decode, join the calls under way or find their answers stored (NCAP's and EPA's variants are marked then,
 * against the enriched decode).
 */
export async function decodeWithSources(vins: Vin[], flags: VinReportFlags): Promise<DecodeResult[]> {
  const plans = await Promise.all(vins.map((vin) => planDecode(vin)));
  for (const plan of plans) if (asksVpic(plan)) askSourcesEarly(plan.local, flags);
  return Promise.all(plans.map(finishDecode));
}

/**
 * Starts the live calls of a vehicle's sections without waiting for them: each call starts (or joins the one under
 * way, or waits its turn in the bulkhead's backlog) under an ended budget.
 */
function askSourcesEarly(local: Decoded, flags: VinReportFlags): void {
  if (!local.decoded.model) return;
  const vehicle = vehicleOf(local);
  const marks = { decoded: local.decoded, elements: local.elements };
  const ask = { budgetMs: 0, budgetSignal: AbortSignal.abort() };
  const asked = (source: SourceDescriptor) => source.inReport && source.online();
  const early = [
    flags.recalls && asked(SOURCES.recalls) ? recallsForVehicle(vehicle, ask) : null,
    flags.safetyRatings && asked(SOURCES.ratings) ? safetyRatingsForVehicle(vehicle, marks, ask) : null,
    flags.complaints && asked(SOURCES.complaints) ? complaintsForVehicle(vehicle, ask) : null,
    flags.fuelEconomy && asked(SOURCES.fuelEconomy) ? fuelEconomyForVehicle(vehicle, marks, ask) : null,
  ];
  for (const call of early)
    call?.catch((error) => log().warn({ err: error }, "vin report: a section's early call failed"));
}

/**
 * A decode result as a report's starting point: the decode when it names a model; else the WMI-level answer
 * (lib/vin/wmi-only.ts) when the WMI names a manufacturer; else the 404 ApiError of a VIN that cannot be decoded.
 */
export function decodedOrThrow(result: DecodeResult): ReportDecode {
  if (result.ok && result.decoded.model) return result;
  const wmiOnly = wmiOnlyDecode(vpicData(), result);
  if (wmiOnly) return wmiOnly;
  if (!result.ok) {
    throw notFound(`VIN ${result.vin} cannot be decoded: ${result.errorText}`, {
      reason: result.reason === "unknown_wmi" ? "unknown_manufacturer" : "undecodable_vin",
      errorCodes: result.errorCodes,
    });
  }
  throw notFound(`VIN ${result.vin} cannot be decoded: no vPIC pattern names its model.`, {
    reason: "undecodable_vin",
    errorCodes: result.errorCodes,
  });
}

/** Sections of a VIN outside the US-market data: there is no year/make/model to key them on. */
export function wmiOnlySections(flags: VinReportFlags): ReportSections {
  return {
    pricing: flags.pricing
      ? unavailablePricing(
          "No pricing: this VIN is outside the US-market data, so no model is known to price.",
          null,
          null,
        )
      : undefined,
    insight: undefined,
  };
}

/** The year/make/model every section is keyed by. */
export function vehicleOf(result: Decoded): VehicleQuery {
  return { year: Number(result.decoded.year), make: result.decoded.make, model: result.decoded.model };
}

export interface ReportSections {
  pricing?: VinPricingSection;
  recalls?: VinRecallsSection;
  insight?: VinDecodeResponse["insight"];
  safetyRatings?: SafetyRatingsSection;
  complaints?: ComplaintsSection;
  fuelEconomy?: FuelEconomySection;
  investigations?: InvestigationsSection;
  bulletins?: BulletinsSection;
  canadaRecalls?: CanadaRecallsSection;
}

/**
 * The sections the flags ask for, concurrently, each under its own deadline. Pricing, recalls, insight and
 * complaints depend on the vehicle only; NCAP ratings and EPA fuel economy also mark their variants against
 * the VIN's own decode (`vin`), and are left out without it.
 */
export async function reportSections(
  vehicle: VehicleQuery,
  flags: VinReportFlags,
  vin?: Decoded,
  budgetMs = config().report.liveBudgetMs,
): Promise<ReportSections> {
  const key = `${vehicle.year}|${vehicle.make}|${vehicle.model}`;
  const marks = vin ? { decoded: vin.decoded, elements: vin.elements } : null;
  // The report's one budget, as one timer shared by every section: they all stop waiting on their sources in the
  // same turn of the event loop. A timer per section would end a few milliseconds apart, and the answers of the
  // calls the request started (due just after the budget when a source answers at about its length) would be
  // handled in between. Past it each source answers from what is stored (lib/sources/ask.ts).
  const budget = startDeadline(budgetMs);
  const live = { budgetMs, budgetSignal: budget.signal };
  // With no AI key the insight is written from the facts, and this report's own sections are those facts: it is
  // written once they are in, instead of looking every source up a second time.
  const insightFromFacts =
    flags.insight &&
    !config().insights.apiKey &&
    flags.recalls &&
    flags.safetyRatings &&
    flags.complaints &&
    flags.fuelEconomy &&
    marks !== null;
  const [
    pricing,
    recalls,
    insightAlongside,
    safetyRatings,
    complaints,
    fuelEconomy,
    investigations,
    bulletins,
    canadaRecalls,
  ] = await Promise.all([
    flags.pricing
      ? traced("pricing", () => pricingMemo().get(key, () => pricingSection(vehicle), pricingMemoMs))
      : undefined,
    section(
      "recalls",
      flags.recalls,
      () => recallsForVehicle(vehicle, live),
      (r) => unavailableRecalls(vehicle, r),
    ),
    flags.insight && !insightFromFacts
      ? traced("insight", () => insightSection(vehicle, budgetMs, budget.signal))
      : undefined,
    section(
      "safetyRatings",
      flags.safetyRatings && marks !== null,
      () => safetyRatingsForVehicle(vehicle, marks, live),
      (r) => ratingsDegradedSection(vehicle, r),
    ),
    section(
      "complaints",
      flags.complaints,
      () => complaintsForVehicle(vehicle, live),
      (r) => complaintsDegradedSection(vehicle, r),
    ),
    section(
      "fuelEconomy",
      flags.fuelEconomy && marks !== null,
      () => fuelEconomyForVehicle(vehicle, marks, live),
      (r) => fuelEconomyDegradedSection(vehicle, r),
    ),
    // File mirrors: answered from this server's copy, never asked live.
    section(
      "investigations",
      flags.investigations,
      () => investigationsForVehicle(vehicle),
      (r) => investigationsDegradedSection(vehicle, r),
    ),
    section(
      "bulletins",
      flags.bulletins,
      () => bulletinsForVehicle(vehicle),
      (r) => bulletinsDegradedSection(vehicle, r),
    ),
    section(
      "canadaRecalls",
      flags.canadaRecalls,
      () => canadaRecallsForVehicle(vehicle),
      (r) => canadaRecallsDegradedSection(vehicle, r),
    ),
  ]).finally(budget.clear);
  const insight =
    insightFromFacts && recalls && safetyRatings && complaints && fuelEconomy
      ? await insightFromSections(vehicle, { recalls, safetyRatings, complaints, fuelEconomy })
      : insightAlongside;
  const sections = {
    pricing,
    recalls,
    insight,
    safetyRatings,
    complaints,
    fuelEconomy,
    investigations,
    bulletins,
    canadaRecalls,
  };
  // A warm-up request (every outside system off) is no visitor's report: not counted.
  if (!outsideSystemsOff()) countSections(sections, flags);
  return sections;
}

/** A section's status as the metrics and spans name it: its own status, or for pricing and the insight, a word for what it holds. */
function sectionStatus(section: string, value: unknown): string {
  if (value === null || value === undefined) return "unavailable";
  if (section === "pricing") {
    const p = value as VinPricingSection;
    return p.available ? "ok" : (p.dataStatus ?? "unavailable");
  }
  if (section === "insight") return (value as { model: string }).model === FALLBACK_WRITER ? "facts" : "ok";
  return (value as { status: string }).status;
}

/** Counts the sections the report asked for (lib/metrics), by section and status. */
function countSections(sections: ReportSections, flags: VinReportFlags): void {
  for (const [section, value] of Object.entries(sections)) {
    if (value === undefined && !(section === "insight" && flags.insight)) continue;
    countReportSection(section, sectionStatus(section, value));
  }
}

/** A section's work as a span of its own when tracing is on, with the status it answered (lib/metrics/tracing.ts). */
function traced<T>(section: string, work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  return inSpan(`report.section ${section}`, { "vinscope.section": section }, work, (value) => ({
    "vinscope.section.status": sectionStatus(section, value),
  }));
}

/**
 * The insight written from the report's own sections (no AI key). It is kept for the vehicle only when none of
 * them is pending or degraded by an outage, as the report itself is cached long only then.
 */
async function insightFromSections(
  vehicle: VehicleQuery,
  s: Required<Pick<ReportSections, "recalls" | "safetyRatings" | "complaints" | "fuelEconomy">>,
): Promise<VinDecodeResponse["insight"]> {
  // A warm-up request's text (written with every source off) is not kept either.
  const settled = !factSectionInOutage(s) && !outsideSystemsOff();
  return insightOrNull(() =>
    getInsight(vehicle, {
      answersInHand: {
        answers: { recalls: s.recalls, complaints: s.complaints, ratings: s.safetyRatings, fuel: s.fuelEconomy },
        settled,
      },
    }),
  );
}

/** The insight section from `work`; null (logged) when it fails, so the report answers without it. */
async function insightOrNull(work: () => Promise<Insight | null>): Promise<VinDecodeResponse["insight"]> {
  try {
    const insight = await work();
    return insight ? { text: insight.text, model: insight.model, generatedAt: insight.generatedAt } : null;
  } catch (error) {
    log().warn({ section: "insight", err: error }, "vin report: insight degraded");
    return null;
  }
}

/**
 * A section whose lookup failed inside this service (a database fault, a bug) says it is unknown, and the report
 * answers without it. Its waiting on the source is bounded by the report's budget (lib/sources/ask.ts); a read of
 * this server's own data that hangs is bounded by the request's deadline.
 */
export async function buyerSection<T>(
  label: string,
  work: () => Promise<T>,
  degraded: (reason: SectionReason) => T,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    log().warn({ section: label, err: error }, "vin report: section degraded");
    return degraded("failed");
  }
}

/** A source's section of the report when the flags ask for it: traced, and unknown (not an error) when it fails. */
function section<T>(
  label: string,
  asked: boolean,
  work: () => Promise<T>,
  degraded: (reason: SectionReason) => T,
): Promise<T> | undefined {
  return asked ? traced(label, () => buyerSection(label, work, degraded)) : undefined;
}

export function assembleVinReport(
  result: ReportDecode,
  sections: ReportSections,
  flags: VinReportFlags,
): VinDecodeResponse {
  const {
    pricing,
    recalls,
    insight,
    safetyRatings,
    complaints,
    fuelEconomy,
    investigations,
    bulletins,
    canadaRecalls,
  } = sections;
  const vin = result.vin;
  const permalink = vinPermalink(vin);
  const d = result.decoded;
  const name =
    [d.year, d.make ? displayMake(d.make) : null, d.model].filter(Boolean).join(" ") ||
    (d.manufacturer ?? "VehicleQuery");
  return {
    source: sourceText(result, sections),
    vin,
    permalink,
    // The make in its one casing across answers; NHTSA's upper-case spelling stays in `elements.Make`.
    decoded: withDisplayMake(d),
    coverage: "coverage" in result ? "wmi_only" : "vpic",
    origin: { region: regionOf(vin), country: countryOf(vin) },
    ...(pricing ? { pricing } : {}),
    ...(recalls ? { recalls } : {}),
    ...(flags.insight ? { insight: insight ?? null } : {}),
    ...(safetyRatings ? { safetyRatings } : {}),
    ...(complaints ? { complaints } : {}),
    ...(fuelEconomy ? { fuelEconomy } : {}),
    ...(investigations ? { investigations } : {}),
    ...(bulletins ? { bulletins } : {}),
    ...(canadaRecalls ? { canadaRecalls } : {}),
    citation:
      "coverage" in result
        ? `vinscope, "${name}" (VIN ${vin}), manufacturer code (WMI) and model-year position only: outside NHTSA's US-market vPIC data (${result.vpicDataDate}). ${permalink}`
        : `vinscope, "${name}" (VIN ${vin}), decoded from NHTSA vPIC data of ${result.vpicDataDate}. ${permalink}`,
    vinCheck: {
      checkDigit: result.checkDigit,
      errorCodes: result.errorCodes,
      errorText: result.errorText,
      descriptor: result.descriptor,
      vpicDataDate: result.vpicDataDate,
      checkDigitMandatory: isNorthAmericanVin(vin),
    },
    elements: result.elements,
  };
}

/**
 * Whether any section of the report is degraded: a section pending, stale, or unknown while its source is meant
 * to be asked (an outage); the insight written from the facts while an AI key is configured (the model failed);
 * pricing temporarily unavailable. Such a report must not be cached as long as a healthy one. Sections the
 * operator switched off (a source `off`: the imported data's settled answer) and the facts-written insight of a
 * service with no AI key are the configured answers, not degradations.
 */
export function reportIsDegraded(report: VinDecodeResponse): boolean {
  if (factSectionInOutage(report)) return true;
  if (outage(report.investigations, SOURCES.investigations.online())) return true;
  if (outage(report.bulletins, SOURCES.bulletins.online())) return true;
  if (outage(report.canadaRecalls, SOURCES.canadaRecalls.online())) return true;
  if (report.insight && report.insight.model === FALLBACK_WRITER && config().insights.apiKey) return true;
  if (report.pricing && !report.pricing.available && report.pricing.dataStatus === null) return true;
  return false;
}

/** Whether a section of an outside source (recalls, ratings, complaints, fuel economy) is degraded by an outage. */
function factSectionInOutage(
  s: Pick<ReportSections, "recalls" | "safetyRatings" | "complaints" | "fuelEconomy">,
): boolean {
  return (
    outage(s.recalls, SOURCES.recalls.online()) ||
    outage(s.safetyRatings, SOURCES.ratings.online()) ||
    outage(s.complaints, SOURCES.complaints.online()) ||
    outage(s.fuelEconomy, SOURCES.fuelEconomy.online())
  );
}

/** Pending, stale, or unknown while the source is meant to be asked; offline, "unavailable" is settled. */
function outage(s: { status: string } | undefined, online: boolean): boolean {
  return s !== undefined && (s.status === "pending" || s.status === "stale" || (s.status === "unavailable" && online));
}

/** At most this many vehicles' pricing sections per process (a few KB each), and at most this many bytes. */
const MEMO_MAX_VEHICLES = 5000;
const MEMO_MAX_BYTES = 16 * 1024 * 1024;

const globalForMemos = globalThis as unknown as { __vinscopePricingMemo?: BoundedMemo<VinPricingSection> };

/**
 * The pricing section of a year/make/model, shared by the thousands of VINs of a vehicle for REPORT_SECTION_MEMO_MS
 * with one computation per vehicle at a time. It is this server's own figures from its deals, not an outside
 * source's answer: those are held once, by lib/sources. A warm-up request (every outside system off) gets a memo of
 * its own, used once.
 */
function pricingMemo(): BoundedMemo<VinPricingSection> {
  if (outsideSystemsOff()) return new BoundedMemo<VinPricingSection>({ max: 1, maxBytes: MEMO_MAX_BYTES });
  return (globalForMemos.__vinscopePricingMemo ??= new BoundedMemo<VinPricingSection>({
    max: MEMO_MAX_VEHICLES,
    maxBytes: MEMO_MAX_BYTES,
  }));
}

/** A healthy pricing section is kept; a failed read of the deals is not. */
const pricingMemoMs = (p: VinPricingSection) => (p.dataStatus !== null ? config().report.sectionMemoMs : 0);

function sourceText(result: ReportDecode, sections: ReportSections): string {
  const pricing = sections.pricing;
  const parts = [
    `vinscope (${config().publicBaseUrl}): vehicle data decoded from NHTSA's vPIC database (${result.vpicDataDate})`,
    "recalls from NHTSA",
  ];
  if (pricing?.source) parts.push(`pricing: ${pricing.source}`);
  if (sections.safetyRatings || sections.complaints) parts.push("safety ratings and owner complaints from NHTSA");
  if (sections.fuelEconomy) parts.push("fuel economy from the U.S. EPA (fueleconomy.gov)");
  return parts.join("; ");
}

async function pricingSection(vehicle: VehicleQuery): Promise<VinPricingSection> {
  try {
    // Most vehicles have no deals; the in-memory index says so without a query.
    const answer = (await vehicleHasDeals(vehicle)) ? await getVehiclePricing(vehicle) : null;
    if (!answer?.found) {
      return unavailablePricing(
        `No deals for the ${vehicle.year} ${displayMake(vehicle.make)} ${vehicle.model} yet.`,
        0,
        "none",
      );
    }
    const p = answer.pricing;
    if (p.dataStatus === "insufficient") {
      return {
        ...unavailablePricing(
          `Only ${p.sampleSize} deal${p.sampleSize === 1 ? "" : "s"}: figures are published from 4 deals on.`,
          p.sampleSize,
          p.dataStatus,
        ),
        demoDeals: p.demoDeals,
        url: p.url,
        citation: p.citation,
        source: p.source,
      };
    }
    return {
      available: true,
      reason: null,
      sampleSize: p.sampleSize,
      demoDeals: p.demoDeals,
      dataStatus: p.dataStatus,
      averageSellingPrice: p.averageSellingPrice,
      averageDiscountPercent: p.averageDiscountPercent,
      priceBand: p.priceBand,
      url: p.url,
      citation: p.citation,
      source: p.source,
    };
  } catch (error) {
    log().warn({ section: "pricing", err: error }, "vin report: pricing degraded");
    return unavailablePricing("Pricing is temporarily unavailable: the deal data could not be read.", null, null);
  }
}

function unavailablePricing(
  reason: string,
  sampleSize: number | null,
  dataStatus: VinPricingSection["dataStatus"],
): VinPricingSection {
  return {
    available: false,
    reason,
    sampleSize,
    // No deals: none of them demo; a failed lookup or a VIN without a model: not known.
    demoDeals: sampleSize === 0 ? 0 : null,
    dataStatus,
    averageSellingPrice: null,
    averageDiscountPercent: null,
    priceBand: null,
    url: null,
    citation: null,
    source: null,
  };
}

/** The recalls section when its lookup failed inside this service. */
function unavailableRecalls(vehicle: VehicleQuery, reason: SectionReason): VinRecallsSection {
  return {
    count: null,
    items: [],
    url: recallPageUrl(vehicle),
    status: "unavailable",
    reason,
    checkedAt: new Date().toISOString(),
    source: sectionSourceText("NHTSA recall data", { ...SOURCES.recalls.words, status: "unavailable", reason }),
  };
}

/**
 * The insight waits within the report's one budget too: past it lib/insights answers with the text written from
 * the facts while the model's call (bounded by INSIGHT_TIMEOUT_MS, its client's own deadline) finishes and fills the
 * cache for the next report. Without an AI key the text is written from the facts, which the sources give within
 * the same budget.
 */
async function insightSection(
  vehicle: VehicleQuery,
  budgetMs: number,
  budget: AbortSignal,
): Promise<VinDecodeResponse["insight"]> {
  return insightOrNull(() => getInsight(vehicle, { deadlineMs: budgetMs, signal: budget }));
}
