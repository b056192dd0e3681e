/**
 * Reads the vPIC tables from an SQLite file once and compiles them into the in-memory structures the
 * decoder walks (vpic-types.ts): WMI → schema links with year ranges; schema → its distinct keys (compiled
 * matchers, bucketed by the key's first character) → the Pattern rows behind each key; lookup tables; makes
 * of models; engine-model patterns; conversions; defaults and descriptor years when the file has them.
 * One module under vpic-tables/ per group of tables. What is read is kept in a snapshot beside the data
 * (vpic-snapshot.ts), so a process reads it from there; what depends on the time (which WMIs are public) is
 * judged on each load.
 *
 * Works with any SQLite holding the vPIC tables (corgi's cut or a full conversion): every element the file
 * holds is used, optional tables are used when present.
 */
import Database from "better-sqlite3";
import { readPatternTables, type PatternTables } from "./pattern-tables";
import { VIN_DESCRIPTOR_YEARS } from "./vin-descriptor-years";
import { ensureSnapshot, isMap, snapshotted, type SnapshotSpec } from "./vpic-snapshot";
import {
  decodableElements,
  elementTables,
  NON_PATTERN_ELEMENTS,
  readElements,
  readLookups,
} from "./vpic-tables/elements";
import { printable, vpicReader, type VpicReader } from "./vpic-tables/reader";
import {
  readConversions,
  readDefaults,
  readEngineModelPatterns,
  readVehicleSpecs,
} from "./vpic-tables/resolution-tables";
import { readSchemasToBeQced, schemaIndexer } from "./vpic-tables/schema-index";
import { readCheckDigitExceptions, readDescriptorYears } from "./vpic-tables/vin-exceptions";
import { makeRefs, nameWmis, readMakesOfModel, readWmis } from "./vpic-tables/wmis";
import type {
  Conversion,
  DefaultValueRow,
  EngineModelPatternRow,
  MakeRef,
  PatternStore,
  VehicleSpecSchemaEntry,
  VpicData,
  VpicElement,
  WmiRecord,
} from "./vpic-types";

export type * from "./vpic-types";

/** A 3-character WMI as a number (three char codes), for look-ups. */
export function wmiCode(wmi: string): number {
  return (wmi.charCodeAt(0) << 16) | (wmi.charCodeAt(1) << 8) | wmi.charCodeAt(2);
}

export interface LoadOptions {
  /** "Now" for PublicAvailabilityDate (tests pin it). */
  now?: Date;
  /** Folder for the compiled snapshot (vpic-snapshot.ts); without it every load reads the tables. */
  cacheDir?: string;
}

/**
 * What is read out of the file: everything the decoder holds but what depends on the time and the per-schema
 * indexes (built on first use).
 */
interface VpicTables {
  elements: Map<number, VpicElement>;
  lookups: Map<string, Map<string, string>>;
  /** With their names and makes; `isPublic` is judged when loaded. */
  wmis: Map<string, WmiRecord>;
  pt: PatternTables;
  toBeQced: Map<number, boolean>;
  makesOfModel: Map<string, MakeRef[]>;
  engineModelPatterns: Map<string, EngineModelPatternRow[]>;
  conversions: Conversion[];
  defaults: Map<number, DefaultValueRow[]>;
  /** Null when the file has no VinDescriptor table: the bundled list is used (it is code, not data). */
  descriptorYears: Map<string, number> | null;
  checkDigitExceptions: Set<string>;
  vehicleSpecs: Map<string, VehicleSpecSchemaEntry[]>;
}

/** Bump when VpicTables or how a table is read changes, so old snapshots are ignored. */
const FORMAT = 3;

export function loadVpicData(file: string, options: LoadOptions = {}): VpicData {
  const now = options.now ?? new Date();
  const started = performance.now();
  const { value: t, fromSnapshot } = snapshotted(tablesSnapshot(file, options.cacheDir));
  for (const w of t.wmis.values()) w.isPublic = !Number.isNaN(w.publicAt) && w.publicAt <= now.getTime();
  const { pt, wmis, makesOfModel, conversions } = t;
  const indexer = schemaIndexer(pt, t.toBeQced);
  const store: PatternStore = {
    id: pt.id,
    element: pt.element,
    attrIndex: pt.attrIndex,
    attrTable: pt.attrTable.map(printable),
    changedOn: pt.changedOn,
  };
  return {
    source: file,
    cacheDir: options.cacheDir,
    elements: t.elements,
    wmis,
    schemaIndex: indexer.schemaIndex,
    schemas: { get: (schemaId: number) => indexer.schemaIndex(schemaId) ?? undefined },
    valuesBySchema: indexer.valuesBySchema,
    patterns: store,
    patternIndex: pt.patternIndex,
    lookups: t.lookups,
    makesOfModel,
    makesByAttr: store.attrTable.map((a) => makesOfModel.get(a)),
    wmiByCode: new Map([...wmis.values()].filter((w) => w.wmi.length === 3).map((w) => [wmiCode(w.wmi), w])),
    ...elementTables(t.elements),
    engineModelPatterns: t.engineModelPatterns,
    conversions,
    conversionsFrom: groupBy(conversions, (c) => c.fromElementId),
    defaults: t.defaults,
    descriptorYears: t.descriptorYears ?? new Map(VIN_DESCRIPTOR_YEARS),
    checkDigitExceptions: t.checkDigitExceptions,
    vehicleSpecs: t.vehicleSpecs,
    lossy: isLossy(store),
    dataDate: pt.maxChanged ? new Date(pt.maxChanged).toISOString().slice(0, 10) : "",
    stats: statsOf(wmis, indexer, store, started, fromSnapshot),
  };
}

/** The snapshot of what is read out of `file` (vpic-snapshot.ts). */
function tablesSnapshot(file: string, cacheDir: string | undefined): SnapshotSpec<VpicTables> {
  return {
    file,
    cacheDir,
    name: "vpic-tables",
    dependsOn: `${FORMAT}|${[...NON_PATTERN_ELEMENTS].join(",")}`,
    // (isView, not instanceof: see vpic-snapshot.ts.)
    usable: (v) => isMap((v as VpicTables)?.wmis) && ArrayBuffer.isView((v as VpicTables).pt?.patternIndex),
    compile: () => readTables(file),
  };
}

/**
 * Writes the snapshot of `file`'s tables into `cacheDir` unless it is there (an install, a start), reading nothing
 * back: the processes that start next read it.
 */
export function ensureVpicSnapshot(file: string, cacheDir: string): void {
  ensureSnapshot({ ...tablesSnapshot(file, cacheDir), cacheDir });
}

function readTables(file: string): VpicTables {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const r = vpicReader(db);
    const elements = readElements(r);
    const lookups = readLookups(r, elements);
    const wmis = readWmis(r);
    const refOf = makeRefs(lookups);
    const makesOfModel = readMakesOfModel(r, refOf);
    nameWmis(wmis, lookups, refOf);
    return {
      elements,
      lookups,
      wmis,
      pt: readPatterns(r, elements),
      toBeQced: readSchemasToBeQced(r),
      makesOfModel,
      engineModelPatterns: readEngineModelPatterns(r),
      conversions: readConversions(r),
      defaults: readDefaults(r),
      descriptorYears: readDescriptorYears(r),
      checkDigitExceptions: readCheckDigitExceptions(r),
      vehicleSpecs: readVehicleSpecs(r),
    };
  } finally {
    db.close();
  }
}

/**
 * The Pattern rows a decode can use: plain/bracket keys need a decodable public element; formula keys take any
 * element but the four that come from elsewhere.
 */
function readPatterns(r: VpicReader, elements: Map<number, VpicElement>): PatternTables {
  const decodable = decodableElements(elements);
  return readPatternTables(r.db, r.table("Pattern")!, r.editedOn("Pattern"), decodable, NON_PATTERN_ELEMENTS);
}

/**
 * A cut that dropped whole elements' Pattern rows (corgi's: Drive Type, Transmission Style…): full vPIC
 * holds tens of thousands of Drive Type (15) and Transmission Style (37) patterns.
 */
function isLossy(store: PatternStore): boolean {
  const kept = store.id.length;
  let driveOrTransmission = 0;
  for (let i = 0; i < kept; i++) if (store.element[i] === 15 || store.element[i] === 37) driveOrTransmission++;
  return kept > 100_000 && driveOrTransmission < 1000;
}

function statsOf(
  wmis: Map<string, WmiRecord>,
  indexer: { schemaCount: number; keyCount: number },
  store: PatternStore,
  started: number,
  fromSnapshot: boolean,
): VpicData["stats"] {
  return {
    wmis: wmis.size,
    schemas: indexer.schemaCount,
    patterns: store.id.length,
    keys: indexer.keyCount,
    loadMs: Math.round(performance.now() - started),
    fromSnapshot,
  };
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
