/**
 * Model year from VIN position 10, as NHTSA derives it (fVinModelYear2 + spVinDecode). Pure.
 */

/** Position 10 in the 2010-2039 cycle; null for characters that are not year codes (I O Q U Z 0). */
export function yearCodeToLaterCycle(code: string): number | null {
  const c = code.toUpperCase();
  if (c >= "A" && c <= "H") return 2010 + c.charCodeAt(0) - 65;
  if (c >= "J" && c <= "N") return 2010 + c.charCodeAt(0) - 65 - 1;
  if (c === "P") return 2023;
  if (c >= "R" && c <= "T") return 2010 + c.charCodeAt(0) - 65 - 3;
  if (c >= "V" && c <= "Y") return 2010 + c.charCodeAt(0) - 65 - 4;
  if (c >= "1" && c <= "9") return 2031 + c.charCodeAt(0) - 49;
  return null;
}

/** Cars, MPVs and light trucks (vPIC VehicleType 2 or 7, or 3 with TruckType 1) carry the position-7 rule. */
export function isCarMpvLightTruck(vehicleTypeId: number | null, truckTypeId: number | null): boolean {
  return vehicleTypeId === 2 || vehicleTypeId === 7 || (vehicleTypeId === 3 && truckTypeId === 1);
}

export interface ModelYearReading {
  /** null when position 10 is not a year code (error 11). */
  year: number | null;
  /** false: the other 30-year cycle (`alternative`) is equally possible and both must be decoded. */
  conclusive: boolean;
  alternative: number | null;
}

/**
 * Reads position 10. For cars/MPVs/light trucks a digit in position 7 means the 1980-2009 cycle and a letter
 * the 2010-2039 one (conclusive). A year later than `currentYear + 2` is moved back 30 years (conclusive).
 * Otherwise the reading is inconclusive: the later cycle first, the earlier as the alternative.
 */
export function readModelYear(vin: string, carMpvLt: boolean, currentYear: number): ModelYearReading {
  const v = vin.toUpperCase();
  if (v.length < 10) return { year: null, conclusive: true, alternative: null };
  let year = yearCodeToLaterCycle(v[9]);
  if (year === null) return { year: null, conclusive: true, alternative: null };
  let conclusive = false;
  const p7 = v[6] ?? "";
  if (carMpvLt && p7 >= "0" && p7 <= "9") {
    year -= 30;
    conclusive = true;
  } else if (carMpvLt && p7 >= "A" && p7 <= "Z") {
    conclusive = true;
  }
  if (year > currentYear + 2) {
    year -= 30;
    conclusive = true;
  }
  return conclusive ? { year, conclusive, alternative: null } : { year, conclusive, alternative: year - 30 };
}

/**
 * For a conclusive year, the other cycle NHTSA falls back to when the WMI has no schema for the conclusive
 * year but has one for the other.
 */
export function otherCycle(year: number, currentYear: number): number | null {
  const limit = currentYear + 2;
  if (year >= 1980 && year <= limit - 30) return year + 30;
  if (year >= 2010 && year <= limit) return year - 30;
  return null;
}
