/**
 * NCAP splits a model by body and drive in its variant descriptions ("2015 Audi A3 4 DR AWD", "2015 Audi A3
 * C FWD", "2019 Ford F-150 SuperCrew PU/CC 4WD", "2013 Acura RDX SUV AWD"). Those words, read here, are
 * compared with the VIN's decoded body and drive (lib/vin/variant-fit.ts decides what fits).
 */
import { sameDrive, type BodyKind, type Drive, type VinTraits } from "../vin";

export interface NcapVariantTraits {
  body: BodyKind | null;
  doors: number | null;
  cab: VinTraits["cab"];
  drive: Drive | "2WD" | null;
}

export function ncapVariantTraits(description: string): NcapVariantTraits {
  const text = ` ${description.toUpperCase().replace(/\s+/g, " ")} `;
  const doorsMatch = text.match(/ (\d) ?DR\b/);
  const doors = doorsMatch ? Number(doorsMatch[1]) : null;
  let body: BodyKind | null = null;
  if (/ PU\/|PICKUP| PU /.test(text)) body = "pickup";
  else if (/ SUV /.test(text)) body = "suv";
  else if (/ (MINIVAN|MPV) /.test(text)) body = "minivan";
  else if (/ VAN /.test(text)) body = "van";
  else if (/ (C|CONV|CONVERTIBLE) /.test(text)) body = "convertible";
  else if (/ (HB|HATCHBACK) /.test(text)) body = "hatchback";
  else if (/ (SW|WAGON) /.test(text)) body = "wagon";
  else if (/ (CPE|COUPE) /.test(text)) body = "coupe";
  else if (doors === 4) body = "sedan";
  else if (doors === 2) body = "coupe";
  let cab: NcapVariantTraits["cab"] = null;
  if (/PU\/CC|CREW/.test(text)) cab = "crew";
  else if (/PU\/EC|PU\/SC|EXT(ENDED)? CAB|SUPERCAB|DOUBLE CAB|QUAD CAB|KING CAB|ACCESS CAB/.test(text))
    cab = "extended";
  else if (/PU\/RC|REGULAR CAB|REG CAB/.test(text)) cab = "regular";
  let drive: NcapVariantTraits["drive"] = null;
  if (/ AWD /.test(text)) drive = "AWD";
  else if (/ 4WD | 4X4 /.test(text)) drive = "4WD";
  else if (/ FWD /.test(text)) drive = "FWD";
  else if (/ RWD /.test(text)) drive = "RWD";
  else if (/ 2WD | 4X2 /.test(text)) drive = "2WD";
  return { body, doors, cab, drive };
}

/** What excludes an NCAP variant for this VIN; empty when nothing known contradicts it. */
export function ncapDifferences(description: string, vin: VinTraits): string[] {
  const v = ncapVariantTraits(description);
  const out: string[] = [];
  if (v.drive && vin.drive && !sameDrive(vin.drive, v.drive))
    out.push(`drive: tested ${v.drive}, the VIN decodes to ${vin.drive}`);
  if (v.body && vin.body && !sameBody(v.body, vin.body, vin.doors))
    out.push(`body: tested ${v.body}, the VIN decodes to ${vin.body}`);
  else if (v.doors && vin.doors && v.doors !== vin.doors && v.body !== "pickup" && v.body !== "suv") {
    out.push(`doors: tested ${v.doors}, the VIN decodes to ${vin.doors}`);
  }
  if (v.cab && vin.cab && v.cab !== vin.cab) out.push(`cab: tested ${v.cab} cab, the VIN decodes to ${vin.cab} cab`);
  return out;
}

/** vPIC and NCAP draw some body lines differently: a 4-door "hatchback" is often NCAP's "4 DR", an SUV its "MPV". */
function sameBody(ncap: BodyKind, vin: BodyKind, vinDoors: number | null): boolean {
  if (ncap === vin) return true;
  const group = (b: BodyKind) =>
    b === "suv" || b === "minivan" || b === "wagon" ? "tall" : b === "hatchback" || b === "sedan" ? "car" : b;
  if (group(ncap) === group(vin) && group(ncap) !== vin) return true;
  if (ncap === "coupe" && vin === "hatchback" && vinDoors === 2) return true;
  return false;
}
