/**
 * VINs outside the US-market data: when NHTSA's patterns name no model, what the manufacturer code (WMI) and
 * position 10 can tell is still worth answering: manufacturer, make where the WMI has one make, country and
 * region, model year where position 10 holds a year code. The model is null, never "".
 *
 * The rule (docs/public-api.md, "The decoded record, the extended record and VINs from outside the US market"):
 * - a VIN that vPIC decodes to a model is a full (`vpic`) decode, wherever it was built;
 * - otherwise, a VIN whose WMI names a manufacturer (vPIC's public WMI list, or lib/vin/wmi-origin.ts) is
 *   answered with `coverage: "wmi_only"`;
 * - a VIN whose WMI names no manufacturer stays a 404, North American or not.
 */
import type { DecodedVehicle } from "./decoded-vehicle";
import type { DecodeDetails, DecodeResult } from "./decoder";
import { toExtendedRecord } from "./extended-record";
import { wmiOf, vinDescriptor } from "./format";
import { yearCodeToLaterCycle } from "./model-year";
import type { VpicData } from "./vpic-data";
import { knownWmi } from "./wmi-origin";

export type WmiOnlyVehicle = Omit<DecodedVehicle, "year" | "make" | "model"> & {
  year: string | null;
  make: string | null;
  model: null;
};

export interface WmiOnlyResult extends DecodeDetails {
  coverage: "wmi_only";
  vin: string;
  decoded: WmiOnlyVehicle;
}

/** Position 10 as a model year: the later 30-year cycle unless that lies past next year. */
export function yearFromPosition10(vin: string, now = new Date()): number | null {
  const later = yearCodeToLaterCycle(vin[9]);
  if (later === null) return null;
  return later > now.getUTCFullYear() + 1 ? later - 30 : later;
}

/** A vehicle known from its WMI and position 10 only: every field the patterns would name is null. */
export function wmiOnlyVehicle(
  known: Pick<WmiOnlyVehicle, "year" | "make" | "vehicleType" | "manufacturer">,
): WmiOnlyVehicle {
  return {
    year: known.year,
    make: known.make,
    model: null,
    trim: null,
    bodyStyle: null,
    driveType: null,
    fuelType: null,
    engine: { cylinders: null, displacementLiters: null },
    transmission: null,
    plant: { city: null, state: null, country: null },
    vehicleType: known.vehicleType,
    manufacturer: known.manufacturer,
    extended: toExtendedRecord({}),
  };
}

/** The WMI-level answer for a decode that named no model, or null when the WMI names no manufacturer. */
export function wmiOnlyDecode(data: VpicData, result: DecodeResult, now = new Date()): WmiOnlyResult | null {
  if (result.ok && result.decoded.model) return null;
  const vin = result.vin;
  const wmi = wmiOf(vin);
  const record = data.wmis.get(wmi);
  const publicRecord = record?.isPublic ? record : undefined;
  const known = knownWmi(wmi);
  const partial = result.ok ? result.decoded : null;

  const manufacturer = partial?.manufacturer ?? publicRecord?.manufacturerName ?? known?.manufacturer ?? null;
  if (!manufacturer) return null;
  const vpicMake = publicRecord?.makes.length === 1 ? publicRecord.makes[0].name : null;
  const make = partial?.make || vpicMake || known?.make || null;
  const position10 = yearFromPosition10(vin, now);
  const year = partial?.year || (position10 !== null ? String(position10) : null);
  const elements = result.ok ? result.elements : {};

  const decoded: WmiOnlyVehicle = partial
    ? { ...partial, year, make, model: null }
    : wmiOnlyVehicle({ year, make, vehicleType: publicRecord?.vehicleTypeName ?? null, manufacturer });
  return {
    coverage: "wmi_only",
    vin,
    decoded,
    elements,
    errorCodes: result.errorCodes,
    errorText: result.errorText,
    descriptor: result.ok ? result.descriptor : vinDescriptor(vin),
    vpicDataDate: data.dataDate,
    checkDigit: result.checkDigit,
  };
}
