/**
 * NHTSA's VIN decode (spVinDecode + spVinDecode_core + spVinDecode_ErrorCode) over the compiled vPIC data,
 * in the steps of ../shared/notes/vpic-decode.md, one module each under decode/:
 *
 *   candidates.ts          Pattern rows of the WMI's schemas for the year whose key matches, formulas,
 *                          engine-model patterns, the WMI's own rows and the model year
 *   conflict-order.ts      per element the first by priority, newest edit, fewest literal key characters,
 *                          bracketless key, id
 *   element-resolution.ts  Make from the Model or the WMI, vehicle specs, defaults, look-up of the values
 *   conversions.ts         displacement conversions into empty elements
 *   errors.ts              NHTSA's error codes and additional text
 *
 * This module runs one pass per model year and, when position 10 does not settle the year, decodes both
 * 30-year cycles and keeps the better pass.
 */
import { errorTextOf, errorValue } from "./error-codes";
import { isCarMpvLightTruck, otherCycle, readModelYear } from "./model-year";
import { patternKeyOf, vinDescriptor, wmiOf } from "./format";
import { wmiCode, type VpicData, type WmiRecord } from "./vpic-data";
import { fixedCandidate, makeCounter, type Candidate } from "./decode/candidate-row";
import { passCandidates } from "./decode/candidates";
import { keepWinners } from "./decode/conflict-order";
import { conversionCandidates } from "./decode/conversions";
import { defaultCandidates, makeCandidates, resolvedValues, vehicleSpecCandidates } from "./decode/element-resolution";
import { finalErrors, newPassErrors, patternErrors, vehicleErrors, type PassErrors } from "./decode/errors";
import type { PassContext } from "./decode/pass-context";

interface Pass {
  year: number | null;
  items: Candidate[];
  codes: string[];
  additional: string;
  errorValue: number;
  elementsWeight: number;
  patterns: number;
}

export interface CoreDecode {
  vin: string;
  wmi: string;
  wmiRecord: WmiRecord | null;
  descriptor: string;
  year: number | null;
  conclusive: boolean;
  codes: string[];
  errorText: string;
  additionalErrorText: string;
  /** Element id → values (several only for multi-valued elements), resolved, NHTSA order. */
  values: Map<number, string[]>;
  hasPatterns: boolean;
}

/** What every pass of one VIN shares; a pass adds its year. */
type VinContext = Omit<PassContext, "year" | "conclusive" | "modelYearSource" | "nextSeq">;

export function decodeWithData(data: VpicData, rawVin: string, now = new Date()): CoreDecode {
  const vin = rawVin.trim().toUpperCase();
  const wmi = wmiOf(vin);
  const anyWmi = (wmi.length === 3 ? data.wmiByCode.get(wmiCode(wmi)) : data.wmis.get(wmi)) ?? null;
  const publicWmi = anyWmi && anyWmi.isPublic ? anyWmi : null;
  const descriptor = vinDescriptor(vin);
  const shared: VinContext = { data, vin, vinKey: patternKeyOf(vin), wmi: publicWmi, anyWmi };
  const { passes, conclusive } = modelYearPasses(shared, descriptor, now.getUTCFullYear());
  const best = betterPass(passes);

  const codes = best.codes.join(",");
  const errorText = errorTextOf(best.codes, best.codes.includes("10"), data.checkDigitExceptions.has(vin));
  best.items.push(fixedCandidate(143, codes, codes, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedCandidate(191, errorText, errorText, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedCandidate(156, best.additional, best.additional, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedCandidate(196, descriptor, descriptor, "Corrections", Number.NaN, "", 0));
  const { values, hasPatterns } = resolvedValues(data, best.items);

  return {
    vin,
    wmi,
    wmiRecord: publicWmi,
    descriptor,
    year: best.year,
    conclusive,
    codes: best.codes,
    errorText,
    additionalErrorText: best.additional,
    values,
    hasPatterns,
  };
}

/**
 * The pass of the descriptor's known year, else of the year position 10 gives; when that is inconclusive,
 * a pass of the other 30-year cycle too. A conclusive year without a schema yields to the other cycle's.
 */
function modelYearPasses(
  shared: VinContext,
  descriptor: string,
  currentYear: number,
): { passes: Pass[]; conclusive: boolean } {
  const { data, vin, anyWmi, wmi: publicWmi } = shared;
  const descriptorYear = data.descriptorYears.get(descriptor);
  if (descriptorYear !== undefined && descriptorYear >= 1980 && descriptorYear <= currentYear + 2) {
    return { passes: [runPass(passContext(shared, descriptorYear, true, "descriptor"))], conclusive: true };
  }
  const carLt = anyWmi ? isCarMpvLightTruck(anyWmi.vehicleTypeId, anyWmi.truckTypeId) : false;
  const reading = readModelYear(vin, carLt, currentYear);
  let year = reading.year;
  const conclusive = reading.conclusive;
  if (year !== null && conclusive) {
    const alt = otherCycle(year, currentYear);
    if (alt !== null && anyWmi && countSchemas(anyWmi, year) === 0 && countSchemas(anyWmi, alt) > 0) year = alt;
  }
  const first = runPass(passContext(shared, year, conclusive, "***X*|Y"));
  const passes = [first];
  // A pass for a year the WMI has no schema for ends with error 8 (weight -1000) and cannot beat a pass
  // without it (whose other errors weigh at most -105 together), so it is not run.
  const alternative = reading.alternative;
  const hopeless =
    alternative !== null &&
    publicWmi !== null &&
    !first.codes.includes("8") &&
    countSchemas(publicWmi, alternative) === 0;
  if (!conclusive && alternative !== null && !hopeless)
    passes.push(runPass(passContext(shared, alternative, conclusive, "***X*|Y")));
  return { passes, conclusive };
}

/** A pass's context is built field by field: an object spread here made every decode about twice as slow. */
function passContext(
  shared: VinContext,
  year: number | null,
  conclusive: boolean,
  modelYearSource: string,
): PassContext {
  const { data, vin, vinKey, wmi, anyWmi } = shared;
  return { data, vin, vinKey, wmi, anyWmi, year, conclusive, modelYearSource, nextSeq: makeCounter() };
}

/** Fewer/lighter errors first, then the larger sum of element weights, more pattern values, the later year. */
function betterPass(passes: Pass[]): Pass {
  let best = passes[0];
  for (let i = 1; i < passes.length; i++) {
    const p = passes[i];
    const order =
      p.errorValue - best.errorValue ||
      p.elementsWeight - best.elementsWeight ||
      p.patterns - best.patterns ||
      (p.year ?? 0) - (best.year ?? 0);
    if (order > 0) best = p;
  }
  return best;
}

function countSchemas(wmi: WmiRecord, year: number): number {
  let n = 0;
  for (const link of wmi.links) if (year >= link.yearFrom && year <= link.yearTo) n++;
  return n;
}

/** One decode for one model year: candidates, conflict order, values, conversions, errors, defaults. */
function runPass(ctx: PassContext): Pass {
  const errors = newPassErrors();
  const items = ctx.wmi ? decodedCandidates(ctx, ctx.wmi, errors) : [];
  if (!ctx.wmi) errors.codes.add("7");
  vehicleErrors(ctx, items, errors);
  defaultCandidates(ctx, errors.vehicleType, items);
  const { codes, additional } = finalErrors(ctx, items, errors);
  const { elementsWeight, patterns } = passScore(ctx, items, additional);
  return { year: ctx.year, items, codes, additional, errorValue: errorValue(codes), elementsWeight, patterns };
}

/** The winners of a pass with a published WMI, Make, conversions and vehicle specs added; errors 8 and 14. */
function decodedCandidates(ctx: PassContext, wmi: WmiRecord, errors: PassErrors): Candidate[] {
  const items = keepWinners(passCandidates(ctx, wmi));
  makeCandidates(ctx, wmi, items);
  conversionCandidates(ctx, items);
  vehicleSpecCandidates(ctx, wmi, items);
  patternErrors(ctx, items, errors);
  return items;
}

/**
 * Scores for choosing between the two model-year passes (computed before values are resolved, as NHTSA
 * does). The "Corrections" rows (error code, error text, descriptor, additional text) are added to the
 * winning pass only; here they count with their element weights as NHTSA's rows do.
 */
function passScore(
  ctx: PassContext,
  items: readonly Candidate[],
  additional: string,
): { elementsWeight: number; patterns: number } {
  const w = ctx.data.elementWeights;
  const weighed = new Set<number>();
  let elementsWeight = (w[143] ?? 0) + (w[191] ?? 0) + (w[196] ?? 0) + (additional ? (w[156] ?? 0) : 0);
  let patterns = 0;
  for (const item of items) {
    const nonEmpty = item.resolved ? item.value !== null && item.value !== "" : true;
    if (nonEmpty && !weighed.has(item.elementId)) {
      weighed.add(item.elementId);
      elementsWeight += w[item.elementId] ?? 0;
    }
    if (
      (item.source === "Pattern" || item.source === "EngineModelPattern" || item.source === "Formula Pattern") &&
      (!item.resolved || (item.value !== "" && item.value !== "Not Applicable" && item.value !== null))
    ) {
      patterns++;
    }
  }
  return { elementsWeight, patterns };
}
