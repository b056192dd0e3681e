/**
 * What the sticker code needs from the decoder: the decoded make/model (to settle a
 * WMI shared by several makes, to fill Hyundai's `{model}` slot, and for provision's `vehicle`).
 */
import type { Vin } from "../vin";
import { decodeVin } from "../vin";
import { displayMake, parseModelYear } from "../vehicle";
import { matchManufacturer, type ManufacturerMatch } from "./registry";

export interface VehicleFacts {
  year: number;
  make: string;
  model: string;
  trim: string | null;
}

export function decodeVehicle(vin: Vin): VehicleFacts | null {
  const result = decodeVin(vin);
  // No model (a VIN outside the US-market data) is no vehicle to report: never a model of "".
  if (!result.ok || !result.decoded.model) return null;
  const { year, make, model, trim } = result.decoded;
  const modelYear = parseModelYear(year);
  if (modelYear === null) return null;
  // The make in its one casing, as every answer gives it; the registry matches makes in any case.
  return { year: modelYear, make: displayMake(make), model, trim };
}

export interface ResolvedVin {
  vin: Vin;
  match: ManufacturerMatch;
  /** Decoded vehicle when it was needed (or asked for); undefined when the decoder was not consulted. */
  vehicle?: VehicleFacts | null;
}

/** The manufacturer of a VIN, consulting the decoder only when the WMI alone is ambiguous or `decode` asks. */
export function resolveVin(vin: Vin, decode = false): ResolvedVin {
  const byWmi = matchManufacturer(vin);
  if (!decode && !byWmi.ambiguous) return { vin, match: byWmi };
  const vehicle = decodeVehicle(vin);
  return { vin, match: vehicle?.make ? matchManufacturer(vin, vehicle.make) : byWmi, vehicle };
}
