/**
 * What a VIN's first characters say without NHTSA's pattern data (ISO 3779 / ISO 3780): the region (first
 * character), the country (first two), and, for well-known manufacturer codes (WMIs) that NHTSA's vPIC data
 * does not list publicly, the manufacturer and the make where the WMI belongs to one make. Pure data.
 *
 * Sources (public): ISO 3780's country-code allocation and the WMI list as reproduced in Wikipedia's
 * "Vehicle identification number" article (§ World manufacturer identifier) and Wikibooks' "Vehicle
 * Identification Numbers (VIN codes)/World Manufacturer Identifier (WMI)". A WMI not listed here and not in
 * vPIC names no manufacturer: the VIN is then answered 404 as before.
 */

export type VinRegion = "Africa" | "Asia" | "Europe" | "North America" | "Oceania" | "South America";

/** ISO 3779: the check digit is mandatory for North America (first character 1-5), advisory elsewhere. */
export function isNorthAmericanVin(vin: string): boolean {
  return vin[0] >= "1" && vin[0] <= "5";
}

export function regionOf(vin: string): VinRegion | null {
  const c = vin[0];
  if (c >= "A" && c <= "H") return "Africa";
  if (c >= "J" && c <= "R") return "Asia";
  if (c >= "S" && c <= "Z") return "Europe";
  if (c >= "1" && c <= "5") return "North America";
  if (c === "6" || c === "7") return "Oceania";
  if (c === "8" || c === "9") return "South America";
  return null;
}

/** ISO 3780 orders the second character A-Z (no I, O, Q), then 1-9, then 0. */
const ORDER = "ABCDEFGHJKLMNPRSTUVWXYZ1234567890";

/** [first character, second from, second to, country] as ISO 3780 allocates them (the common ranges). */
const COUNTRY_RANGES: Array<[string, string, string, string]> = [
  ["A", "A", "H", "SOUTH AFRICA"],
  ["J", "A", "0", "JAPAN"],
  ["K", "F", "K", "ISRAEL"],
  ["K", "L", "R", "SOUTH KOREA"],
  ["K", "S", "0", "KAZAKHSTAN"],
  ["L", "A", "0", "CHINA"],
  ["M", "A", "E", "INDIA"],
  ["M", "F", "K", "INDONESIA"],
  ["M", "L", "R", "THAILAND"],
  ["N", "A", "E", "IRAN"],
  ["N", "F", "K", "PAKISTAN"],
  ["N", "L", "R", "TURKEY"],
  ["P", "A", "E", "PHILIPPINES"],
  ["P", "F", "K", "SINGAPORE"],
  ["P", "L", "R", "MALAYSIA"],
  ["R", "A", "E", "UNITED ARAB EMIRATES"],
  ["R", "F", "K", "TAIWAN"],
  ["R", "L", "R", "VIETNAM"],
  ["R", "S", "0", "SAUDI ARABIA"],
  ["S", "A", "M", "UNITED KINGDOM (UK)"],
  ["S", "N", "T", "GERMANY"],
  ["S", "U", "Z", "POLAND"],
  ["T", "A", "H", "SWITZERLAND"],
  ["T", "J", "P", "CZECHIA"],
  ["T", "R", "V", "HUNGARY"],
  ["T", "W", "1", "PORTUGAL"],
  ["U", "H", "M", "DENMARK"],
  ["U", "N", "T", "IRELAND"],
  ["U", "U", "Z", "ROMANIA"],
  ["U", "5", "7", "SLOVAKIA"],
  ["V", "A", "E", "AUSTRIA"],
  ["V", "F", "R", "FRANCE"],
  ["V", "S", "W", "SPAIN"],
  ["V", "X", "2", "SERBIA"],
  ["V", "3", "5", "CROATIA"],
  ["V", "6", "0", "ESTONIA"],
  ["W", "A", "0", "GERMANY"],
  ["X", "A", "E", "BULGARIA"],
  ["X", "F", "K", "GREECE"],
  ["X", "L", "R", "NETHERLANDS"],
  ["X", "S", "W", "RUSSIA"],
  ["X", "X", "2", "LUXEMBOURG"],
  ["X", "3", "0", "RUSSIA"],
  ["Y", "A", "E", "BELGIUM"],
  ["Y", "F", "K", "FINLAND"],
  ["Y", "S", "W", "SWEDEN"],
  ["Y", "X", "2", "NORWAY"],
  ["Y", "6", "0", "UKRAINE"],
  ["Z", "A", "R", "ITALY"],
  ["Z", "X", "2", "SLOVENIA"],
  ["1", "A", "0", "UNITED STATES (USA)"],
  ["4", "A", "0", "UNITED STATES (USA)"],
  ["5", "A", "0", "UNITED STATES (USA)"],
  ["2", "A", "0", "CANADA"],
  ["3", "A", "W", "MEXICO"],
  ["6", "A", "W", "AUSTRALIA"],
  ["7", "A", "E", "NEW ZEALAND"],
  ["8", "A", "E", "ARGENTINA"],
  ["8", "F", "K", "CHILE"],
  ["9", "A", "E", "BRAZIL"],
  ["9", "F", "K", "COLOMBIA"],
  ["9", "3", "9", "BRAZIL"],
];

export function countryOf(vin: string): string | null {
  const second = ORDER.indexOf(vin[1]);
  if (second < 0) return null;
  for (const [first, from, to, country] of COUNTRY_RANGES) {
    if (vin[0] === first && second >= ORDER.indexOf(from) && second <= ORDER.indexOf(to)) return country;
  }
  return null;
}

export interface KnownWmi {
  manufacturer: string;
  /** Only when every vehicle under this WMI carries one make. */
  make: string | null;
}

/** Manufacturer codes outside vPIC's public WMI list, for vehicles built for markets outside the US. */
const KNOWN_WMIS: Record<string, KnownWmi> = {
  LRW: { manufacturer: "TESLA, INC. (GIGAFACTORY SHANGHAI)", make: "TESLA" },
  XP7: { manufacturer: "TESLA, INC. (GIGAFACTORY BERLIN-BRANDENBURG)", make: "TESLA" },
  LSV: { manufacturer: "SAIC VOLKSWAGEN", make: "VOLKSWAGEN" },
  LFV: { manufacturer: "FAW-VOLKSWAGEN", make: null },
  LBV: { manufacturer: "BMW BRILLIANCE AUTOMOTIVE", make: "BMW" },
  LE4: { manufacturer: "BEIJING BENZ AUTOMOTIVE", make: "MERCEDES-BENZ" },
  LDC: { manufacturer: "DONGFENG PEUGEOT CITROEN", make: null },
  LSJ: { manufacturer: "SAIC MOTOR (MG)", make: "MG" },
  LVS: { manufacturer: "CHANGAN FORD", make: "FORD" },
  LVG: { manufacturer: "GAC TOYOTA", make: "TOYOTA" },
  LHG: { manufacturer: "GAC HONDA", make: "HONDA" },
  LVV: { manufacturer: "CHERY AUTOMOBILE", make: "CHERY" },
  LJ1: { manufacturer: "JAC MOTORS", make: "JAC" },
  VF7: { manufacturer: "AUTOMOBILES CITROEN", make: "CITROEN" },
  TMB: { manufacturer: "SKODA AUTO", make: "SKODA" },
  VSS: { manufacturer: "SEAT", make: "SEAT" },
  TMA: { manufacturer: "HYUNDAI MOTOR MANUFACTURING CZECH", make: "HYUNDAI" },
  KPT: { manufacturer: "SSANGYONG MOTOR (KG MOBILITY)", make: "SSANGYONG" },
  MA3: { manufacturer: "MARUTI SUZUKI INDIA", make: "MARUTI SUZUKI" },
  MAL: { manufacturer: "HYUNDAI MOTOR INDIA", make: "HYUNDAI" },
  SJN: { manufacturer: "NISSAN MOTOR MANUFACTURING (UK)", make: "NISSAN" },
  XTA: { manufacturer: "AVTOVAZ", make: "LADA" },
  "8AJ": { manufacturer: "TOYOTA ARGENTINA", make: "TOYOTA" },
};

export function knownWmi(wmi: string): KnownWmi | null {
  return KNOWN_WMIS[wmi] ?? null;
}
