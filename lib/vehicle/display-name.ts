/**
 * The one casing of a make in every answer: as people and the makers write it ("Toyota", "Land Rover",
 * "Mercedes-Benz", "BMW", "Kia"). vPIC and NHTSA's recall and complaint files print makes in upper case
 * ("TOYOTA"); the upper-case spelling stays where NHTSA's own words are given (a decode's `elements.Make`).
 * Short all-caps makes are acronyms (BMW, GMC, MG) and stay; the few makes whose own spelling title case gets
 * wrong are listed. A name already in mixed case is kept as given, so the function can be applied twice.
 */
const OWN_SPELLINGS: Record<string, string> = {
  KIA: "Kia",
  RAM: "Ram",
  MINI: "MINI",
  MCLAREN: "McLaren",
  "AM GENERAL": "AM General",
  DELOREAN: "DeLorean",
  VINFAST: "VinFast",
};

/** A vehicle (a decode) with its make in that casing; null stays null. */
export function withDisplayMake<T extends { make: string | null }>(vehicle: T): T {
  // Only `make` changes, from one string to another: the object keeps its type.
  return vehicle.make === null ? vehicle : ({ ...vehicle, make: displayMake(vehicle.make) } as T);
}

export function displayMake(name: string): string {
  if (name !== name.toUpperCase()) return name;
  const own = OWN_SPELLINGS[name.trim()];
  if (own) return own;
  if (name.replace(/[^A-Z]/g, "").length <= 3) return name;
  return name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}
