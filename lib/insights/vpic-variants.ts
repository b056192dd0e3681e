/**
 * Body and powertrain variants of a year/make/model as the vPIC patterns describe them: body class, fuel
 * type, displacement, cylinders and electrification, read key by key from lib/vin's catalog
 * (modelYearPatternsIn, which says which patterns belong to the model) over the data the decoder already
 * holds in memory (no extra I/O).
 */
import { modelYearPatternsIn, vpicData, type VpicData } from "../vin";

const ELEMENT = {
  bodyClass: 5,
  cylinders: 9,
  displacement: 13,
  fuelType: 24,
  electrification: 126,
} as const;

export interface VpicVariants {
  /** vPIC's canonical names (make upper-cased, as vPIC prints it). */
  make: string;
  model: string;
  year: number;
  /** True when at least one pattern of that model year names the model. */
  modelSeenInYear: boolean;
  bodyStyles: string[];
  fuelTypes: string[];
  /** "2.5 L, 4 cylinders" style descriptions; displacement and cylinder counts seen on the same key. */
  engines: string[];
  electrification: string[];
}

export function vpicVariants(
  year: number,
  make: string,
  model: string,
  data: VpicData = vpicData(),
): VpicVariants | null {
  const found = modelYearPatternsIn(data, year, make, model, Object.values(ELEMENT));
  if (!found) return null;
  const out = {
    bodyStyles: new Set<string>(),
    fuelTypes: new Set<string>(),
    engines: new Set<string>(),
    electrification: new Set<string>(),
  };
  for (const key of found.keys) collect(key, out);
  return {
    make: found.make,
    model: found.model,
    year,
    modelSeenInYear: found.seenInYear,
    bodyStyles: sorted(out.bodyStyles),
    fuelTypes: sorted(out.fuelTypes),
    engines: sorted(out.engines),
    electrification: sorted(out.electrification),
  };
}

/** One pattern key's values: a key with one displacement and one cylinder count describes one engine. */
function collect(
  key: Map<number, string[]>,
  out: { bodyStyles: Set<string>; fuelTypes: Set<string>; engines: Set<string>; electrification: Set<string> },
): void {
  const values = (element: number, shape: (v: string | null) => string | null = (v) => v) =>
    (key.get(element) ?? []).map((v) => shape(usable(v)));
  for (const v of values(ELEMENT.bodyClass)) add(out.bodyStyles, v);
  for (const v of values(ELEMENT.fuelType)) add(out.fuelTypes, v);
  for (const v of values(ELEMENT.electrification)) add(out.electrification, v);
  const displacements = new Set<string>();
  const cylinderCounts = new Set<string>();
  for (const v of values(ELEMENT.displacement, litres)) add(displacements, v);
  for (const v of values(ELEMENT.cylinders, wholeNumber)) add(cylinderCounts, v);
  if (displacements.size === 1 && cylinderCounts.size === 1) {
    out.engines.add(`${[...displacements][0]} L, ${[...cylinderCounts][0]} cylinders`);
  } else {
    for (const d of displacements) out.engines.add(`${d} L`);
  }
}

function usable(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  return v && !/^(not applicable|n\/a|unknown|other)$/i.test(v) ? v : null;
}

function add(set: Set<string>, value: string | null): void {
  if (value) set.add(value);
}

/** "2.5", "2.4999" → "2.5"; patterns store liters with up to many decimals. */
function litres(value: string | null): string | null {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 && n < 20 ? (Math.round(n * 10) / 10).toFixed(1) : null;
}

function wholeNumber(value: string | null): string | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 16 ? String(n) : null;
}

function sorted(set: Set<string>): string[] {
  return [...set].sort((a, b) => a.localeCompare(b));
}
