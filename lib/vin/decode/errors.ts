/**
 * The errors NHTSA reports (spVinDecode_ErrorCode; texts in error-codes.ts): 7 unknown WMI, 8 no pattern,
 * 14 unused positions, 9/10 body-class notes, 11 no year, 400 invalid characters, 6 incomplete VIN, 1 check
 * digit, 0 clean. They are judged in NHTSA's order around the DefaultValue step, which sees the body class
 * and vehicle type as decoded before defaults were added.
 */
import { nhtsaCheckDigit } from "../check-digit";
import type { CompiledKey } from "../key-matcher";
import { isCarMpvLightTruck } from "../model-year";
import type { WmiRecord } from "../vpic-data";
import type { Candidate } from "./candidate-row";
import type { PassContext } from "./pass-context";

const OFF_ROAD_BODY_CLASSES = new Set(["69", "84", "86", "88", "97", "105", "113", "124", "126", "127"]);
const INCOMPLETE_BODY_CLASSES = new Set([
  "65",
  "107",
  "70",
  "74",
  "63",
  "72",
  "112",
  "62",
  "64",
  "76",
  "78",
  "71",
  "77",
  "67",
  "116",
  "75",
]);
const INCOMPLETE_VEHICLE_WARNING =
  "Incomplete Vehicle Warning - Please be advised that the vehicle may have been altered and may not be an accurate representation of the vehicle in its current condition.";
const INCONCLUSIVE_YEAR_WARNING =
  "The Model Year decoded for this VIN may be incorrect. If you know the Model year, please enter it and decode again to get more accurate information.";

/** The errors of one pass as they are judged. */
export interface PassErrors {
  codes: Set<string>;
  additional: string[];
  /** `position:char` of each invalid character (error 400). */
  invalid: string[];
  /** Body class (element 5) and vehicle type (element 39) attribute ids before defaults were added. */
  bodyClass?: string;
  vehicleType?: string;
}

export function newPassErrors(): PassErrors {
  return { codes: new Set(), additional: [], invalid: [] };
}

/** 8 when no pattern matched; else 14 for positions no winning pattern names (not judged on a lossy cut). */
export function patternErrors(ctx: PassContext, candidates: readonly Candidate[], errors: PassErrors): void {
  if (!candidates.some((c) => c.patternId !== null)) {
    errors.codes.add("8");
  } else if (!ctx.data.lossy) {
    const unused = unusedPositions(ctx.vin, candidates);
    if (unused.length) {
      errors.codes.add("14");
      errors.additional.push(`Unused position(s): ${unused.join(",")}.`);
    }
  }
}

/** 9 and 10 from the body class, 11 without a year, 400 for invalid characters. */
export function vehicleErrors(ctx: PassContext, candidates: readonly Candidate[], errors: PassErrors): void {
  const { codes } = errors;
  const bodyClass = candidates.find((c) => c.elementId === 5)?.attributeId;
  let isOffRoad = false;
  if (bodyClass === "64") codes.add("9");
  if (bodyClass !== undefined && OFF_ROAD_BODY_CLASSES.has(bodyClass)) {
    codes.add("10");
    isOffRoad = true;
  }
  if (ctx.year === null) codes.add("11");
  const checkDigitException = ctx.data.checkDigitExceptions.has(ctx.vin);
  errors.invalid = invalidCharacters(ctx.vin, ctx.anyWmi, isOffRoad || checkDigitException);
  if (errors.invalid.length) codes.add("400");
  errors.bodyClass = bodyClass;
  errors.vehicleType = candidates.find((c) => c.elementId === 39)?.attributeId;
}

/** 6 or 1, then 0 (and 14 without a model), and the additional text; codes in numeric order. */
export function finalErrors(
  ctx: PassContext,
  candidates: readonly Candidate[],
  errors: PassErrors,
): { codes: string[]; additional: string } {
  const { codes, additional } = errors;
  const { vin } = ctx;
  if (vin.length < 17) codes.add("6");
  else if (vin[8] !== nhtsaCheckDigit(vin, carLt(ctx.anyWmi)) && !ctx.data.checkDigitExceptions.has(vin))
    codes.add("1");

  const significant = [...codes].filter((c) => c !== "9" && c !== "10" && c !== "12");
  if (significant.length === 0 || (significant.length === 1 && significant[0] === "14")) codes.add("0");
  if (codes.has("0") && !candidates.some((c) => c.elementId === 28)) codes.add("14");

  if (codes.has("400")) additional.push(`Invalid character(s): ${errors.invalid.join(", ")}.`);
  const incompleteBody = errors.bodyClass !== undefined && INCOMPLETE_BODY_CLASSES.has(errors.bodyClass);
  if (errors.vehicleType === "10" || incompleteBody) additional.push(INCOMPLETE_VEHICLE_WARNING);
  if (!ctx.conclusive) additional.push(INCONCLUSIVE_YEAR_WARNING);

  return { codes: [...codes].sort((a, b) => Number(a) - Number(b)), additional: additional.join(" ").slice(0, 500) };
}

function carLt(wmi: WmiRecord | null): boolean {
  return wmi ? isCarMpvLightTruck(wmi.vehicleTypeId, wmi.truckTypeId) : false;
}

/** spVinDecode_ErrorCode's "unused positions": 4-8 and 11 that no winning pattern key names. */
function unusedPositions(vin: string, candidates: readonly Candidate[]): number[] {
  const keys: CompiledKey[] = [];
  for (const c of candidates) {
    if (c.keys && /pattern/i.test(c.source)) keys.push(c.keys);
  }
  const unused: number[] = [];
  const upper = Math.min(11, vin.length);
  for (let i = 4; i <= upper; i++) {
    if (i === 9 || i === 10) continue;
    const ch = vin[i - 1];
    const keyPos = i - 4; // 0-based position in the key: VIN 4-8 → 0-4, `|` → 5, VIN 10 → 6, VIN 11 → 7
    let used = false;
    for (const key of keys) {
      const chars = key.positionChars()[keyPos];
      if (chars && chars.includes(ch)) {
        used = true;
        break;
      }
    }
    if (!used) unused.push(i);
  }
  return unused;
}

/**
 * Error 400: letters allowed except I, O, Q; serial positions must be digits from 13 (cars, MPVs, light
 * trucks), 14 (others) or 15 (6-character WMIs); position 9 a digit or X; position 10 a year code.
 */
function invalidCharacters(vin: string, wmi: WmiRecord | null, skipCheckDigit: boolean): string[] {
  const startPos = vin[2] === "9" ? 15 : carLt(wmi) ? 13 : 14;
  let out: string[] | null = null;
  for (let j = 1; j <= vin.length; j++) {
    if (j === 9 && skipCheckDigit) continue;
    const c = vin.charCodeAt(j - 1);
    const digit = c >= 48 && c <= 57;
    const ok =
      j === 9
        ? digit || c === 88 /* X */ || c === 42 /* * */
        : j >= startPos
          ? digit || c === 42
          : j === 10
            ? YEAR_CODE[c] === 1
            : digit || c === 42 || VIN_LETTER[c] === 1;
    if (!ok) (out ??= []).push(`${j}:${vin[j - 1]}`);
  }
  return out ?? [];
}

/** Letters a VIN may hold (no I, O, Q) and position-10 year codes, by char code. */
const VIN_LETTER = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTUVWXYZ") VIN_LETTER[ch.charCodeAt(0)] = 1;
const YEAR_CODE = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTVWXY123456789") YEAR_CODE[ch.charCodeAt(0)] = 1;
