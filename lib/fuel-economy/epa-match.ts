/**
 * EPA rates each engine, drive, fuel and transmission of a model separately ("Camry" 2.5 L automatic FWD,
 * "Camry Hybrid LE" …). A variant is excluded when something the VIN decodes to contradicts it; a hybrid is
 * never a match for a VIN that decodes without electrification, and the other way round.
 */
import { nameKey, sameModel } from "../vehicle";
import { sameDrive, type Drive, type VinTraits } from "../vin";
import { electrifiedOf, type EpaRecord } from "./epa-record";

/** EPA model names of the VIN's model: the same name by lib/vehicle/names.ts, or the VIN's name plus variant words. */
export function epaModelMatches(epaModel: string, vinModel: string, make: string): boolean {
  if (sameModel(epaModel, vinModel, make)) return true;
  const words = (s: string) =>
    s
      .toUpperCase()
      .split(/[\s/]+/)
      .filter(Boolean);
  const e = words(epaModel);
  const v = words(vinModel);
  if (v.length === 0 || e.length < v.length) return false;
  return nameKey(e.slice(0, v.length).join(" ")) === nameKey(v.join(" "));
}

export function epaDrive(drive: string): Drive | "2WD" | null {
  const d = drive.toLowerCase();
  if (d.includes("front")) return "FWD";
  if (d.includes("rear")) return "RWD";
  if (
    d.includes("all-wheel") ||
    d.includes("4-wheel") ||
    d.includes("all wheel") ||
    d.includes("4wd") ||
    d.includes("awd")
  )
    return "AWD";
  if (d.includes("2-wheel")) return "2WD";
  return null;
}

function epaTransmission(
  trany: string,
): { kind: "manual" | "automatic"; cvt: boolean; automated: boolean; speeds: number | null } | null {
  if (!trany) return null;
  const t = trany.toLowerCase();
  const speeds = t.match(/(\d+)-spd/) ?? t.match(/\((?:s|am|a|av-s|am-s)(\d+)\)/);
  return {
    kind: t.startsWith("manual") ? "manual" : "automatic",
    cvt: t.includes("variable") || t.includes("(av") || t.includes("cvt"),
    automated: t.includes("(am"),
    speeds: speeds ? Number(speeds[1]) : null,
  };
}

export function epaDifferences(r: EpaRecord, vin: VinTraits): string[] {
  const out: string[] = [];
  if (vin.cylinders !== null && r.cylinders !== null && vin.cylinders !== r.cylinders)
    out.push(`cylinders: EPA ${r.cylinders}, the VIN ${vin.cylinders}`);
  if (vin.displacementLiters !== null && r.displ !== null && Math.abs(vin.displacementLiters - r.displ) > 0.15) {
    out.push(`displacement: EPA ${r.displ.toFixed(1)} L, the VIN ${vin.displacementLiters.toFixed(1)} L`);
  }
  const drive = epaDrive(r.drive);
  if (vin.drive && drive && !sameDrive(vin.drive, drive)) out.push(`drive: EPA ${r.drive}, the VIN ${vin.drive}`);
  const fuel = r.fuelType.toLowerCase();
  if (vin.fuel === "diesel" && !fuel.includes("diesel")) out.push(`fuel: EPA ${r.fuelType}, the VIN diesel`);
  if (
    vin.fuel === "gasoline" &&
    (fuel.includes("diesel") || fuel === "electricity" || fuel === "cng" || fuel === "hydrogen")
  )
    out.push(`fuel: EPA ${r.fuelType}, the VIN gasoline`);
  if (vin.fuel === "ffv" && !fuel.includes("e85")) out.push(`fuel: EPA ${r.fuelType}, the VIN flexible fuel (E85)`);
  if (vin.fuel === "electric" && fuel !== "electricity") out.push(`fuel: EPA ${r.fuelType}, the VIN electric`);
  const electrified = electrifiedOf(r);
  if (vin.electrified !== null) {
    const vinE = vin.electrified === "none" ? null : vin.electrified;
    if (vinE !== electrified)
      out.push(`powertrain: EPA ${electrified ?? "not electrified"}, the VIN ${vinE ?? "not electrified"}`);
  }
  const t = epaTransmission(r.trany);
  if (vin.transmission && t) {
    if (vin.transmission === "manual" && t.kind !== "manual") out.push(`transmission: EPA ${r.trany}, the VIN manual`);
    else if (vin.transmission !== "manual" && t.kind === "manual")
      out.push(`transmission: EPA ${r.trany}, the VIN ${vin.transmission}`);
    else if (vin.transmission === "cvt" && !t.cvt) out.push(`transmission: EPA ${r.trany}, the VIN CVT`);
    else if (vin.transmissionSpeeds && t.speeds && !t.cvt && vin.transmissionSpeeds !== t.speeds) {
      out.push(`transmission: EPA ${t.speeds} speeds, the VIN ${vin.transmissionSpeeds}`);
    }
  }
  return out;
}
