/**
 * Per-VIN facts outside the patterns: model years known for a VIN descriptor (VinDescriptor, or the list
 * bundled for a file without it) and VINs whose wrong check digit the manufacturer reported
 * (VinException.CheckDigit, full vPIC only).
 */
import type { VpicReader } from "./reader";

/** VinDescriptor's model years by descriptor; null when the file lacks the table (the bundled list stands in). */
export function readDescriptorYears(r: VpicReader): Map<string, number> | null {
  if (!r.table("VinDescriptor")) return null;
  const descriptorYears = new Map<string, number>();
  for (const row of r.all(
    `SELECT Descriptor AS "Descriptor", ModelYear AS "ModelYear" FROM "${r.table("VinDescriptor")}"`,
  )) {
    descriptorYears.set(String(row.Descriptor).toUpperCase(), Number(row.ModelYear));
  }
  return descriptorYears;
}

export function readCheckDigitExceptions(r: VpicReader): Set<string> {
  const exceptions = new Set<string>();
  const table = r.table("VinException");
  if (!table || !r.columns(table).has("checkdigit")) return exceptions;
  for (const row of r.all(`SELECT VIN AS "Vin" FROM "${table}" WHERE CheckDigit = 1 OR CheckDigit = 'true'`)) {
    exceptions.add(String(row.Vin).toUpperCase());
  }
  return exceptions;
}
