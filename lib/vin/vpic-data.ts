/**
 * Reads the vPIC tables from an SQLite file once and compiles them into the in-memory structures the
 * decoder walks: WMI → schema links with year ranges; schema → its distinct keys (compiled matchers,
 * bucketed by the key's first character) → the Pattern rows behind each key; lookup tables; makes of models;
 * engine-model patterns; conversions; defaults and descriptor years when the file has them.
 *
 * Works with any SQLite holding the vPIC tables (corgi's cut or a full conversion): every element the file
 * holds is used, optional tables are used when present.
 */
import Database from "better-sqlite3";
import { compileKey, type CompiledKey } from "./key-matcher";
import { VIN_DESCRIPTOR_YEARS } from "./vin-descriptor-years";

export interface VpicElement {
  id: number;
  name: string;
  /** DecodeVinValues' variable name (Element.Code). */
  code: string;
  lookupTable: string | null;
  dataType: string | null;
  decode: string | null;
  isPrivate: boolean;
  weight: number | null;
  groupName: string | null;
}

export interface WmiSchemaLink {
  schemaId: number;
  yearFrom: number;
  yearTo: number;
}

export interface WmiRecord {
  id: number;
  wmi: string;
  manufacturerId: number | null;
  vehicleTypeId: number | null;
  truckTypeId: number | null;
  countryId: number | null;
  changedOn: number;
  /** PublicAvailabilityDate set and not in the future; NHTSA ignores other WMIs. */
  isPublic: boolean;
  links: WmiSchemaLink[];
  makeIds: number[];
}

export interface KeyGroup {
  compiled: CompiledKey;
  /** The group's patterns are VpicData.patternIndex[start..end): indices into VpicData.patterns. */
  start: number;
  end: number;
}

export interface SchemaIndex {
  id: number;
  toBeQced: boolean;
  /** Plain and bracket keys by the char code of their first character (VIN position 4). */
  byFirst: Map<number, KeyGroup[]>;
  /** Keys whose first character is a wildcard or a class: tested for every VIN. */
  anyFirst: KeyGroup[];
  /** Formula (`#`) keys. */
  formulas: KeyGroup[];
  /** Patterns in this schema (after element filtering), for statistics. */
  patternCount: number;
}

export interface PatternStore {
  id: Int32Array;
  element: Int16Array;
  attribute: string[];
  /** coalesce(UpdatedOn, CreatedOn) in ms; NaN when both are null. */
  changedOn: Float64Array;
}

export interface EngineModelPatternRow {
  elementId: number;
  attributeId: string;
  changedOn: number;
}

export interface Conversion {
  id: number;
  fromElementId: number;
  toElementId: number;
  formula: string;
}

export interface DefaultValueRow {
  elementId: number;
  value: string;
  changedOn: number;
}

export interface VpicData {
  source: string;
  elements: Map<number, VpicElement>;
  wmis: Map<string, WmiRecord>;
  schemas: Map<number, SchemaIndex>;
  patterns: PatternStore;
  patternIndex: Int32Array;
  /** Lookup table name → Id (as text) → Name. */
  lookups: Map<string, Map<string, string>>;
  makesOfModel: Map<number, number[]>;
  engineModelPatterns: Map<string, EngineModelPatternRow[]>;
  conversions: Conversion[];
  defaults: Map<number, DefaultValueRow[]>;
  descriptorYears: Map<string, number>;
  /** Newest pattern edit in the file (YYYY-MM-DD): the vPIC data date. */
  dataDate: string;
  stats: { wmis: number; schemas: number; patterns: number; keys: number; loadMs: number };
}

/** Elements NHTSA never takes from Pattern rows: Make, Manufacturer, Model Year, Vehicle Type. */
export const NON_PATTERN_ELEMENTS = new Set([26, 27, 29, 39]);

const dateCache = new Map<string, number>();

/** vPIC timestamps come as `2015-03-03 19:29:57`, `… 11:54:50.870000` or ISO with `Z`; all are UTC. */
export function parseVpicDate(value: string | null | undefined): number {
  if (!value) return Number.NaN;
  let parsed = dateCache.get(value);
  if (parsed !== undefined) return parsed;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?/.exec(value);
  parsed = m ? Date.parse(`${m[1]}T${m[2]}${m[3] ? `.${m[3].slice(0, 3).padEnd(3, "0")}` : ""}Z`) : Date.parse(value);
  if (dateCache.size < 200_000) dateCache.set(value, parsed);
  return parsed;
}

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

export function loadVpicData(file: string, now = new Date()): VpicData {
  const started = performance.now();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Map(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => [
        r.name.toLowerCase(),
        r.name,
      ]),
    );
    const table = (name: string) => tables.get(name.toLowerCase()) ?? null;
    const all = (sql: string) => db.prepare(sql).all() as Row[];

    const elements = new Map<number, VpicElement>();
    for (const r of all(`SELECT * FROM "${table("Element")}"`)) {
      const id = Number(r.Id);
      elements.set(id, {
        id,
        name: String(r.Name),
        code: String(r.Code ?? r.Name),
        lookupTable: (r.LookupTable as string | null) || null,
        dataType: (r.DataType as string | null) ?? null,
        decode: (r.Decode as string | null) || null,
        isPrivate: Boolean(num(r.IsPrivate)),
        weight: num(r.weight ?? r.Weight),
        groupName: (r.GroupName as string | null) ?? null,
      });
    }

    // Lookup tables named by Element.LookupTable that the file holds (corgi's cut lacks a few).
    const lookups = new Map<string, Map<string, string>>();
    for (const element of elements.values()) {
      const name = element.lookupTable && table(element.lookupTable);
      if (!name || lookups.has(element.lookupTable!)) continue;
      const map = new Map<string, string>();
      for (const r of db.prepare(`SELECT Id, Name FROM "${name}"`).raw().all() as [unknown, unknown][]) {
        map.set(String(r[0]), String(r[1]));
      }
      lookups.set(element.lookupTable!, map);
    }
    for (const extra of ["Make", "Model", "Manufacturer", "VehicleType", "Country"]) {
      const name = table(extra);
      if (!name || lookups.has(extra)) continue;
      const map = new Map<string, string>();
      for (const r of db.prepare(`SELECT Id, Name FROM "${name}"`).raw().all() as [unknown, unknown][]) {
        map.set(String(r[0]), String(r[1]));
      }
      lookups.set(extra, map);
    }

    const nowMs = now.getTime();
    const wmis = new Map<string, WmiRecord>();
    const wmiById = new Map<number, WmiRecord>();
    for (const r of all(`SELECT * FROM "${table("Wmi")}"`)) {
      const publicAt = parseVpicDate(r.PublicAvailabilityDate as string | null);
      const record: WmiRecord = {
        id: Number(r.Id),
        wmi: String(r.Wmi).toUpperCase(),
        manufacturerId: num(r.ManufacturerId),
        vehicleTypeId: num(r.VehicleTypeId),
        truckTypeId: num(r.TruckTypeId),
        countryId: num(r.CountryId),
        changedOn: parseVpicDate((r.UpdatedOn ?? r.CreatedOn) as string | null),
        isPublic: !Number.isNaN(publicAt) && publicAt <= nowMs,
        links: [],
        makeIds: [],
      };
      wmis.set(record.wmi, record);
      wmiById.set(record.id, record);
    }
    for (const r of db.prepare(`SELECT WmiId, VinSchemaId, YearFrom, YearTo FROM "${table("Wmi_VinSchema")}"`).raw().all() as unknown[][]) {
      wmiById.get(Number(r[0]))?.links.push({
        schemaId: Number(r[1]),
        yearFrom: Number(r[2]),
        yearTo: r[3] === null ? 2999 : Number(r[3]),
      });
    }
    if (table("Wmi_Make")) {
      for (const r of db.prepare(`SELECT WmiId, MakeId FROM "${table("Wmi_Make")}"`).raw().all() as unknown[][]) {
        wmiById.get(Number(r[0]))?.makeIds.push(Number(r[1]));
      }
    }

    const toBeQced = new Map<number, boolean>();
    for (const r of db.prepare(`SELECT Id, TobeQCed FROM "${table("VinSchema")}"`).raw().all() as unknown[][]) {
      toBeQced.set(Number(r[0]), Boolean(num(r[1])));
    }

    // Patterns: only the rows a decode can use. Plain/bracket keys need a decodable public element;
    // formula keys take any element but the four that come from elsewhere.
    const decodable = (id: number) => {
      const e = elements.get(id);
      return !!e && e.decode !== null && !e.isPrivate && !NON_PATTERN_ELEMENTS.has(id);
    };
    // Streamed, with the edit date parsed by SQLite (julianday, in days) to keep start-up short. Rows are
    // chained per (schema, key) group through `next`, then laid out group by group in one index array.
    const capacity = (db.prepare(`SELECT count(*) FROM "${table("Pattern")}"`).pluck().get() as number) || 0;
    const store: PatternStore = {
      id: new Int32Array(capacity),
      element: new Int16Array(capacity),
      attribute: new Array<string>(capacity),
      changedOn: new Float64Array(capacity),
    };
    const next = new Int32Array(capacity).fill(-1);
    const groupHead: number[] = [];
    const groupTail: number[] = [];
    const groupSize: number[] = [];
    const groupKey: string[] = [];
    const groupSchema: number[] = [];
    const groupsBySchema = new Map<number, Map<string, number>>();
    const interned = new Map<string, string>();
    const decodableCache = new Map<number, boolean>();
    let kept = 0;
    let maxChanged = 0;
    const rows = db
      .prepare(
        `SELECT Id, VinSchemaId, Keys, ElementId, AttributeId,
                (julianday(coalesce(UpdatedOn, CreatedOn)) - 2440587.5) * 86400000.0
           FROM "${table("Pattern")}"`,
      )
      .raw()
      .iterate() as IterableIterator<[number, number, string, number, string, number | null]>;
    for (const [id, schemaId, keys, elementId, attributeId, changed] of rows) {
      const key = keys.toUpperCase();
      const formula = key.includes("#");
      if (formula) {
        if (NON_PATTERN_ELEMENTS.has(elementId)) continue;
      } else {
        let ok = decodableCache.get(elementId);
        if (ok === undefined) decodableCache.set(elementId, (ok = decodable(elementId)));
        if (!ok) continue;
      }
      const attr = String(attributeId);
      let a = interned.get(attr);
      if (a === undefined) interned.set(attr, (a = attr));
      store.id[kept] = id;
      store.element[kept] = elementId;
      store.attribute[kept] = a;
      const changedMs = changed === null ? Number.NaN : Math.round(changed);
      store.changedOn[kept] = changedMs;
      if (changedMs > maxChanged) maxChanged = changedMs;
      let keysOfSchema = groupsBySchema.get(schemaId);
      if (!keysOfSchema) groupsBySchema.set(schemaId, (keysOfSchema = new Map()));
      let g = keysOfSchema.get(key);
      if (g === undefined) {
        g = groupHead.length;
        keysOfSchema.set(key, g);
        groupHead.push(kept);
        groupTail.push(kept);
        groupSize.push(1);
        groupKey.push(key);
        groupSchema.push(schemaId);
      } else {
        next[groupTail[g]] = kept;
        groupTail[g] = kept;
        groupSize[g]++;
      }
      kept++;
    }
    store.attribute.length = kept;
    const patternIndex = new Int32Array(kept);

    const schemas = new Map<number, SchemaIndex>();
    let offset = 0;
    for (const [schemaId, keyMap] of groupsBySchema) {
      const index: SchemaIndex = {
        id: schemaId,
        toBeQced: toBeQced.get(schemaId) ?? false,
        byFirst: new Map(),
        anyFirst: [],
        formulas: [],
        patternCount: 0,
      };
      for (const [key, g] of keyMap) {
        const start = offset;
        for (let p = groupHead[g]; p !== -1; p = next[p]) patternIndex[offset++] = p;
        const group: KeyGroup = { compiled: compileKey(key), start, end: offset };
        index.patternCount += groupSize[g];
        if (group.compiled.matcher.kind === "formula") {
          index.formulas.push(group);
          continue;
        }
        if (key.length === 0 || key[0] === "*" || key[0] === "[" || key[0] === "_") index.anyFirst.push(group);
        else {
          const first = key.charCodeAt(0);
          let bucket = index.byFirst.get(first);
          if (!bucket) index.byFirst.set(first, (bucket = []));
          bucket.push(group);
        }
      }
      schemas.set(schemaId, index);
    }
    const keyCount = groupHead.length;
    void groupSchema;
    void groupKey;

    const makesOfModel = new Map<number, number[]>();
    for (const r of db.prepare(`SELECT ModelId, MakeId FROM "${table("Make_Model")}" ORDER BY Id`).raw().all() as number[][]) {
      const list = makesOfModel.get(Number(r[0]));
      if (list) list.push(Number(r[1]));
      else makesOfModel.set(Number(r[0]), [Number(r[1])]);
    }

    const engineModelPatterns = new Map<string, EngineModelPatternRow[]>();
    if (table("EngineModel") && table("EngineModelPattern")) {
      for (const r of all(
        `SELECT em.Name AS name, p.ElementId AS elementId, p.AttributeId AS attributeId,
                coalesce(p.UpdatedOn, p.CreatedOn) AS changed
           FROM "${table("EngineModelPattern")}" p JOIN "${table("EngineModel")}" em ON em.Id = p.EngineModelId
          ORDER BY p.Id`,
      )) {
        const name = String(r.name).trim().toLowerCase();
        const list = engineModelPatterns.get(name) ?? [];
        list.push({ elementId: Number(r.elementId), attributeId: String(r.attributeId), changedOn: parseVpicDate(r.changed as string) });
        engineModelPatterns.set(name, list);
      }
    }

    const conversions: Conversion[] = table("Conversion")
      ? all(`SELECT Id, FromElementId, ToElementId, Formula FROM "${table("Conversion")}" ORDER BY Id`).map((r) => ({
          id: Number(r.Id),
          fromElementId: Number(r.FromElementId),
          toElementId: Number(r.ToElementId),
          formula: String(r.Formula),
        }))
      : [];

    // Defaults per vehicle type (full vPIC only; corgi's cut dropped the table).
    const defaults = new Map<number, DefaultValueRow[]>();
    if (table("DefaultValue")) {
      for (const r of all(`SELECT * FROM "${table("DefaultValue")}"`)) {
        if (r.DefaultValue === null || r.DefaultValue === undefined) continue;
        const vt = Number(r.VehicleTypeId);
        const list = defaults.get(vt) ?? [];
        list.push({
          elementId: Number(r.ElementId),
          value: String(r.DefaultValue),
          changedOn: parseVpicDate((r.UpdatedOn ?? r.CreatedOn ?? r.changedon ?? null) as string | null),
        });
        defaults.set(vt, list);
      }
    }

    const descriptorYears = new Map<string, number>();
    if (table("VinDescriptor")) {
      for (const r of all(`SELECT Descriptor, ModelYear FROM "${table("VinDescriptor")}"`)) {
        descriptorYears.set(String(r.Descriptor).toUpperCase(), Number(r.ModelYear));
      }
    } else {
      for (const [descriptor, year] of VIN_DESCRIPTOR_YEARS) descriptorYears.set(descriptor, year);
    }

    return {
      source: file,
      elements,
      wmis,
      schemas,
      patterns: store,
      patternIndex,
      lookups,
      makesOfModel,
      engineModelPatterns,
      conversions,
      defaults,
      descriptorYears,
      dataDate: maxChanged ? new Date(maxChanged).toISOString().slice(0, 10) : "",
      stats: {
        wmis: wmis.size,
        schemas: schemas.size,
        patterns: kept,
        keys: keyCount,
        loadMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    db.close();
  }
}
