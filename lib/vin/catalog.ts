/**
 * Make and model look-ups over the vPIC tables the decoder already holds in memory.
 */
import { vpicData } from "./decoder";
import type { VpicData } from "./vpic-data";
import { nameKey } from "../vehicle/names";

// Makes and models are keyed by lib/vehicle's nameKey: "Mercedes-Benz", "mercedes benz" and the slug
// "mercedes-benz" are the same make.

interface Catalog {
  wmisByMake: Map<string, string[]>;
  models: Map<string, { make: string; models: Map<string, string> }>;
}

const catalogs = new WeakMap<VpicData, Catalog>();

function catalogOf(data: VpicData): Catalog {
  let catalog = catalogs.get(data);
  if (catalog) return catalog;
  const makeNames = data.lookups.get("Make") ?? new Map<string, string>();
  const modelNames = data.lookups.get("Model") ?? new Map<string, string>();
  const wmisByMake = new Map<string, string[]>();
  for (const wmi of data.wmis.values()) {
    if (!wmi.isPublic) continue;
    for (const makeId of wmi.makeIds) {
      const name = makeNames.get(String(makeId));
      if (!name) continue;
      const slug = nameKey(name);
      const list = wmisByMake.get(slug) ?? [];
      if (!list.includes(wmi.wmi)) list.push(wmi.wmi);
      wmisByMake.set(slug, list);
    }
  }
  for (const list of wmisByMake.values()) list.sort();
  const models = new Map<string, { make: string; models: Map<string, string> }>();
  for (const [modelId, makes] of data.makesOfModel) {
    const model = modelNames.get(modelId);
    if (!model) continue;
    for (const ref of makes) {
      const make = makeNames.get(ref.id);
      if (!make) continue;
      const slug = nameKey(make);
      let entry = models.get(slug);
      if (!entry) models.set(slug, (entry = { make, models: new Map() }));
      const modelSlug = nameKey(model);
      if (!entry.models.has(modelSlug)) entry.models.set(modelSlug, model);
    }
  }
  catalog = { wmisByMake, models };
  catalogs.set(data, catalog);
  return catalog;
}

/** WMIs linked to a make (Wmi_Make) among the WMIs NHTSA publishes; case- and punctuation-insensitive. */
export function wmisForMakeIn(data: VpicData, makeName: string): string[] {
  return [...(catalogOf(data).wmisByMake.get(nameKey(makeName)) ?? [])];
}

/** vPIC's canonical names (the make upper-cased, as decodes and vPIC's API print it) for a case/slug-insensitive make and model, or null. */
export function findVpicModelIn(data: VpicData, make: string, model: string): { make: string; model: string } | null {
  const entry = catalogOf(data).models.get(nameKey(make));
  const name = entry?.models.get(nameKey(model));
  return entry && name ? { make: entry.make.toUpperCase(), model: name } : null;
}

export function wmisForMake(makeName: string): string[] {
  return wmisForMakeIn(vpicData(), makeName);
}

export function findVpicModel(make: string, model: string): { make: string; model: string } | null {
  return findVpicModelIn(vpicData(), make, model);
}
