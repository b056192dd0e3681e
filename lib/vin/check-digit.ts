/**
 * The VIN check digit (position 9) per ISO 3779 / 49 CFR 565.15: letters are transliterated, each position
 * is weighted, the sum mod 11 is the digit and 10 is written `X`. Pure.
 */

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export interface CheckDigitResult {
  valid: boolean;
  /** The digit the other 16 characters call for (`X` for 10), or `?` when a character has no value. */
  expected: string;
  actual: string;
}

/** Value of one VIN character in the check-digit sum; -1 for characters a VIN cannot hold (I, O, Q, others). */
export function transliterate(c: string): number {
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  return TRANSLITERATION[c] ?? -1;
}

/** The expected check digit of a 17-character VIN, `?` if a character cannot be valued. */
export function computeCheckDigit(vin: string): string {
  const v = vin.toUpperCase();
  if (v.length !== 17) return "?";
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    if (i === 8) continue;
    const value = transliterate(v[i]);
    if (value < 0) return "?";
    sum += value * WEIGHTS[i];
  }
  const digit = sum % 11;
  return digit === 10 ? "X" : String(digit);
}

export function checkDigit(vin: string): CheckDigitResult {
  const v = vin.toUpperCase();
  const expected = computeCheckDigit(v);
  const actual = v.length >= 9 ? v[8] : "";
  return { valid: expected !== "?" && expected === actual, expected, actual };
}

/**
 * NHTSA's variant (fVINCheckDigit2): besides the alphabet, it requires a model-year code in position 10 and
 * digits in the serial positions (13-17 for cars/MPVs/light trucks, 14-17 otherwise, 15-17 for 6-character
 * WMIs); a VIN breaking those rules never "calculates" and gets error 1.
 */
export function nhtsaCheckDigit(vin: string, isCarMpvLt: boolean): string {
  const v = vin.toUpperCase();
  if (v.length !== 17) return "";
  const smallMaker = v[2] === "9";
  for (let i = 1; i <= 17; i++) {
    const c = v.charCodeAt(i - 1);
    const ok =
      i === 10
        ? YEAR_CODE[c] === 1
        : (i === 13 && !smallMaker && isCarMpvLt) || (i === 14 && !smallMaker) || i >= 15
          ? c >= 48 && c <= 57
          : VIN_CHAR[c] === 1;
    if (!ok) return "?";
  }
  return computeCheckDigit(v);
}

const VIN_CHAR = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTUVWXYZ0123456789") VIN_CHAR[ch.charCodeAt(0)] = 1;
const YEAR_CODE = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTVWXY123456789") YEAR_CODE[ch.charCodeAt(0)] = 1;
