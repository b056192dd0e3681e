/**
 * Per-VIN facts outside the patterns: model years known for a VIN descriptor (VinDescriptor, or the list
 * bundled for a file without it) and VINs whose wrong check digit the manufacturer reported
 * (VinException.CheckDigit, full vPIC only).
 */
import { VIN_DESCRIPTOR_YEARS } from "../vin-descriptor-years";
import type { VpicReader } from "./reader";

export function readDescriptorYears(r: VpicReader): Map<string, number> {
  const descriptorYears = new Map<string, number>();
  if (r.table("VinDescriptor")) {
    for (const row of r.all(
      `SELECT Descriptor AS "Descriptor", ModelYear AS "ModelYear" FROM "${r.table("VinDescriptor")}"`,
    )) {
      descriptorYears.set(String(row.Descriptor).toUpperCase(), Number(row.ModelYear));
    }
  } else {
    for (const [descriptor, year] of VIN_DESCRIPTOR_YEARS) descriptorYears.set(descriptor, year);
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
