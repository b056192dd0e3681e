/**
 * The VIN report's `decoded` object, built from NHTSA's variables, plus the typed `extended` record.
 */
import type { ExtendedRecord } from "./extended-answers";
import { toExtendedRecord } from "./extended-record";

export type DriveType = "AWD" | "FWD" | "RWD" | "4WD";

export interface DecodedVehicle {
  year: string;
  make: string;
  model: string;
  trim: string | null;
  bodyStyle: string | null;
  driveType: DriveType | null;
  fuelType: string | null;
  engine: { cylinders: number | null; displacementLiters: string | null };
  transmission: string | null;
  plant: { city: string | null; state: string | null; country: string | null };
  vehicleType: string | null;
  manufacturer: string | null;
  /** Additive to the spec: further elements, typed, each saying whether it came from local data or NHTSA live. */
  extended: ExtendedRecord;
}

/** vPIC's Drive Type names → the four the spec knows; axle formulas (4x2, 6x4…) and "Other" say nothing. */
export function normalizeDriveType(value: string | null | undefined): DriveType | null {
  if (!value) return null;
  const v = value.trim().toUpperCase();
  if (v.startsWith("AWD") || v.includes("ALL-WHEEL") || v.includes("ALL WHEEL")) return "AWD";
  if (v.startsWith("FWD") || v.includes("FRONT-WHEEL") || v.includes("FRONT WHEEL")) return "FWD";
  if (v.startsWith("RWD") || v.includes("REAR-WHEEL") || v.includes("REAR WHEEL")) return "RWD";
  if (v.startsWith("4WD") || v.includes("4-WHEEL") || v.includes("4X4") || v.includes("FOUR-WHEEL")) return "4WD";
  return null;
}

/** Values NHTSA prints when an element does not apply to the vehicle. */
function present(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.trim();
  return v === "" || v === "Not Applicable" ? null : v;
}

/** Displacement in liters to one decimal ("3.211864544" → "3.2", "2" → "2.0"); null if not a number. */
function formatLiters(value: string | undefined): string | null {
  const v = present(value);
  if (v === null) return null;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n.toFixed(1);
}

/** `live`: the element codes NHTSA's live vPIC API supplied (lib/vin/enrichment.ts). */
export function toDecodedVehicle(
  elements: Record<string, string>,
  live: ReadonlySet<string> = new Set(),
): DecodedVehicle {
  const cylinders = present(elements.EngineCylinders);
  const cylinderCount = cylinders !== null && /^\d+$/.test(cylinders) ? Number.parseInt(cylinders, 10) : null;
  const decoded = {
    year: elements.ModelYear ?? "",
    make: elements.Make ?? "",
    model: elements.Model ?? "",
    trim: present(elements.Trim),
    bodyStyle: present(elements.BodyClass),
    driveType: normalizeDriveType(present(elements.DriveType)),
    fuelType: present(elements.FuelTypePrimary),
    engine: { cylinders: cylinderCount, displacementLiters: formatLiters(elements.DisplacementL) },
    transmission: present(elements.TransmissionStyle),
    plant: {
      city: present(elements.PlantCity),
      state: present(elements.PlantState),
      country: present(elements.PlantCountry),
    },
    vehicleType: present(elements.VehicleType),
    manufacturer: present(elements.Manufacturer),
  } as DecodedVehicle;
  // The extended record is built when first read (serialising the answer, the page): most decodes (provision,
  // recalls by VIN, the bench's millions) never read it, and building it costs more than the decode's lookups.
  Object.defineProperty(decoded, "extended", {
    enumerable: true,
    configurable: true,
    get(this: DecodedVehicle) {
      const extended = toExtendedRecord(elements, live);
      Object.defineProperty(this, "extended", {
        value: extended,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return extended;
    },
  });
  return decoded;
}
