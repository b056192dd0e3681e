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
import { compileKey, probeOf, type CompiledKey } from "./key-matcher";
import { patternTablesFor, readPatternTables } from "./pattern-tables";
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
  /** The schema's compiled index once resolved (null: the schema has no usable patterns). */
  schema?: SchemaIndex | null;
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
  /** Resolved once at load, upper-cased as NHTSA prints them. */
  vehicleTypeName: string | null;
  manufacturerName: string | null;
  /** Wmi_Make rows whose make exists. */
  makes: MakeRef[];
}

export interface MakeRef {
  id: string;
  /** Upper-cased, as NHTSA prints a decoded make. */
  name: string;
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
  /**
   * Plain and bracket keys bucketed by their first literal character: slot = position * 128 + char code.
   * A decode probes only the positions in `probes` with the VIN key's character there.
   */
  byFirst: Map<number, KeyGroup[]>;
  probes: Int8Array;
  /** Keys without a literal before any class or wildcard-only keys: tested for every VIN. */
  anyFirst: KeyGroup[];
  /** Formula (`#`) keys. */
  formulas: KeyGroup[];
  /** Patterns in this schema (after element filtering), for statistics. */
  patternCount: number;
}

export interface PatternStore {
  id: Int32Array;
  element: Int16Array;
  /** AttributeId of row p is attrTable[attrIndex[p]]. */
  attrIndex: Int32Array;
  attrTable: string[];
  /** coalesce(UpdatedOn, CreatedOn) in ms; NaN when both are null. */
  changedOn: Float64Array;
}

/** AttributeId (raw, before lookup resolution) of pattern row p. */
export function patternAttribute(patterns: PatternStore, p: number): string {
  return patterns.attrTable[patterns.attrIndex[p]];
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

/** One VSpecSchemaPattern of a vehicle-spec schema: key rows that must all be decoded, value rows it adds. */
export interface VehicleSpecPatternSet {
  id: number;
  schemaId: number;
  keys: { elementId: number; attributeId: string }[];
  values: { elementId: number; attributeId: string; changedOn: number }[];
}

export interface VehicleSpecSchemaEntry {
  /** Model years the schema covers; null = every year (no VehicleSpecSchema_Year rows). */
  years: Set<number> | null;
  patterns: VehicleSpecPatternSet[];
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
  /** A schema's compiled index (built on first use, then kept), or null when it has no usable patterns. */
  schemaIndex(schemaId: number): SchemaIndex | null;
  /** The same as a read-only map view (undefined for schemas without usable patterns). */
  schemas: { get(schemaId: number): SchemaIndex | undefined };
  patterns: PatternStore;
  patternIndex: Int32Array;
  /** Lookup table name → Id (as text) → Name. */
  lookups: Map<string, Map<string, string>>;
  /** Model id (as text) → its makes (Make_Model). */
  makesOfModel: Map<string, MakeRef[]>;
  /** The same by interned attribute index (patterns.attrTable), for Model attributes. */
  makesByAttr: (MakeRef[] | undefined)[];
  /** 3-character WMIs by wmiCode(), a look-up without building a string key. */
  wmiByCode: Map<number, WmiRecord>;
  /** Element.weight by element id (0 when null), for choosing between model-year passes. */
  elementWeights: Int32Array;
  /** By element id: the variable name NHTSA prints it under, or undefined when NHTSA does not print it. */
  outputCodes: (string | undefined)[];
  engineModelPatterns: Map<string, EngineModelPatternRow[]>;
  conversions: Conversion[];
  /** Conversions by their source element, in Id order. */
  conversionsFrom: Map<number, Conversion[]>;
  defaults: Map<number, DefaultValueRow[]>;
  descriptorYears: Map<string, number>;
  /** Vehicle-spec schemas (full vPIC only) by `${makeId}|${vehicleTypeId}|${modelId}`, QC'd ones left out. */
  vehicleSpecs: Map<string, VehicleSpecSchemaEntry[]>;
  /** VINs whose wrong check digit the manufacturer reported (VinException.CheckDigit; full vPIC only). */
  checkDigitExceptions: Set<string>;
  /**
   * True for a cut that dropped whole elements' Pattern rows (corgi's: Drive Type, Transmission Style, the
   * safety elements…). Error 14 ("positions no pattern uses") cannot be judged on such a file: the dropped
   * patterns are what name those positions, so the decoder does not raise it from unused positions there.
   */
  lossy: boolean;
  /** Newest pattern edit in the file (YYYY-MM-DD): the vPIC data date. */
  dataDate: string;
  stats: { wmis: number; schemas: number; patterns: number; keys: number; loadMs: number; fromSnapshot: boolean };
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

/** A 3-character WMI as a number (three char codes), for look-ups. */
export function wmiCode(wmi: string): number {
  return (wmi.charCodeAt(0) << 16) | (wmi.charCodeAt(1) << 8) | wmi.charCodeAt(2);
}

function groupBy<T>(list: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const bucket = map.get(key);
    if (bucket) bucket.push(item);
    else map.set(key, [item]);
  }
  return map;
}

/** NHTSA prints values with tabs and line breaks turned into spaces. */
function printable(value: string): string {
  return /[\t\r\n]/.test(value) ? value.replace(/[\t\r\n]/g, " ") : value;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));

export interface LoadOptions {
  /** "Now" for PublicAvailabilityDate (tests pin it). */
  now?: Date;
  /** Folder for the compiled pattern snapshot; without it every load reads the Pattern table. */
  cacheDir?: string;
}

export function loadVpicData(file: string, options: LoadOptions = {}): VpicData {
  const now = options.now ?? new Date();
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
    // Conversions of vPIC differ in column case and in which optional columns they keep: select the wanted
    // columns under NHTSA's names, NULL for the ones a file lacks.
    const columnsOf = new Map<string, Map<string, string>>();
    const has = (tableName: string) => {
      let cols = columnsOf.get(tableName);
      if (!cols) {
        cols = new Map(
          (db.prepare(`PRAGMA table_info("${tableName}")`).all() as { name: string }[]).map((c) => [c.name.toLowerCase(), c.name]),
        );
        columnsOf.set(tableName, cols);
      }
      return cols;
    };
    const select = (name: string, wanted: string[], rest = "") => {
      const actual = table(name)!;
      const cols = has(actual);
      const list = wanted.map((w) => (cols.has(w.toLowerCase()) ? `"${cols.get(w.toLowerCase())}" AS "${w}"` : `NULL AS "${w}"`));
      return all(`SELECT ${list.join(", ")} FROM "${actual}" ${rest}`);
    };
    /** coalesce(UpdatedOn, CreatedOn), or the single "changed on" column some conversions keep. */
    const editedOn = (name: string, alias = "") => {
      const cols = has(table(name)!);
      const parts = ["UpdatedOn", "CreatedOn", "ChangedOn"].filter((c) => cols.has(c.toLowerCase())).map((c) => `${alias}"${cols.get(c.toLowerCase())}"`);
      return parts.length > 1 ? `coalesce(${parts.join(", ")})` : (parts[0] ?? "NULL");
    };

    const elements = new Map<number, VpicElement>();
    for (const r of select("Element", ["Id", "Name", "Code", "LookupTable", "DataType", "Decode", "IsPrivate", "weight", "GroupName"])) {
      const id = Number(r.Id);
      elements.set(id, {
        id,
        name: String(r.Name),
        code: String(r.Code ?? r.Name),
        lookupTable: (r.LookupTable as string | null) || null,
        dataType: (r.DataType as string | null) ?? null,
        decode: (r.Decode as string | null) || null,
        isPrivate: Boolean(num(r.IsPrivate)),
        weight: num(r.weight),
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
        map.set(String(r[0]), printable(String(r[1])));
      }
      lookups.set(element.lookupTable!, map);
    }
    for (const extra of ["Make", "Model", "Manufacturer", "VehicleType", "Country"]) {
      const name = table(extra);
      if (!name || lookups.has(extra)) continue;
      const map = new Map<string, string>();
      for (const r of db.prepare(`SELECT Id, Name FROM "${name}"`).raw().all() as [unknown, unknown][]) {
        map.set(String(r[0]), printable(String(r[1])));
      }
      lookups.set(extra, map);
    }

    const nowMs = now.getTime();
    const wmis = new Map<string, WmiRecord>();
    const wmiById = new Map<number, WmiRecord>();
    const wmiColumns = ["Id", "Wmi", "ManufacturerId", "VehicleTypeId", "TruckTypeId", "CountryId", "PublicAvailabilityDate"];
    for (const r of all(
      `SELECT ${wmiColumns.map((c) => (has(table("Wmi")!).has(c.toLowerCase()) ? `"${c}" AS "${c}"` : `NULL AS "${c}"`)).join(", ")},
              ${editedOn("Wmi")} AS "EditedOn" FROM "${table("Wmi")}"`,
    )) {
      const publicAt = parseVpicDate(r.PublicAvailabilityDate as string | null);
      const record: WmiRecord = {
        id: Number(r.Id),
        wmi: String(r.Wmi).toUpperCase(),
        manufacturerId: num(r.ManufacturerId),
        vehicleTypeId: num(r.VehicleTypeId),
        truckTypeId: num(r.TruckTypeId),
        countryId: num(r.CountryId),
        changedOn: parseVpicDate(r.EditedOn as string | null),
        isPublic: !Number.isNaN(publicAt) && publicAt <= nowMs,
        links: [],
        makeIds: [],
        vehicleTypeName: null,
        manufacturerName: null,
        makes: [],
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
    for (const r of select("VinSchema", ["Id", "TobeQCed"])) toBeQced.set(Number(r.Id), Boolean(num(r.TobeQCed)));

    // Patterns: only the rows a decode can use. Plain/bracket keys need a decodable public element;
    // formula keys take any element but the four that come from elsewhere.
    const decodable = new Set<number>();
    for (const e of elements.values()) {
      if (e.decode !== null && !e.isPrivate && !NON_PATTERN_ELEMENTS.has(e.id)) decodable.add(e.id);
    }
    const { tables: pt, fromSnapshot } = patternTablesFor(file, options.cacheDir, [...decodable].sort((x, y) => x - y).join(","), () =>
      readPatternTables(db, table("Pattern")!, editedOn("Pattern"), decodable, NON_PATTERN_ELEMENTS),
    );
    const kept = pt.id.length;
    const store: PatternStore = {
      id: pt.id,
      element: pt.element,
      attrIndex: pt.attrIndex,
      attrTable: pt.attrTable.map(printable),
      changedOn: pt.changedOn,
    };
    const patternIndex = pt.patternIndex;
    const maxChanged = pt.maxChanged;

    // Schema indexes are built on a schema's first use (a process touches a fraction of vPIC's 24 000
    // schemas; building all of them would double start-up). Groups are contiguous per schema.
    const groupCount = pt.groupSchema.length;
    const groupRange = new Map<number, number>();
    for (let g = 0; g < groupCount; g++) if (g === 0 || pt.groupSchema[g] !== pt.groupSchema[g - 1]) groupRange.set(pt.groupSchema[g], g);
    const compiledKeys: ({ compiled: CompiledKey; probe: ReturnType<typeof probeOf> } | undefined)[] = new Array(pt.keyTable.length);
    const schemas = new Map<number, SchemaIndex | null>();
    const schemaIndex = (schemaId: number): SchemaIndex | null => {
      const known = schemas.get(schemaId);
      if (known !== undefined) return known;
      const first = groupRange.get(schemaId);
      if (first === undefined) {
        schemas.set(schemaId, null);
        return null;
      }
      const index: SchemaIndex = {
        id: schemaId,
        toBeQced: toBeQced.get(schemaId) ?? false,
        byFirst: new Map(),
        anyFirst: [],
        formulas: [],
        probes: new Int8Array(0),
        patternCount: 0,
      };
      const probes: number[] = [];
      for (let g = first; g < groupCount && pt.groupSchema[g] === schemaId; g++) {
        const k = pt.groupKey[g];
        const entry = (compiledKeys[k] ??= { compiled: compileKey(pt.keyTable[k]), probe: probeOf(pt.keyTable[k]) });
        const { compiled, probe } = entry;
        const group: KeyGroup = { compiled, start: pt.groupStart[g], end: pt.groupEnd[g] };
        index.patternCount += group.end - group.start;
        if (compiled.matcher.kind === "formula") {
          index.formulas.push(group);
          continue;
        }
        if (probe === null) index.anyFirst.push(group);
        else {
          for (let c = 0; c < probe.chars.length; c++) {
            const slot = probe.position * 128 + probe.chars.charCodeAt(c);
            let bucket = index.byFirst.get(slot);
            if (!bucket) index.byFirst.set(slot, (bucket = []));
            bucket.push(group);
          }
          if (!probes.includes(probe.position)) probes.push(probe.position);
        }
      }
      index.probes = Int8Array.from(probes.sort((x, y) => x - y));
      schemas.set(schemaId, index);
      return index;
    };
    const keyCount = groupCount;
    // Full vPIC holds tens of thousands of Drive Type (15) and Transmission Style (37) patterns.
    let driveOrTransmission = 0;
    for (let i = 0; i < kept; i++) if (store.element[i] === 15 || store.element[i] === 37) driveOrTransmission++;
    const lossy = kept > 100_000 && driveOrTransmission < 1000;

    const makeNames = lookups.get("Make") ?? new Map<string, string>();
    const makeRef = new Map<string, MakeRef>();
    const refOf = (id: number): MakeRef | null => {
      const key = String(id);
      let ref = makeRef.get(key);
      if (ref) return ref;
      const name = makeNames.get(key);
      if (name === undefined) return null;
      makeRef.set(key, (ref = { id: key, name: name.toUpperCase() }));
      return ref;
    };
    const makesOfModel = new Map<string, MakeRef[]>();
    const makeModelOrder = has(table("Make_Model")!).has("id") ? "Id" : "rowid";
    for (const r of db.prepare(`SELECT ModelId, MakeId FROM "${table("Make_Model")}" ORDER BY ${makeModelOrder}`).raw().all() as number[][]) {
      const ref = refOf(Number(r[1]));
      if (!ref) continue;
      const list = makesOfModel.get(String(r[0]));
      if (list) list.push(ref);
      else makesOfModel.set(String(r[0]), [ref]);
    }
    const vehicleTypes = lookups.get("VehicleType");
    const manufacturers = lookups.get("Manufacturer");
    for (const w of wmis.values()) {
      const vt = w.vehicleTypeId !== null ? vehicleTypes?.get(String(w.vehicleTypeId)) : undefined;
      w.vehicleTypeName = vt === undefined ? null : vt.toUpperCase();
      const mf = w.manufacturerId !== null ? manufacturers?.get(String(w.manufacturerId)) : undefined;
      w.manufacturerName = mf === undefined ? null : mf.toUpperCase();
      for (const id of w.makeIds) {
        const ref = refOf(id);
        if (ref) w.makes.push(ref);
      }
    }
    const elementWeights = new Int32Array(Math.max(0, ...elements.keys()) + 1);
    const outputCodes: (string | undefined)[] = new Array(elementWeights.length).fill(undefined);
    for (const e of elements.values()) {
      elementWeights[e.id] = e.weight ?? 0;
      if (e.decode && !e.isPrivate) outputCodes[e.id] = e.code;
    }

    const engineModelPatterns = new Map<string, EngineModelPatternRow[]>();
    if (table("EngineModel") && table("EngineModelPattern")) {
      for (const r of all(
        `SELECT em.Name AS name, p.ElementId AS elementId, p.AttributeId AS attributeId,
                ${editedOn("EngineModelPattern", "p.")} AS changed
           FROM "${table("EngineModelPattern")}" p JOIN "${table("EngineModel")}" em ON em.Id = p.EngineModelId
          ORDER BY p.Id`,
      )) {
        const name = String(r.name).trim().toLowerCase();
        const list = engineModelPatterns.get(name) ?? [];
        list.push({ elementId: Number(r.elementId), attributeId: printable(String(r.attributeId)), changedOn: parseVpicDate(r.changed as string) });
        engineModelPatterns.set(name, list);
      }
    }

    const conversions: Conversion[] = table("Conversion")
      ? all(
          `SELECT Id AS "Id", FromElementId AS "FromElementId", ToElementId AS "ToElementId", Formula AS "Formula"
             FROM "${table("Conversion")}" ORDER BY Id`,
        ).map((r) => ({
          id: Number(r.Id),
          fromElementId: Number(r.FromElementId),
          toElementId: Number(r.ToElementId),
          formula: String(r.Formula),
        }))
      : [];

    // Defaults per vehicle type (full vPIC only; corgi's cut dropped the table).
    const defaults = new Map<number, DefaultValueRow[]>();
    if (table("DefaultValue")) {
      for (const r of all(
        `SELECT ElementId AS "ElementId", VehicleTypeId AS "VehicleTypeId", DefaultValue AS "DefaultValue",
                ${editedOn("DefaultValue")} AS "EditedOn" FROM "${table("DefaultValue")}"`,
      )) {
        if (r.DefaultValue === null || r.DefaultValue === undefined) continue;
        const vt = Number(r.VehicleTypeId);
        const list = defaults.get(vt) ?? [];
        list.push({
          elementId: Number(r.ElementId),
          value: String(r.DefaultValue),
          changedOn: parseVpicDate(r.EditedOn as string | null),
        });
        defaults.set(vt, list);
      }
    }

    const descriptorYears = new Map<string, number>();
    if (table("VinDescriptor")) {
      for (const r of all(`SELECT Descriptor AS "Descriptor", ModelYear AS "ModelYear" FROM "${table("VinDescriptor")}"`)) {
        descriptorYears.set(String(r.Descriptor).toUpperCase(), Number(r.ModelYear));
      }
    } else {
      for (const [descriptor, year] of VIN_DESCRIPTOR_YEARS) descriptorYears.set(descriptor, year);
    }

    const vehicleSpecs = new Map<string, VehicleSpecSchemaEntry[]>();
    const specTables = ["VehicleSpecSchema", "VSpecSchemaPattern", "VehicleSpecPattern", "VehicleSpecSchema_Model"];
    if (specTables.every((t) => table(t))) {
      const schemasById = new Map<number, { makeId: number; vehicleTypeId: number; entry: VehicleSpecSchemaEntry }>();
      for (const r of select("VehicleSpecSchema", ["Id", "MakeId", "VehicleTypeId", "TobeQCed"])) {
        if (num(r.TobeQCed)) continue;
        schemasById.set(Number(r.Id), { makeId: Number(r.MakeId), vehicleTypeId: Number(r.VehicleTypeId), entry: { years: null, patterns: [] } });
      }
      if (table("VehicleSpecSchema_Year")) {
        for (const r of select("VehicleSpecSchema_Year", ["VehicleSpecSchemaId", "Year"])) {
          const entry = schemasById.get(Number(r.VehicleSpecSchemaId))?.entry;
          if (entry) (entry.years ??= new Set()).add(Number(r.Year));
        }
      }
      const sets = new Map<number, VehicleSpecPatternSet>();
      for (const r of select("VSpecSchemaPattern", ["Id", "SchemaId"])) {
        const schema = schemasById.get(Number(r.SchemaId));
        if (!schema) continue;
        const set: VehicleSpecPatternSet = { id: Number(r.Id), schemaId: Number(r.SchemaId), keys: [], values: [] };
        sets.set(set.id, set);
        schema.entry.patterns.push(set);
      }
      for (const r of all(
        `SELECT VSpecSchemaPatternId AS "SetId", IsKey AS "IsKey", ElementId AS "ElementId", AttributeId AS "AttributeId",
                ${editedOn("VehicleSpecPattern")} AS "EditedOn" FROM "${table("VehicleSpecPattern")}"`,
      )) {
        const set = sets.get(Number(r.SetId));
        if (!set) continue;
        const isKey = r.IsKey === 1 || r.IsKey === "1" || r.IsKey === "true" || r.IsKey === true;
        if (isKey) set.keys.push({ elementId: Number(r.ElementId), attributeId: String(r.AttributeId) });
        else set.values.push({ elementId: Number(r.ElementId), attributeId: printable(String(r.AttributeId)), changedOn: parseVpicDate(r.EditedOn as string | null) });
      }
      for (const r of select("VehicleSpecSchema_Model", ["VehicleSpecSchemaId", "ModelId"])) {
        const schema = schemasById.get(Number(r.VehicleSpecSchemaId));
        if (!schema) continue;
        const key = `${schema.makeId}|${schema.vehicleTypeId}|${Number(r.ModelId)}`;
        const list = vehicleSpecs.get(key) ?? [];
        if (!list.includes(schema.entry)) list.push(schema.entry);
        vehicleSpecs.set(key, list);
      }
    }

    const checkDigitExceptions = new Set<string>();
    if (table("VinException") && has(table("VinException")!).has("checkdigit")) {
      for (const r of all(`SELECT VIN AS "Vin" FROM "${table("VinException")}" WHERE CheckDigit = 1 OR CheckDigit = 'true'`)) {
        checkDigitExceptions.add(String(r.Vin).toUpperCase());
      }
    }

    return {
      source: file,
      elements,
      wmis,
      schemaIndex,
      schemas: { get: (schemaId: number) => schemaIndex(schemaId) ?? undefined },
      patterns: store,
      patternIndex,
      lookups,
      makesOfModel,
      makesByAttr: store.attrTable.map((a) => makesOfModel.get(a)),
      wmiByCode: new Map([...wmis.values()].filter((w) => w.wmi.length === 3).map((w) => [wmiCode(w.wmi), w])),
      elementWeights,
      outputCodes,
      engineModelPatterns,
      conversions,
      conversionsFrom: groupBy(conversions, (c) => c.fromElementId),
      defaults,
      descriptorYears,
      checkDigitExceptions,
      vehicleSpecs,
      lossy,
      dataDate: maxChanged ? new Date(maxChanged).toISOString().slice(0, 10) : "",
      stats: {
        wmis: wmis.size,
        schemas: groupRange.size,
        patterns: kept,
        keys: keyCount,
        loadMs: Math.round(performance.now() - started),
        fromSnapshot,
      },
    };
  } finally {
    db.close();
  }
}
