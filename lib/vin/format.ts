/**
 * VIN format rules (ISO 3779 / 49 CFR 565): 17 characters from 0-9 and A-Z without I, O and Q.
 * Pure: no data needed, so offline tools (the MCP check-digit tool), client components and proxy.ts can use it.
 */

declare const vinBrand: unique symbol;

/**
 * 17 characters of 0-9 and A-Z without I, O and Q, upper case (ISO 3779 / 49 CFR 565). Only `normalizeVin`
 * (below) returns one, so a function that takes a `Vin` knows it is well-formed.
 */
export type Vin = string & { readonly [vinBrand]: true };

export type NormalizeVinResult =
  { ok: true; vin: Vin } | { ok: false; reason: "length" | "forbidden_letters" | "invalid_characters"; detail: string };

/**
 * The one VIN validator: upper-cases and trims, then says precisely why a string is not a VIN (length first,
 * then characters). The only maker of a `Vin`; everything downstream takes that type.
 */
export function normalizeVin(input: string): NormalizeVinResult {
  const vin = input.trim().toUpperCase();
  if (vin.length !== 17) {
    return { ok: false, reason: "length", detail: `a VIN has 17 characters, got ${vin.length}` };
  }
  const invalid: string[] = [];
  const forbidden: string[] = [];
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    if (c === "I" || c === "O" || c === "Q") forbidden.push(`${i + 1}:${c}`);
    else if (!/[A-Z0-9]/.test(c)) invalid.push(`${i + 1}:${JSON.stringify(c)}`);
  }
  if (invalid.length) {
    return {
      ok: false,
      reason: "invalid_characters",
      detail: `only letters and digits are allowed; invalid character(s) at position ${invalid.join(", ")}`,
    };
  }
  if (forbidden.length) {
    return {
      ok: false,
      reason: "forbidden_letters",
      detail: `the letters I, O and Q never appear in a VIN; found at position ${forbidden.join(", ")}`,
    };
  }
  return { ok: true, vin: vin as Vin };
}

/**
 * What a person typed, ready for `normalizeVin`: VINs are often written in groups ("1HG CM826 33A004352",
 * "1HG-CM826-33A004352"), so spaces, hyphens and dots between characters are dropped. Only for human input
 * (forms, permalinks); the JSON API stays strict so a client's bug is reported, not guessed around.
 */
export function compactVinInput(input: string): string {
  return input.replace(/[\s\u00a0\-\u2010-\u2015.]+/g, "").toUpperCase();
}

/** The World Manufacturer Identifier: positions 1-3, or 1-3 + 12-14 for small manufacturers (position 3 is 9). */
export function wmiOf(vin: string): string {
  return vin[2] === "9" && vin.length >= 14 ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
}

/**
 * NHTSA's vehicle descriptor: the first 11 characters (14 for a 6-character WMI) with the check digit
 * (position 9) replaced by `*`. Decodes depend on the VIN only through it and the serial positions.
 */
export function vinDescriptor(vin: string): string {
  const padded = (vin.trim() + "*".repeat(17)).slice(0, 17);
  const starred = padded.slice(0, 8) + "*" + padded.slice(9);
  return (starred[2] === "9" ? starred.slice(0, 14) : starred.slice(0, 11)).toUpperCase();
}

/** The string pattern keys are matched against: positions 4-8, `|`, positions 10-17 (check digit excluded). */
export function patternKeyOf(vin: string): string {
  if (vin.length <= 3) return "";
  const head = vin.slice(3, 8);
  return vin.length > 9 ? `${head}|${vin.slice(9, 17)}` : head;
}
