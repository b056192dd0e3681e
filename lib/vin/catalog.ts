/**
 * The one index of makes, models and WMIs, over the vPIC tables the decoder already holds in memory (no
 * second read of the vPIC file): WMIs of a make, makes of a WMI, vPIC's names of a make and model, and the
 * pattern values of a model year (its variants). The sticker registry and the insights read it from here.
 */
import { vpicData } from "./decoder";
import { resolveAttribute } from "./decode/element-resolution";
import type { KeyGroup, SchemaIndex, VpicData } from "./vpic-data";
import { nameKey } from "../vehicle";
import { processWide } from "../db/data-version";

// Makes and models are keyed by lib/vehicle's nameKey: "Mercedes-Benz", "mercedes benz" and the slug
// "mercedes-benz" are the same make.

interface Catalog {
  wmisByMake: Map<string, string[]>;
  /** Every WMI the file holds, published or not, → its makes in vPIC's spelling (Wmi_Make order). */
  makesByWmi: Map<string, string[]>;
  models: Map<string, { make: string; models: Map<string, string> }>;
}

// Process-wide, as are the indexes below: Next.js bundles lib/ into the start-up hook and into the routes, and an
// index the hook built in its own copy would be built again by the first request (~150 ms at a cold start).
const catalogs = processWide("vin.catalog", () => new WeakMap<VpicData, Catalog>());

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
  catalog = { wmisByMake, makesByWmi: makesByWmiOf(data), models };
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

/** Builds the make/model index of the loaded data ahead of the first question (server start-up). */
export function warmMakeModelIndex(data: VpicData): void {
  catalogOf(data);
  modelIdsByName(data);
}

export function findVpicModel(make: string, model: string): { make: string; model: string } | null {
  return findVpicModelIn(vpicData(), make, model);
}

function makesByWmiOf(data: VpicData): Map<string, string[]> {
  const makeNames = data.lookups.get("Make") ?? new Map<string, string>();
  const makesByWmi = new Map<string, string[]>();
  for (const wmi of data.wmis.values()) {
    const makes: string[] = [];
    for (const makeId of wmi.makeIds) {
      const name = makeNames.get(String(makeId));
      if (name !== undefined && !makes.includes(name)) makes.push(name);
    }
    if (makes.length) makesByWmi.set(wmi.wmi, makes);
  }
  return makesByWmi;
}

/**
 * Makes the vPIC tables link to a VIN's WMI (Wmi_Make), in vPIC's spelling, whether NHTSA publishes the WMI
 * or not; a WMI ending in 9 names a small maker by positions 12-14 too.
 */
function makesForVinIn(data: VpicData, vin: string): string[] {
  const { makesByWmi } = catalogOf(data);
  const wmi = vin.slice(0, 3).toUpperCase();
  if (wmi[2] === "9") {
    const long = makesByWmi.get(wmi + vin.slice(11, 14).toUpperCase());
    if (long) return [...long];
  }
  return [...(makesByWmi.get(wmi) ?? [])];
}

export function makesForVin(vin: string): string[] {
  return makesForVinIn(vpicData(), vin);
}

export interface ModelYearPatterns {
  /** vPIC's canonical names (make upper-cased, as vPIC prints it). */
  make: string;
  model: string;
  /** True when at least one pattern of that model year names the model. */
  seenInYear: boolean;
  /** Per pattern key of the model: the resolved values of the asked elements (element id → values, in pattern order). */
  keys: Map<number, string[]>[];
}

/**
 * The pattern values of a year/make/model, key by key. Which patterns belong to the model: the schemas
 * linked, for that model year, to a WMI of the make; in each, the keys that carry a Model pattern naming the
 * model. A key counts when it names the model, or when it sits in a schema whose Model patterns name this
 * model only. Keys of a multi-model schema that do not name the model are left out: the answer may miss a
 * variant, but never names one from another model. Null when vPIC does not know the make and model.
 */
export function modelYearPatternsIn(
  data: VpicData,
  year: number,
  make: string,
  model: string,
  elementIds: readonly number[],
): ModelYearPatterns | null {
  const names = findVpicModelIn(data, make, model);
  if (!names) return null;
  const modelIds = modelIdsOf(data, names.make, names.model);
  const wanted = new Set(elementIds);
  const keys: Map<number, string[]>[] = [];
  let seen = false;
  for (const schemaId of schemasOfMakeYear(data, names.make, year)) {
    const schema = data.schemas.get(schemaId);
    if (!schema) continue;
    const models = modelGroupsOf(data, schema);
    const modelGroups: KeyGroup[] = [];
    for (const id of modelIds) for (const group of models.byModel.get(id) ?? []) modelGroups.push(group);
    if (modelGroups.length === 0) continue;
    seen = true;
    const otherModels = [...models.byModel.keys()].some((id) => !modelIds.has(id));
    for (const group of otherModels ? modelGroups : models.groups) keys.push(valuesOfKey(data, group, wanted));
  }
  return { make: names.make, model: names.model, seenInYear: seen, keys };
}

const MODEL_ELEMENT = 28;

function schemasOfMakeYear(data: VpicData, make: string, year: number): Set<number> {
  const schemaIds = new Set<number>();
  for (const code of wmisForMakeIn(data, make)) {
    for (const link of data.wmis.get(code)?.links ?? []) {
      if (year >= link.yearFrom && year <= link.yearTo) schemaIds.add(link.schemaId);
    }
  }
  return schemaIds;
}

function modelIdsOf(data: VpicData, make: string, model: string): Set<string> {
  const ids = new Set<string>();
  for (const id of modelIdsByName(data).get(model.toLowerCase()) ?? []) {
    if ((data.makesOfModel.get(id) ?? []).some((ref) => ref.name.toLowerCase() === make.toLowerCase())) ids.add(id);
  }
  return ids;
}

/**
 * What a report asks of the catalog for every vehicle it has not met, indexed once per loaded vPIC data set
 * (a new data set is a new object, so its indexes are built afresh): model ids by lower-cased name, and per
 * schema its key groups by the models their Model patterns name. Without them each new vehicle scanned every
 * model name and every pattern of its make's schemas (about 2 ms of a report's CPU).
 */
const idsByNameOf = processWide("vin.model-ids-by-name", () => new WeakMap<VpicData, Map<string, string[]>>());

function modelIdsByName(data: VpicData): Map<string, string[]> {
  let index = idsByNameOf.get(data);
  if (!index) {
    index = new Map();
    for (const [id, name] of data.lookups.get("Model") ?? []) {
      const key = name.toLowerCase();
      const ids = index.get(key);
      if (ids) ids.push(id);
      else index.set(key, [id]);
    }
    idsByNameOf.set(data, index);
  }
  return index;
}

interface SchemaModels {
  groups: Set<KeyGroup>;
  /** Model id → the key groups whose Model pattern names it (a group may name several). */
  byModel: Map<string, KeyGroup[]>;
}

const modelsOfSchema = processWide("vin.models-of-schema", () => new WeakMap<SchemaIndex, SchemaModels>());

function modelGroupsOf(data: VpicData, schema: SchemaIndex): SchemaModels {
  let found = modelsOfSchema.get(schema);
  if (!found) {
    const groups = groupsOf(schema);
    const byModel = new Map<string, KeyGroup[]>();
    for (const group of groups) {
      for (let i = group.start; i < group.end; i++) {
        const p = data.patternIndex[i];
        if (data.patterns.element[p] !== MODEL_ELEMENT) continue;
        const id = data.patterns.attrTable[data.patterns.attrIndex[p]];
        const list = byModel.get(id);
        if (list) list.push(group);
        else byModel.set(id, [group]);
      }
    }
    found = { groups, byModel };
    modelsOfSchema.set(schema, found);
  }
  return found;
}

function groupsOf(schema: SchemaIndex): Set<KeyGroup> {
  const groups = new Set<KeyGroup>();
  for (const list of schema.byFirst.values()) for (const g of list) groups.add(g);
  for (const g of schema.anyFirst) groups.add(g);
  for (const g of schema.formulas) groups.add(g);
  return groups;
}

function valuesOfKey(data: VpicData, group: KeyGroup, wanted: ReadonlySet<number>): Map<number, string[]> {
  const values = new Map<number, string[]>();
  for (let i = group.start; i < group.end; i++) {
    const p = data.patternIndex[i];
    const element = data.patterns.element[p];
    if (!wanted.has(element)) continue;
    const value = resolveAttribute(data, element, data.patterns.attrTable[data.patterns.attrIndex[p]]);
    if (value === null) continue;
    const list = values.get(element);
    if (list) list.push(value);
    else values.set(element, [value]);
  }
  return values;
}
