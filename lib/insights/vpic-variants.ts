/**
 * Body and powertrain variants of a year/make/model as the vPIC patterns describe them, read from the vPIC
 * data the decoder already holds in memory (no extra I/O).
 *
 * Which patterns belong to the model: the schemas linked, for that model year, to a WMI of the make; in each,
 * the keys that carry a Model pattern naming the model. A variant pattern (body class, fuel type,
 * displacement, cylinders, electrification) counts when it sits on one of those keys, or anywhere in a schema
 * whose Model patterns name this model only. Patterns on other keys of a multi-model schema are left out:
 * the list may miss a variant, but never names one from another model.
 */
import { vpicData } from "../vin";
import { findVpicModelIn, wmisForMakeIn } from "../vin/catalog";
import { resolveAttribute } from "../vin/decode-core";
import { patternAttribute, type KeyGroup, type SchemaIndex, type VpicData } from "../vin/vpic-data";

const ELEMENT = {
  bodyClass: 5,
  cylinders: 9,
  displacement: 13,
  fuelType: 24,
  model: 28,
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

export function vpicVariants(year: number, make: string, model: string, data: VpicData = vpicData()): VpicVariants | null {
  const names = findVpicModelIn(data, make, model);
  if (!names) return null;
  const modelIds = modelIdsOf(data, names.make, names.model);
  const out = {
    bodyStyles: new Set<string>(),
    fuelTypes: new Set<string>(),
    engines: new Set<string>(),
    electrification: new Set<string>(),
  };
  let seen = false;

  const schemaIds = new Set<number>();
  for (const wmiCode of wmisForMakeIn(data, names.make)) {
    const wmi = data.wmis.get(wmiCode);
    for (const link of wmi?.links ?? []) {
      if (year >= link.yearFrom && year <= link.yearTo) schemaIds.add(link.schemaId);
    }
  }

  for (const schemaId of schemaIds) {
    const schema = data.schemas.get(schemaId);
    if (!schema) continue;
    const groups = groupsOf(schema);
    const modelGroups: KeyGroup[] = [];
    let otherModels = false;
    for (const group of groups) {
      for (const p of patternsOf(data, group)) {
        if (data.patterns.element[p] !== ELEMENT.model) continue;
        if (modelIds.has(patternAttribute(data.patterns, p))) modelGroups.push(group);
        else otherModels = true;
      }
    }
    if (modelGroups.length === 0) continue;
    seen = true;
    for (const group of otherModels ? modelGroups : groups) collect(data, group, out);
  }

  return {
    make: names.make,
    model: names.model,
    year,
    modelSeenInYear: seen,
    bodyStyles: sorted(out.bodyStyles),
    fuelTypes: sorted(out.fuelTypes),
    engines: sorted(out.engines),
    electrification: sorted(out.electrification),
  };
}

function modelIdsOf(data: VpicData, make: string, model: string): Set<string> {
  const ids = new Set<string>();
  const modelNames = data.lookups.get("Model");
  if (!modelNames) return ids;
  for (const [id, name] of modelNames) {
    if (name.toLowerCase() !== model.toLowerCase()) continue;
    if ((data.makesOfModel.get(id) ?? []).some((ref) => ref.name.toLowerCase() === make.toLowerCase())) ids.add(id);
  }
  return ids;
}

function groupsOf(schema: SchemaIndex): Set<KeyGroup> {
  const groups = new Set<KeyGroup>();
  for (const list of schema.byFirst.values()) for (const g of list) groups.add(g);
  for (const g of schema.anyFirst) groups.add(g);
  for (const g of schema.formulas) groups.add(g);
  return groups;
}

function* patternsOf(data: VpicData, group: KeyGroup): Generator<number> {
  for (let i = group.start; i < group.end; i++) yield data.patternIndex[i];
}

function collect(
  data: VpicData,
  group: KeyGroup,
  out: { bodyStyles: Set<string>; fuelTypes: Set<string>; engines: Set<string>; electrification: Set<string> },
): void {
  const displacements = new Set<string>();
  const cylinderCounts = new Set<string>();
  for (const p of patternsOf(data, group)) {
    const element = data.patterns.element[p];
    const value = () => usable(resolveAttribute(data, element, patternAttribute(data.patterns, p)));
    if (element === ELEMENT.bodyClass) add(out.bodyStyles, value());
    else if (element === ELEMENT.fuelType) add(out.fuelTypes, value());
    else if (element === ELEMENT.electrification) add(out.electrification, value());
    else if (element === ELEMENT.displacement) add(displacements, litres(value()));
    else if (element === ELEMENT.cylinders) add(cylinderCounts, wholeNumber(value()));
  }
  // A key with one displacement and one cylinder count describes one engine; anything else is listed apart.
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
