/**
 * The facts an insight may use: only what vinscope itself holds for a year/make/model. Each source is one
 * function in FACT_SOURCES; a source that fails, times out or has nothing leaves its facts out (the paragraph
 * is written from what remains), so adding or removing a source is a one-line change here.
 *
 *   vPIC       body styles, engines, fuel types and electrification named in the vPIC patterns (vpic-variants.ts)
 *   pricing    aggregates of verified buyer deals with the sample size (lib/pricing); demo deals are never used
 *   recalls    NHTSA recall campaign count, park-it / park-outside / over-the-air counts, components (lib/recalls)
 *   complaints NHTSA owner complaint count and the components most named (lib/complaints)
 *   ratings    NCAP overall stars of the variants NHTSA tested (lib/ratings)
 *   fuel       EPA combined MPG range and electric range over the rated variants (lib/fuel-economy)
 * Only answers with status ok or stale are facts: "unavailable" is unknown, never zero.
 */
import { displayMake } from "../vehicle";
import { log } from "../log";
import { startDeadline, untilAborted } from "../outside";
import { getVehiclePricing, isDemoText, vehicleHasDeals } from "../pricing";
import { recallsForVehicle, type VehicleRecalls } from "../recalls";
import { complaintsForVehicle } from "../complaints";
import { safetyRatingsForVehicle } from "../ratings";
import { fuelEconomyForVehicle } from "../fuel-economy";
import type { VpicVariants } from "./vpic-variants";
import type { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../sources";

interface PricingFacts {
  sampleSize: number;
  dataStatus: "sufficient" | "limited" | "insufficient" | "none";
  averageMsrp: number | null;
  averageSellingPrice: number | null;
  averageDiscountPercent: number | null;
  priceBand: { low: number; typical: number; high: number } | null;
}

interface RecallFacts {
  count: number;
  parkIt: number;
  parkOutside: number;
  overTheAirUpdate: number;
  /** Most frequent components first, at most three. */
  components: string[];
}

interface ComplaintFacts {
  count: number;
  /** Most frequent components first, at most three. */
  components: string[];
}

interface RatingFacts {
  /** Variants NHTSA crash-tested (body/drive) and the distinct overall stars they got, lowest first. */
  tested: number;
  overallStars: number[];
}

interface FuelFacts {
  variants: number;
  combinedMpgLow: number;
  combinedMpgHigh: number;
  electricRangeMiles: number | null;
}

export interface VehicleFacts {
  year: number;
  /** Display names ("Toyota", "Camry"). */
  make: string;
  model: string;
  variants: Pick<VpicVariants, "bodyStyles" | "fuelTypes" | "engines" | "electrification">;
  pricing: PricingFacts | null;
  /** True when the only deals held are demo data (left out of `pricing`), so the text can say why pricing is absent. */
  pricingDemoOnly?: boolean;
  recalls: RecallFacts | null;
  complaints?: ComplaintFacts | null;
  ratings?: RatingFacts | null;
  fuel?: FuelFacts | null;
}

export interface FactsInput {
  year: number;
  make: string;
  model: string;
  variants: VpicVariants;
}

type FactSource = (input: FactsInput, facts: VehicleFacts, signal: AbortSignal) => Promise<void>;

const FACT_SOURCES: Record<string, FactSource> = {
  pricing: addPricingFacts,
  recalls: addRecallFacts,
  complaints: addComplaintFacts,
  ratings: addRatingFacts,
  fuel: addFuelFacts,
};

/** Every source runs in parallel within `budgetMs`; what has not answered by then is left out. */
export async function gatherFacts(input: FactsInput, opts: { budgetMs?: number } = {}): Promise<VehicleFacts> {
  const facts = baseFacts(input);
  const deadline = startDeadline(opts.budgetMs ?? 5000);
  const signal = deadline.signal;
  // Each source writes into a draft and only a completed draft is copied over, so a late answer cannot
  // change facts after the paragraph was written.
  const drafts = Object.entries(FACT_SOURCES).map(async ([name, source]) => {
    const draft: VehicleFacts = { ...facts };
    try {
      await source(input, draft, signal);
      if (!signal.aborted) Object.assign(facts, pick(draft, name));
    } catch (error) {
      logSourceFailure(name, error);
    }
  });
  await untilAborted(Promise.all(drafts), signal, () => undefined);
  // Cleared, not aborted: a source still running after this point has its answer ignored (facts are copied now).
  deadline.clear();
  return structuredClone(facts);
}

/** The answers a VIN report already holds for the vehicle's sections (lib/report/vin-report.ts). */
export interface SectionAnswers {
  recalls: Pick<VehicleRecalls, "status" | "count" | "items">;
  complaints: ComplaintsSection;
  ratings: SafetyRatingsSection;
  fuel: FuelEconomySection;
}

/**
 * The facts from answers already in hand: the report's own sections, so an insight written from the facts asks
 * no source a second time. Pricing is read as gatherFacts reads it (from memory). A section still `pending` or
 * `unavailable` gives no facts, as a source that has not answered gives none there.
 */
export async function factsFromAnswers(input: FactsInput, answers: SectionAnswers): Promise<VehicleFacts> {
  const facts = baseFacts(input);
  try {
    await addPricingFacts(input, facts);
  } catch (error) {
    logSourceFailure("pricing", error);
  }
  facts.recalls = recallFactsOf(answers.recalls);
  facts.complaints = complaintFactsOf(answers.complaints);
  facts.ratings = ratingFactsOf(answers.ratings);
  facts.fuel = fuelFactsOf(answers.fuel);
  return facts;
}

function baseFacts(input: FactsInput): VehicleFacts {
  return {
    year: input.year,
    make: displayMake(input.variants.make),
    model: input.variants.model,
    variants: {
      bodyStyles: input.variants.bodyStyles,
      fuelTypes: input.variants.fuelTypes,
      engines: input.variants.engines,
      electrification: input.variants.electrification,
    },
    pricing: null,
    recalls: null,
  };
}

function logSourceFailure(name: string, error: unknown): void {
  log().warn(
    { source: name, err: error instanceof Error ? error.message : String(error) },
    "insight facts source failed",
  );
}

function pick(draft: VehicleFacts, name: string): Partial<VehicleFacts> {
  if (name === "pricing") return { pricing: draft.pricing, pricingDemoOnly: draft.pricingDemoOnly, make: draft.make };
  if (name === "recalls") return { recalls: draft.recalls };
  if (name === "complaints") return { complaints: draft.complaints ?? null };
  if (name === "ratings") return { ratings: draft.ratings ?? null };
  if (name === "fuel") return { fuel: draft.fuel ?? null };
  return {};
}

async function addPricingFacts(input: FactsInput, facts: VehicleFacts): Promise<void> {
  const vehicle = { make: input.variants.make, model: input.variants.model, year: input.year };
  // Most vehicles have no deals: the in-memory index says so without a query.
  const result = (await vehicleHasDeals(vehicle)) ? await getVehiclePricing(vehicle) : { found: false as const };
  if (!result.found) {
    facts.pricing = {
      sampleSize: 0,
      dataStatus: "none",
      averageMsrp: null,
      averageSellingPrice: null,
      averageDiscountPercent: null,
      priceBand: null,
    };
    return;
  }
  const p = result.pricing;
  // An insight is cached for 30 days and read as a statement about real vehicles: generated demo deals
  // must never become one of its facts.
  if (isDemoText(p.source)) {
    facts.pricingDemoOnly = true;
    return;
  }
  facts.make = p.make;
  facts.pricing = {
    sampleSize: p.sampleSize,
    dataStatus: p.dataStatus,
    averageMsrp: p.averageMsrp,
    averageSellingPrice: p.averageSellingPrice,
    averageDiscountPercent: p.averageDiscountPercent,
    priceBand: p.priceBand,
  };
}

async function addRecallFacts(input: FactsInput, facts: VehicleFacts, signal: AbortSignal): Promise<void> {
  const recalls = await recallsForVehicle(
    { year: input.year, make: input.variants.make, model: input.variants.model },
    { signal },
  );
  facts.recalls = recallFactsOf(recalls);
}

function recallFactsOf(recalls: SectionAnswers["recalls"]): RecallFacts | null {
  // "unavailable" (or "pending") means recalls are unknown, which is not the same as none.
  if (recalls.status === "unavailable" || recalls.status === "pending" || recalls.count === null) return null;
  const byComponent = new Map<string, number>();
  for (const item of recalls.items) {
    const component = componentLabel(item.component);
    if (component) byComponent.set(component, (byComponent.get(component) ?? 0) + 1);
  }
  return {
    count: recalls.items.length,
    parkIt: recalls.items.filter((i) => i.parkIt).length,
    parkOutside: recalls.items.filter((i) => i.parkOutside).length,
    overTheAirUpdate: recalls.items.filter((i) => i.overTheAirUpdate).length,
    components: [...byComponent.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([c]) => c),
  };
}

const vehicleOf = (input: FactsInput) => ({ year: input.year, make: input.variants.make, model: input.variants.model });

async function addComplaintFacts(input: FactsInput, facts: VehicleFacts, signal: AbortSignal): Promise<void> {
  facts.complaints = complaintFactsOf(await complaintsForVehicle(vehicleOf(input), { signal }));
}

function complaintFactsOf(c: ComplaintsSection): ComplaintFacts | null {
  if (c.status === "unavailable" || c.count === null) return null;
  return {
    count: c.count,
    components: c.byComponent
      .map((b) => componentLabel(b.component))
      .filter((x): x is string => x !== null)
      .slice(0, 3),
  };
}

async function addRatingFacts(input: FactsInput, facts: VehicleFacts, signal: AbortSignal): Promise<void> {
  facts.ratings = ratingFactsOf(await safetyRatingsForVehicle(vehicleOf(input), null, { signal }));
}

function ratingFactsOf(r: SafetyRatingsSection): RatingFacts | null {
  if (r.status === "unavailable" || r.variants.length === 0) return null;
  const stars = [
    ...new Set(r.variants.map((v) => v.ratings?.overall).filter((s): s is number => typeof s === "number")),
  ].sort();
  return { tested: r.variants.length, overallStars: stars };
}

async function addFuelFacts(input: FactsInput, facts: VehicleFacts, signal: AbortSignal): Promise<void> {
  facts.fuel = fuelFactsOf(await fuelEconomyForVehicle(vehicleOf(input), null, { signal }));
}

function fuelFactsOf(f: FuelEconomySection): FuelFacts | null {
  const mpg = f.variants.map((v) => v.combinedMpg).filter((m): m is number => m !== null);
  if (f.status === "unavailable" || mpg.length === 0) return null;
  const ranges = f.variants.map((v) => v.evRangeMiles).filter((m): m is number => m !== null);
  return {
    variants: f.variants.length,
    combinedMpgLow: Math.min(...mpg),
    combinedMpgHigh: Math.max(...mpg),
    electricRangeMiles: ranges.length ? Math.max(...ranges) : null,
  };
}

/**
 * "AIR BAGS:FRONTAL:DRIVER SIDE INFLATOR MODULE" → "air bags". Only the top-level component, letters and a
 * few separators: the text goes into a prompt, and data must not be able to smuggle instructions in.
 */
export function componentLabel(component: string): string | null {
  const top = component
    .split(/[:;]/)[0]
    .toLowerCase()
    .replace(/[^a-z0-9 &/-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return top && top.length <= 40 ? top : null;
}

/** Where the facts came from, for the response's attribution. */
export function factSources(facts: VehicleFacts): string[] {
  const sources = ["NHTSA vPIC"];
  if (facts.pricing) sources.push("vinscope verified buyer deals");
  if (facts.recalls) sources.push("NHTSA recalls");
  if (facts.complaints) sources.push("NHTSA owner complaints");
  if (facts.ratings) sources.push("NHTSA NCAP ratings");
  if (facts.fuel) sources.push("EPA fuel economy");
  return sources;
}
