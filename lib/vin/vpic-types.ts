/**
 * The compiled vPIC data the decoder walks (built by vpic-data.ts from the vPIC tables): WMIs with their
 * schema links, per-schema key indexes over a column store of Pattern rows, look-up tables and the tables
 * NHTSA's later steps read (engine models, conversions, defaults, vehicle specs).
 */
import type { CompiledKey } from "./key-matcher";

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

interface WmiSchemaLink {
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
  /** PublicAvailabilityDate in ms since the epoch; NaN when there is none (never public). */
  publicAt: number;
  /** PublicAvailabilityDate set and not in the future when the data was loaded; NHTSA ignores other WMIs. */
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
  /** The folder of its snapshots (vpic-snapshot.ts), when it was loaded with one. */
  cacheDir?: string;
  elements: Map<number, VpicElement>;
  wmis: Map<string, WmiRecord>;
  /** A schema's compiled index (built on first use, then kept), or null when it has no usable patterns. */
  schemaIndex(schemaId: number): SchemaIndex | null;
  /** The same as a read-only map view (undefined for schemas without usable patterns). */
  schemas: { get(schemaId: number): SchemaIndex | undefined };
  /**
   * Per schema the decoder may use (none waiting for QC): the distinct attribute values of one element's
   * patterns, e.g. the model ids of element 28. Built on first use for that element, then kept.
   */
  valuesBySchema(elementId: number): ReadonlyMap<number, readonly string[]>;
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
