/**
 * The VIN in what a barcode on a vehicle decodes to. Door-jamb labels carry it as Code 39, often with a leading
 * `I` (18 characters: the `I` marks an imported vehicle's label and never belongs to a VIN, which has no I, O or
 * Q); windshield and newer labels use Data Matrix or QR, sometimes with other data around the VIN. Pure, so the
 * browser's scan control and the tests share it.
 */
import { checkDigit } from "./check-digit";
import { normalizeVin, type Vin } from "./format";

export type BarcodeVin =
  /** A VIN whose check digit is right. */
  | { kind: "vin"; vin: Vin }
  /** 17 VIN characters whose check digit is wrong: offered for correction, not opened. */
  | { kind: "check_digit"; vin: Vin; expected: string; actual: string }
  /** Nothing that can be a VIN. */
  | { kind: "none"; text: string };

export function vinFromBarcode(raw: string): BarcodeVin {
  // Stray characters (spaces, asterisks of Code 39's start/stop, dashes, control characters) are dropped.
  const text = raw.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const candidates: Vin[] = [];
  // Every 17-character window that is VIN-shaped: a window holding a leading `I` never is, so an 18-character
  // Code 39 read gives the VIN after it.
  for (let start = 0; start + 17 <= text.length; start++) {
    const normalized = normalizeVin(text.slice(start, start + 17));
    if (normalized.ok) candidates.push(normalized.vin);
  }
  const valid = candidates.find((vin) => checkDigit(vin).valid);
  if (valid) return { kind: "vin", vin: valid };
  const first = candidates[0];
  if (!first) return { kind: "none", text };
  const check = checkDigit(first);
  return { kind: "check_digit", vin: first, expected: check.expected, actual: check.actual };
}
