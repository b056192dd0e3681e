/**
 * Which makes and models exist, for which model years and vehicle types, and what a manufacturer code (WMI)
 * names: vPIC's own answer to "what can I ask about without a VIN". A model exists for a year when a schema
 * linked to one of its make's WMIs for that year has a Model pattern naming it (vPIC's GetModelsForMakeYear
 * works the same way), so the 2022 Honda list has the CR-V but not the CR-Z, whose patterns end in 2016.
 *
 * Built once per vPIC data set from the tables the decoder already holds (no second read of the file), on
 * first use; the answers are then read from memory.
 */
import { LRUCache } from "lru-cache";
import { processWide } from "../db/data-version";
import { newestModelYear, nameKey, slugify } from "../vehicle";
import { vpicData } from "./decoder";
import { isMap, snapshotted } from "./vpic-snapshot";
import type { VpicData, WmiRecord } from "./vpic-data";
import { knownWmi, countryOf, regionOf, type VinRegion } from "./wmi-origin";

/** vPIC's vehicle types, by the words people and agents use. */
export const VEHICLE_TYPES = [
  "car",
  "mpv",
  "truck",
  "motorcycle",
  "bus",
  "trailer",
  "lsv",
  "incomplete",
  "offroad",
  "other",
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Passenger cars, SUVs and vans (vPIC's MPVs) and trucks: what buyers, pricing and NCAP are about. */
export const LIGHT_VEHICLE_TYPES: readonly VehicleType[] = ["car", "mpv", "truck"];

const TYPE_OF_VPIC_NAME: Record<string, VehicleType> = {
  "PASSENGER CAR": "car",
  "MULTIPURPOSE PASSENGER VEHICLE (MPV)": "mpv",
  TRUCK: "truck",
  MOTORCYCLE: "motorcycle",
  BUS: "bus",
  TRAILER: "trailer",
  "LOW SPEED VEHICLE (LSV)": "lsv",
  "INCOMPLETE VEHICLE": "incomplete",
  "OFF ROAD VEHICLE": "offroad",
};

/** What a catalog question may ask for: `light` (cars, MPVs, trucks), `all`, or one vehicle type. */
export const VEHICLE_TYPE_CHOICES = ["light", "all", ...VEHICLE_TYPES.filter((t) => t !== "other")] as const;
export type VehicleTypeChoice = (typeof VEHICLE_TYPE_CHOICES)[number];

/** The vehicle types a choice stands for (undefined: every type). */
export function vehicleTypesFor(choice: VehicleTypeChoice): readonly VehicleType[] | undefined {
  if (choice === "all") return undefined;
  return choice === "light" ? LIGHT_VEHICLE_TYPES : [choice];
}

export function vehicleTypeOf(vpicName: string | null): VehicleType {
  return (vpicName && TYPE_OF_VPIC_NAME[vpicName.toUpperCase()]) || "other";
}

export interface YearRange {
  from: number;
  to: number;
}

export interface CatalogMake {
  /** vPIC's spelling (its Make table): "Honda", "Land Rover", "BMW". */
  name: string;
  /** The slug every other route and tool takes: "honda", "land-rover". */
  slug: string;
  vehicleTypes: VehicleType[];
  /** Model years with at least one model, as ranges. */
  years: YearRange[];
}

export type CatalogModel = CatalogMake;

/** A make or a model with its model years per vehicle type, clamped to the newest model year that can exist. */
interface Entry {
  name: string;
  slug: string;
  /** Year ranges per vehicle type while the index is built (unmerged); null once finished. */
  byType: Ranges | null;
  /**
   * Merged year ranges of each of `all.vehicleTypes`, in that order (frozen arrays shared between entries with the
   * same ranges: 54,000 makes and models held a Map and arrays of their own each, about 46 MB).
   */
  ranges: readonly (readonly YearRange[])[];
  /** Every type and year of the entry: the answer when a filter keeps all of it (frozen, shared, never copied). */
  all: CatalogMake;
}

interface MakeEntry extends Entry {
  /** By nameKey of the model. */
  models: Map<string, Entry>;
}

interface CatalogIndex {
  /** The newest model year the ranges were clamped to (an open vPIC link runs to it). */
  newest: number;
  /** By nameKey of the make ("LANDROVER"): any spelling or slug finds it. */
  makes: Map<string, MakeEntry>;
  /**
   * Lists of makes already answered, by year and types, with each make's key (for `q`): a list of every make
   * walks 12,000 of them; these lists only hold references to the makes' shared answers.
   */
  makeLists: LRUCache<string, [key: string, make: CatalogMake][]>;
}

// Per process, not per module instance: Next.js bundles instrumentation (which builds it at start) and each
// route apart, and the vPIC data itself is held the same way (lib/vin/decoder.ts).
const indexes = processWide("vin.vehicle-catalog", () => new WeakMap<VpicData, CatalogIndex>());

const MODEL_ELEMENT = 28;

/** Lists of makes kept (year × types asked for); each holds references only, at most 12,000 of them. */
const MAKE_LISTS = 64;

/** Bump when the index's layout or how it is built changes, so old snapshots are ignored. */
const FORMAT = 1;

function indexOf(data: VpicData, now: Date): CatalogIndex {
  const newest = newestModelYear(now);
  const known = indexes.get(data);
  if (known?.newest === newest) return known;
  const index: CatalogIndex = { newest, makes: makesOf(data, newest), makeLists: new LRUCache({ max: MAKE_LISTS }) };
  indexes.set(data, index);
  return index;
}

/**
 * The makes and their models, from the data's snapshot (vpic-snapshot.ts) when there is one: building them walks
 * every public WMI's links (about 0.85 s on a 2-core machine), reading them back about a third of that.
 */
function makesOf(data: VpicData, newest: number): Map<string, MakeEntry> {
  let publicWmis = 0;
  for (const wmi of data.wmis.values()) if (wmi.isPublic) publicWmis++;
  const { value: makes, fromSnapshot } = snapshotted({
    file: data.source,
    cacheDir: data.cacheDir,
    name: "vpic-catalog",
    // Only public WMIs count, and for one file the public ones only grow with time: their count names the set.
    dependsOn: `${FORMAT}|${newest}|${publicWmis}`,
    usable: isMap,
    compile: () => buildMakes(data, newest),
  });
  if (fromSnapshot) {
    for (const make of makes.values()) {
      freezeShared(make);
      make.models.forEach(freezeShared);
    }
  }
  return makes;
}

type Ranges = Map<VehicleType, YearRange[]>;

function buildMakes(data: VpicData, newest: number): Map<string, MakeEntry> {
  const makeNames = data.lookups.get("Make") ?? new Map<string, string>();
  const modelNames = data.lookups.get("Model") ?? new Map<string, string>();
  // A WMI may carry several makes: a schema's model counts for the make it belongs to (Make_Model).
  const modelsOfMakeBySchema = new Map<number, Map<string, string[]>>();
  for (const [schemaId, modelIds] of data.valuesBySchema(MODEL_ELEMENT)) {
    const byMake = new Map<string, string[]>();
    for (const modelId of modelIds) {
      for (const ref of data.makesOfModel.get(modelId) ?? []) {
        const list = byMake.get(ref.id);
        if (list) list.push(modelId);
        else byMake.set(ref.id, [modelId]);
      }
    }
    modelsOfMakeBySchema.set(schemaId, byMake);
  }
  // Raw ranges by make id, then model id: names are keyed once per id, not once per link.
  const raw = new Map<string, Map<string, Ranges>>();
  for (const wmi of data.wmis.values()) {
    // NHTSA's decoder ignores WMIs not yet public; so does the catalog.
    if (!wmi.isPublic) continue;
    const type = vehicleTypeOf(wmi.vehicleTypeName);
    for (const makeId of wmi.makeIds.map(String)) {
      for (const link of wmi.links) {
        if (link.yearFrom > newest) continue;
        const range = { from: link.yearFrom, to: Math.min(link.yearTo, newest) };
        for (const modelId of modelsOfMakeBySchema.get(link.schemaId)?.get(makeId) ?? []) {
          let models = raw.get(makeId);
          if (!models) raw.set(makeId, (models = new Map()));
          let ranges = models.get(modelId);
          if (!ranges) models.set(modelId, (ranges = new Map()));
          const list = ranges.get(type);
          if (list) list.push(range);
          else ranges.set(type, [range]);
        }
      }
    }
  }
  const makes = new Map<string, MakeEntry>();
  for (const [makeId, models] of raw) {
    const makeName = makeNames.get(makeId);
    if (!makeName) continue;
    const make = keyed(makes, makeName, (slug) => ({
      name: makeName,
      slug,
      byType: new Map(),
      ranges: [],
      all: NOTHING,
      models: new Map(),
    }));
    for (const [modelId, ranges] of models) {
      const modelName = modelNames.get(modelId);
      if (!modelName) continue;
      const model = keyed<Entry>(make.models, modelName, (slug) => ({
        name: modelName,
        slug,
        byType: new Map(),
        ranges: [],
        all: NOTHING,
      }));
      addRanges(model.byType!, ranges);
      addRanges(make.byType!, ranges);
    }
  }
  const shared = sharedValues();
  for (const make of makes.values()) {
    finish(make, shared);
    make.models.forEach((model) => finish(model, shared));
    make.models = sortedByName(make.models);
  }
  // Kept in A-Z order, so a list is a filter of the index and never sorts.
  return sortedByName(makes);
}

/** Freezes again what finish() froze (a snapshot gives back plain objects): answers are shared, never copied. */
function freezeShared(entry: Entry): void {
  const freezeYears = (years: readonly YearRange[]) => {
    if (Object.isFrozen(years)) return;
    years.forEach(Object.freeze);
    Object.freeze(years);
  };
  Object.freeze(entry.all);
  Object.freeze(entry.all.vehicleTypes);
  freezeYears(entry.all.years);
  entry.ranges.forEach(freezeYears);
}

const NOTHING: CatalogMake = { name: "", slug: "", vehicleTypes: [], years: [] };

const collator = new Intl.Collator("en", { sensitivity: "base" });

function sortedByName<T extends { name: string }>(map: Map<string, T>): Map<string, T> {
  return new Map([...map].sort(([, a], [, b]) => collator.compare(a.name, b.name)));
}

/** The entry of `name` under its nameKey, created with its slug when new (spellings of one name share it). */
function keyed<T>(map: Map<string, T>, name: string, create: (slug: string) => T): T {
  const key = nameKey(name);
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = create(slugify(name))));
  return entry;
}

function addRanges(into: Ranges, from: Ranges): void {
  for (const [type, list] of from) {
    const known = into.get(type);
    if (known) known.push(...list);
    else into.set(type, [...list]);
  }
}

/** One frozen copy of each distinct list of vehicle types and of year ranges, for the entries of one index. */
function sharedValues() {
  const lists = new Map<string, readonly unknown[]>();
  const once = <T>(key: string, make: () => readonly T[]): readonly T[] => {
    let known = lists.get(key) as readonly T[] | undefined;
    if (!known) lists.set(key, (known = make()));
    return known;
  };
  return {
    types: (types: VehicleType[]) => once(`t:${types.join(",")}`, () => Object.freeze(types)),
    years: (ranges: YearRange[]) =>
      once(`y:${ranges.map((r) => `${r.from}-${r.to}`).join(",")}`, () =>
        Object.freeze(ranges.map((r) => Object.freeze(r))),
      ),
  };
}

/** Merges each type's ranges (they pile up unmerged while the index is built) and computes `all`. */
function finish(entry: Entry, shared: ReturnType<typeof sharedValues>): void {
  const types: VehicleType[] = [];
  const ranges: (readonly YearRange[])[] = [];
  for (const type of VEHICLE_TYPES) {
    const list = entry.byType!.get(type);
    if (!list) continue;
    types.push(type);
    ranges.push(shared.years(merged(list)));
  }
  entry.byType = null;
  entry.ranges = ranges;
  entry.all = Object.freeze({
    name: entry.name,
    slug: entry.slug,
    vehicleTypes: shared.types(types) as VehicleType[],
    years: (ranges.length === 1 ? ranges[0] : shared.years(merged(ranges.flat()))) as YearRange[],
  });
}

/** The entry's merged year ranges for one of its vehicle types. */
const rangesOf = (entry: Entry, type: VehicleType) => entry.ranges[entry.all.vehicleTypes.indexOf(type)];

/** Sorted, with overlapping and adjacent ranges joined. */
function merged(ranges: readonly YearRange[]): YearRange[] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from || a.to - b.to);
  const out: YearRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else out.push({ ...r });
  }
  return out;
}

export interface CatalogFilter {
  /** Only what exists in this model year. */
  year?: number;
  /** Only these vehicle types (default: every type). */
  types?: readonly VehicleType[];
}

export interface MakesFilter extends CatalogFilter {
  /** Only makes whose name contains this text (any case or punctuation: "land" finds Land Rover). */
  q?: string;
}

const covers = (ranges: readonly YearRange[], year: number) => ranges.some((r) => year >= r.from && year <= r.to);

/** An entry's types and years within the filter, or null when nothing of it is left. */
function view(entry: Entry, filter: CatalogFilter): CatalogMake | null {
  const { year, types } = filter;
  const kept = types ? entry.all.vehicleTypes.filter((t) => types.includes(t)) : entry.all.vehicleTypes;
  const inYear = year === undefined ? kept : kept.filter((t) => covers(rangesOf(entry, t), year));
  if (!inYear.length) return null;
  if (inYear.length === entry.all.vehicleTypes.length) return entry.all;
  return {
    name: entry.name,
    slug: entry.slug,
    vehicleTypes: inYear,
    years: merged(inYear.flatMap((t) => rangesOf(entry, t))),
  };
}

/** The makes with at least one model within the filter, A-Z. */
export function listMakesIn(data: VpicData, filter: MakesFilter, now = new Date()): CatalogMake[] {
  const index = indexOf(data, now);
  const listKey = `${filter.year ?? "*"}|${filter.types?.join(",") ?? "*"}`;
  let list = index.makeLists.get(listKey);
  if (!list) {
    list = [];
    for (const [key, make] of index.makes) {
      const v = view(make, filter);
      if (v) list.push([key, v]);
    }
    index.makeLists.set(listKey, list);
  }
  const wanted = filter.q ? nameKey(filter.q) : "";
  return list.filter(([key]) => key.includes(wanted)).map(([, make]) => make);
}

/** A make (any spelling or slug) with its models within the filter, A-Z; null when vPIC knows no such make. */
export function listModelsIn(
  data: VpicData,
  make: string,
  filter: CatalogFilter,
  now = new Date(),
): { make: { name: string; slug: string }; models: CatalogModel[] } | null {
  const entry = indexOf(data, now).makes.get(nameKey(make));
  if (!entry) return null;
  const models: CatalogModel[] = [];
  for (const model of entry.models.values()) {
    const v = view(model, filter);
    if (v) models.push(v);
  }
  return { make: { name: entry.name, slug: entry.slug }, models };
}

/** One model of a make (any spelling or slug), with every year and type vPIC has for it; null when unknown. */
export function findCatalogModelIn(
  data: VpicData,
  make: string,
  model: string,
  now = new Date(),
): { make: { name: string; slug: string }; model: CatalogModel } | null {
  const entry = indexOf(data, now).makes.get(nameKey(make));
  const m = entry?.models.get(nameKey(model));
  if (!entry || !m) return null;
  return { make: { name: entry.name, slug: entry.slug }, model: m.all };
}

export interface WmiInfo {
  wmi: string;
  /** Where the answer comes from: vPIC's public WMI list, or the short list of well-known WMIs vPIC does not publish. */
  listedIn: "vpic" | "known_wmi_list";
  manufacturer: string | null;
  makes: { name: string; slug: string }[];
  /** ISO 3780: the country and region the code's first characters were issued to. */
  country: string | null;
  region: VinRegion | null;
  /** vPIC's vehicle type of the WMI, and its word. */
  vpicVehicleType: string | null;
  vehicleTypes: VehicleType[];
  /** Model years of the WMI's vPIC patterns; empty when vPIC holds none. */
  years: YearRange[];
}

/**
 * What a WMI names: 3 characters, or 6 for a small manufacturer (a WMI whose third character is 9, with VIN
 * positions 12-14). Null when neither vPIC's public list nor the known-WMI list names it. The caller checks
 * the format.
 */
export function lookupWmiIn(data: VpicData, wmi: string, now = new Date()): WmiInfo | null {
  const code = wmi.toUpperCase();
  const record = data.wmis.get(code);
  const origin = { country: countryOf(code), region: regionOf(code) };
  if (record?.isPublic) return fromVpic(data, record, origin, now);
  const known = code.length === 3 ? knownWmi(code) : null;
  if (!known) return null;
  return {
    wmi: code,
    listedIn: "known_wmi_list",
    manufacturer: known.manufacturer,
    makes: known.make ? [{ name: known.make, slug: slugify(known.make) }] : [],
    ...origin,
    vpicVehicleType: null,
    vehicleTypes: [],
    years: [],
  };
}

function fromVpic(data: VpicData, record: WmiRecord, origin: Pick<WmiInfo, "country" | "region">, now: Date): WmiInfo {
  const makeNames = data.lookups.get("Make") ?? new Map<string, string>();
  const newest = newestModelYear(now);
  const makes = record.makeIds.flatMap((id) => {
    const name = makeNames.get(String(id));
    return name ? [{ name, slug: slugify(name) }] : [];
  });
  const years = merged(
    record.links.filter((l) => l.yearFrom <= newest).map((l) => ({ from: l.yearFrom, to: Math.min(l.yearTo, newest) })),
  );
  return {
    wmi: record.wmi,
    listedIn: "vpic",
    manufacturer: record.manufacturerName,
    makes,
    ...origin,
    vpicVehicleType: record.vehicleTypeName,
    vehicleTypes: record.vehicleTypeName ? [vehicleTypeOf(record.vehicleTypeName)] : [],
    years,
  };
}

export const listMakes = (filter: CatalogFilter) => listMakesIn(vpicData(), filter);
export const listModels = (make: string, filter: CatalogFilter) => listModelsIn(vpicData(), make, filter);
export const findCatalogModel = (make: string, model: string) => findCatalogModelIn(vpicData(), make, model);
/** Builds the index ahead of the first question (server start-up), so no caller waits for it. */
export const warmCatalog = () => void indexOf(vpicData(), new Date());
