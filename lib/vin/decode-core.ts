/**
 * NHTSA's VIN decode (spVinDecode + spVinDecode_core + spVinDecode_ErrorCode) over the compiled vPIC data.
 *
 * One pass decodes the VIN for one model year: every Pattern row of the WMI's schemas for that year whose
 * key matches is a candidate, then per element the winner is the first by priority (the linking
 * Wmi_VinSchema.YearFrom), newest edit, fewest literal key characters, bracketless key, insertion order.
 * Engine-model patterns, vehicle type, manufacturer, model year and formula patterns join the candidates;
 * Make comes from the decoded Model (Make_Model) or the WMI's single Wmi_Make row; displacement
 * conversions fill empty targets; then NHTSA's error codes. When position 10 does not settle the year,
 * both 30-year cycles are decoded and the better pass is kept.
 */
import { nhtsaCheckDigit } from "./check-digit";
import { errorTextOf, errorValue } from "./error-codes";
import { formulaValue, matchesKey, type CompiledKey } from "./key-matcher";
import { isCarMpvLightTruck, otherCycle, readModelYear } from "./model-year";
import { patternKeyOf, vinDescriptor, wmiOf } from "./format";
import { wmiCode, type KeyGroup, type PatternStore, type SchemaIndex, type VpicData, type WmiRecord } from "./vpic-data";

type Source =
  | "Pattern"
  | "EngineModelPattern"
  | "Formula Pattern"
  | "VehType"
  | "Manu. Name"
  | "Manu. Id"
  | "ModelYear"
  | "pattern - model"
  | "Make"
  | "Conversion"
  | "Default"
  | "Vehicle Specs"
  | "Corrections";

interface Item {
  elementId: number;
  attributeId: string;
  /** A formula row of a schema waiting for QC: it competes, then NHTSA deletes it from the answer. */
  toBeQced?: boolean;
  /** For Pattern rows: the attribute's index in the interned attribute table (fast per-attribute look-ups). */
  attr?: number;
  /** Final text, or null while the attribute still has to be resolved (NHTSA's 'XXX'). */
  value: string | null;
  resolved: boolean;
  source: Source;
  priority: number;
  /** ms; NaN = null, which sorts first in a descending order (PostgreSQL's NULLS FIRST). */
  changedOn: number;
  keys: CompiledKey | null;
  keyText: string | null;
  patternId: number | null;
  seq: number;
}

/** Elements NHTSA keeps every match of instead of ranking. */
export const MULTI_VALUED_ELEMENTS = new Set([114, 121, 129, 150, 154, 155, 169, 186]);
const OFF_ROAD_BODY_CLASSES = new Set(["69", "84", "86", "88", "97", "105", "113", "124", "126", "127"]);
const INCOMPLETE_BODY_CLASSES = new Set([
  "65", "107", "70", "74", "63", "72", "112", "62", "64", "76", "78", "71", "77", "67", "116", "75",
]);
const SEQ_LATE = 1e10;

interface Winner {
  p: number;
  priority: number;
  key: CompiledKey;
}

interface Pass {
  year: number | null;
  items: Item[];
  codes: string[];
  additional: string;
  errorValue: number;
  elementsWeight: number;
  patterns: number;
}

export interface CoreDecode {
  vin: string;
  wmi: string;
  wmiRecord: WmiRecord | null;
  descriptor: string;
  year: number | null;
  conclusive: boolean;
  codes: string[];
  errorText: string;
  additionalErrorText: string;
  /** Element id → values (several only for multi-valued elements), resolved, NHTSA order. */
  values: Map<number, string[]>;
  hasPatterns: boolean;
}

function compareItems(a: Item, b: Item): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const an = Number.isNaN(a.changedOn);
  const bn = Number.isNaN(b.changedOn);
  if (an !== bn) return an ? -1 : 1;
  if (!an && a.changedOn !== b.changedOn) return b.changedOn - a.changedOn;
  const al = a.keys ? a.keys.literalLength : (a.keyText ?? "").replace(/\*/g, "").length;
  const bl = b.keys ? b.keys.literalLength : (b.keyText ?? "").replace(/\*/g, "").length;
  if (al !== bl) return al - bl;
  const ak = a.keys ? a.keys.bracketless : (a.keyText ?? "").replace(/[[\]]/g, "");
  const bk = b.keys ? b.keys.bracketless : (b.keyText ?? "").replace(/[[\]]/g, "");
  if (ak !== bk) return ak < bk ? -1 : 1;
  return a.seq - b.seq;
}

function makeCounter() {
  let n = 0;
  return () => SEQ_LATE + n++;
}

export function decodeWithData(data: VpicData, rawVin: string, now = new Date()): CoreDecode {
  const vin = rawVin.trim().toUpperCase();
  const currentYear = now.getUTCFullYear();
  const limit = currentYear + 2;
  const wmi = wmiOf(vin);
  const anyWmi = (wmi.length === 3 ? data.wmiByCode.get(wmiCode(wmi)) : data.wmis.get(wmi)) ?? null;
  const publicWmi = anyWmi && anyWmi.isPublic ? anyWmi : null;
  const descriptor = vinDescriptor(vin);
  const vinKey = patternKeyOf(vin);
  const carLt = anyWmi ? isCarMpvLightTruck(anyWmi.vehicleTypeId, anyWmi.truckTypeId) : false;

  const passes: Pass[] = [];
  let conclusive = true;
  const descriptorYear = data.descriptorYears.get(descriptor);
  if (descriptorYear !== undefined && descriptorYear >= 1980 && descriptorYear <= limit) {
    passes.push(runPass(data, vin, vinKey, publicWmi, anyWmi, descriptorYear, true, "descriptor"));
  } else {
    const reading = readModelYear(vin, carLt, currentYear);
    let year = reading.year;
    conclusive = reading.conclusive;
    if (year !== null && conclusive) {
      const alt = otherCycle(year, currentYear);
      if (alt !== null && anyWmi && countSchemas(anyWmi, year) === 0 && countSchemas(anyWmi, alt) > 0) year = alt;
    }
    const first = runPass(data, vin, vinKey, publicWmi, anyWmi, year, conclusive, "***X*|Y");
    passes.push(first);
    // A pass for a year the WMI has no schema for ends with error 8 (weight -1000) and cannot beat a pass
    // without it (whose other errors weigh at most -105 together), so it is not run.
    const alternative = reading.alternative;
    const hopeless =
      alternative !== null && publicWmi !== null && !first.codes.includes("8") && countSchemas(publicWmi, alternative) === 0;
    if (!conclusive && alternative !== null && !hopeless) {
      passes.push(runPass(data, vin, vinKey, publicWmi, anyWmi, alternative, conclusive, "***X*|Y"));
    }
  }

  let best = passes[0];
  for (let i = 1; i < passes.length; i++) {
    const p = passes[i];
    const order =
      p.errorValue - best.errorValue ||
      p.elementsWeight - best.elementsWeight ||
      p.patterns - best.patterns ||
      (p.year ?? 0) - (best.year ?? 0);
    if (order > 0) best = p;
  }

  const codes = best.codes.join(",");
  const errorText = errorTextOf(best.codes, best.codes.includes("10"), data.checkDigitExceptions.has(vin));
  best.items.push(fixedItem(143, codes, codes, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedItem(191, errorText, errorText, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedItem(156, best.additional, best.additional, "Corrections", Number.NaN, "", 0));
  best.items.push(fixedItem(196, descriptor, descriptor, "Corrections", Number.NaN, "", 0));

  const values = new Map<number, string[]>();
  let hasPatterns = false;
  for (const item of best.items) {
    if (item.patternId !== null) hasPatterns = true;
    if (item.toBeQced) continue;
    const value = item.resolved
      ? item.value
      : item.attr !== undefined
        ? resolvePatternAttribute(data, item.elementId, item.attr)
        : resolveAttribute(data, item.elementId, item.attributeId);
    if (value === null || value === "") continue;
    // (Tabs and line breaks were turned into spaces when the tables were loaded, as NHTSA prints values.)
    const list = values.get(item.elementId);
    if (list) list.push(value);
    else values.set(item.elementId, [value]);
  }

  return {
    vin,
    wmi,
    wmiRecord: publicWmi,
    descriptor,
    year: best.year,
    conclusive,
    codes: best.codes,
    errorText,
    additionalErrorText: best.additional,
    values,
    hasPatterns,
  };
}

function countSchemas(wmi: WmiRecord, year: number): number {
  let n = 0;
  for (const link of wmi.links) if (year >= link.yearFrom && year <= link.yearTo) n++;
  return n;
}

/** fElementAttributeValue: lookup elements map the attribute id through their table; others are literal. */
export function resolveAttribute(data: VpicData, elementId: number, attributeId: string): string | null {
  const element = data.elements.get(elementId);
  if (!element || !element.lookupTable) return attributeId;
  const table = data.lookups.get(element.lookupTable);
  if (!table) return null;
  return table.get(attributeId) ?? null;
}

const resolvedByData = new WeakMap<VpicData, (string | null | undefined)[][]>();

/** resolveAttribute for a Pattern row's interned attribute, memoised per element and attribute. */
function resolvePatternAttribute(data: VpicData, elementId: number, attr: number): string | null {
  let perElement = resolvedByData.get(data);
  if (!perElement) resolvedByData.set(data, (perElement = []));
  let cache = perElement[elementId];
  if (!cache) cache = perElement[elementId] = new Array<string | null | undefined>(data.patterns.attrTable.length);
  let value = cache[attr];
  if (value === undefined) value = cache[attr] = resolveAttribute(data, elementId, data.patterns.attrTable[attr]);
  return value;
}

function runPass(
  data: VpicData,
  vin: string,
  vinKey: string,
  wmi: WmiRecord | null,
  anyWmi: WmiRecord | null,
  year: number | null,
  conclusive: boolean,
  modelYearSource: string,
): Pass {
  const nextSeq = makeCounter();
  const codes = new Set<string>();
  let items: Item[] = [];
  const additional: string[] = [];
  let isOffRoad = false;

  if (!wmi) {
    codes.add("7");
  } else {
    const { patterns } = data;
    // Schemas of the WMI for this year, with their priority (the link's YearFrom; the highest if linked twice).
    // (A WMI links a schema once per year range; a schema linked twice for one year keeps its best priority.)
    const schemaPriority = new Map<SchemaIndex, number>();
    for (const link of wmi.links) {
      if (year !== null && (year < link.yearFrom || year > link.yearTo)) continue;
      const schema = link.schema === undefined ? (link.schema = data.schemaIndex(link.schemaId)) : link.schema;
      if (!schema) continue;
      const prev = schemaPriority.get(schema);
      if (prev === undefined || link.yearFrom > prev) schemaPriority.set(schema, link.yearFrom);
    }

    // Winners are chosen while scanning (no object per candidate): per element the best pattern so far.
    const best = new Map<number, Winner>();
    const multi: Item[] = [];
    const scan: Scan = { data, vinKey, best, engine: null, multi };
    const formulaItems: Item[] = [];
    for (const [schema, priority] of schemaPriority) {
      if (!schema.toBeQced) {
        const probes = schema.probes;
        for (let i = 0; i < probes.length; i++) {
          const position = probes[i];
          const bucket = schema.byFirst.get(position * 128 + vinKey.charCodeAt(position));
          if (bucket) collect(scan, bucket, priority);
        }
        collect(scan, schema.anyFirst, priority);
      }
      for (const group of schema.formulas) {
        const value = formulaValue(group.compiled.matcher, vinKey);
        if (value === null) continue;
        for (let j = group.start; j < group.end; j++) {
          const p = data.patternIndex[j];
          formulaItems.push({
            elementId: patterns.element[p],
            attributeId: patterns.attrTable[patterns.attrIndex[p]],
            value,
            resolved: true,
            source: "Formula Pattern",
            priority: 100,
            changedOn: patterns.changedOn[p],
            keys: group.compiled,
            keyText: group.compiled.key,
            patternId: patterns.id[p],
            seq: SEQ_LATE * 2 + patterns.id[p],
            toBeQced: schema.toBeQced || undefined,
          });
        }
      }
    }

    items = multi;
    for (const winner of best.values()) items.push(patternItem(patterns, winner.p, winner.priority, winner.key));

    // Engine Model (element 18) pulls in its engine-model patterns at priority 50.
    const engineWinner = scan.engine;
    if (engineWinner) {
      const engineItem = patternItem(patterns, engineWinner.p, engineWinner.priority, engineWinner.key);
      const rows = data.engineModelPatterns.get(engineItem.attributeId.trim().toLowerCase());
      if (rows) {
        for (const row of rows) {
          items.push({
            elementId: row.elementId,
            attributeId: row.attributeId,
            value: null,
            resolved: false,
            source: "EngineModelPattern",
            priority: 50,
            changedOn: row.changedOn,
            keys: engineItem.keys,
            keyText: engineItem.keyText,
            patternId: engineItem.patternId,
            seq: nextSeq(),
          });
        }
      }
    }

    if (wmi.vehicleTypeName !== null) {
      items.push(fixedItem(39, String(wmi.vehicleTypeId), wmi.vehicleTypeName, "VehType", wmi.changedOn, wmi.wmi, nextSeq()));
    }
    items.push(fixedItem(27, String(wmi.manufacturerId ?? ""), wmi.manufacturerName, "Manu. Name", Number.NaN, wmi.wmi, nextSeq()));
    items.push(
      fixedItem(157, String(wmi.manufacturerId ?? ""), wmi.manufacturerId !== null ? String(wmi.manufacturerId) : null, "Manu. Id", Number.NaN, wmi.wmi, nextSeq()),
    );
    if (year !== null) {
      items.push(fixedItem(29, String(year), String(year), "ModelYear", Number.NaN, modelYearSource, nextSeq()));
    }
    for (const f of formulaItems) items.push(f);

    items = rankItems(items);

    // Make: from the decoded Model, else from the WMI's single Wmi_Make row.
    const model = items.find((i) => i.elementId === 28);
    if (model) {
      const makes = model.attr !== undefined ? data.makesByAttr[model.attr] : data.makesOfModel.get(model.attributeId);
      for (const make of makes ?? []) {
        items.push({
          elementId: 26,
          attributeId: make.id,
          value: make.name,
          resolved: true,
          source: "pattern - model",
          priority: 1000,
          changedOn: Number.NaN,
          keys: model.keys,
          keyText: model.keyText,
          patternId: model.patternId,
          seq: nextSeq(),
        });
      }
    } else if (wmi.makes.length === 1) {
      items.push(fixedItem(26, wmi.makes[0].id, wmi.makes[0].name, "Make", wmi.changedOn, wmi.wmi, nextSeq(), -100));
    }

    applyConversions(data, items, nextSeq);
    if (data.vehicleSpecs.size) applyVehicleSpecs(data, wmi, year, items, nextSeq);

    if (!items.some((i) => i.patternId !== null)) {
      codes.add("8");
    } else if (!data.lossy) {
      const unused = unusedPositions(vin, items);
      if (unused.length) {
        codes.add("14");
        additional.push(`Unused position(s): ${unused.join(",")}.`);
      }
    }
  }

  const bodyClass = items.find((i) => i.elementId === 5);
  if (bodyClass?.attributeId === "64") codes.add("9");
  if (bodyClass && OFF_ROAD_BODY_CLASSES.has(bodyClass.attributeId)) {
    codes.add("10");
    isOffRoad = true;
  }
  if (year === null) codes.add("11");

  const checkDigitException = data.checkDigitExceptions.has(vin);
  const invalid = invalidCharacters(vin, anyWmi, isOffRoad || checkDigitException);
  if (invalid.length) codes.add("400");

  const vehicleType = items.find((i) => i.elementId === 39)?.attributeId;
  if (vehicleType !== undefined) {
    const rows = data.defaults.get(Number(vehicleType));
    const present = rows ? new Set(items.map((i) => i.elementId)) : null;
    for (const row of rows ?? []) {
      if (present!.has(row.elementId)) continue;
      const element = data.elements.get(row.elementId);
      const notApplicable = element?.dataType === "lookup" && row.value === "0";
      items.push({
        elementId: row.elementId,
        attributeId: row.value,
        value: notApplicable ? "Not Applicable" : null,
        resolved: notApplicable,
        source: "Default",
        priority: 10,
        changedOn: row.changedOn,
        keys: null,
        keyText: null,
        patternId: null,
        seq: nextSeq(),
      });
    }
  }

  if (vin.length < 17) codes.add("6");
  else if (vin[8] !== nhtsaCheckDigit(vin, carLt(anyWmi)) && !checkDigitException) codes.add("1");

  const significant = [...codes].filter((c) => c !== "9" && c !== "10" && c !== "12");
  if (significant.length === 0 || (significant.length === 1 && significant[0] === "14")) codes.add("0");
  if (codes.has("0") && !items.some((i) => i.elementId === 28)) codes.add("14");

  if (codes.has("400")) additional.push(`Invalid character(s): ${invalid.join(", ")}.`);
  if (vehicleType === "10" || (bodyClass && INCOMPLETE_BODY_CLASSES.has(bodyClass.attributeId))) {
    additional.push(
      "Incomplete Vehicle Warning - Please be advised that the vehicle may have been altered and may not be an accurate representation of the vehicle in its current condition.",
    );
  }
  if (!conclusive) {
    additional.push(
      "The Model Year decoded for this VIN may be incorrect. If you know the Model year, please enter it and decode again to get more accurate information.",
    );
  }

  const codeList = [...codes].sort((a, b) => Number(a) - Number(b));
  const additionalText = additional.join(" ").slice(0, 500);

  // Scores for choosing between the two model-year passes (computed before values are resolved, as NHTSA does).
  const weighed = new Set<number>();
  // The "Corrections" rows (error code, error text, descriptor, additional text) are added to the winning
  // pass only; here they count with their element weights as NHTSA's rows do.
  const w = data.elementWeights;
  let elementsWeight = (w[143] ?? 0) + (w[191] ?? 0) + (w[196] ?? 0) + (additionalText ? (w[156] ?? 0) : 0);
  let patternCount = 0;
  for (const item of items) {
    const nonEmpty = item.resolved ? item.value !== null && item.value !== "" : true;
    if (nonEmpty && !weighed.has(item.elementId)) {
      weighed.add(item.elementId);
      elementsWeight += data.elementWeights[item.elementId] ?? 0;
    }
    if (
      (item.source === "Pattern" || item.source === "EngineModelPattern" || item.source === "Formula Pattern") &&
      (!item.resolved || (item.value !== "" && item.value !== "Not Applicable" && item.value !== null))
    ) {
      patternCount++;
    }
  }

  return {
    year,
    items,
    codes: codeList,
    additional: additionalText,
    errorValue: errorValue(codeList),
    elementsWeight,
    patterns: patternCount,
  };
}

function collect(scan: Scan, groups: readonly KeyGroup[], priority: number): void {
  const { data, vinKey, best, multi } = scan;
  const patterns = data.patterns;
  const index = data.patternIndex;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (!matchesKey(group.compiled.matcher, vinKey)) continue;
    for (let j = group.start; j < group.end; j++) {
      const p = index[j];
      const elementId = patterns.element[p];
      if (MULTI_VALUED_ELEMENTS.has(elementId)) {
        multi.push(patternItem(patterns, p, priority, group.compiled));
        continue;
      }
      const current = best.get(elementId);
      if (!current) best.set(elementId, { p, priority, key: group.compiled });
      else if (beats(patterns, p, priority, group.compiled, current)) {
        current.p = p;
        current.priority = priority;
        current.key = group.compiled;
      }
      if (elementId === 18) {
        if (!scan.engine || beatsForEngine(patterns, p, priority, scan.engine)) scan.engine = { p, priority, key: group.compiled };
      }
    }
  }
}

function patternItem(patterns: PatternStore, p: number, priority: number, key: CompiledKey): Item {
  return {
    elementId: patterns.element[p],
    attributeId: patterns.attrTable[patterns.attrIndex[p]],
    attr: patterns.attrIndex[p],
    value: null,
    resolved: false,
    source: "Pattern",
    priority,
    changedOn: patterns.changedOn[p],
    keys: key,
    keyText: key.key,
    patternId: patterns.id[p],
    seq: patterns.id[p],
  };
}

/** NHTSA's order: priority, newest edit (null first), fewer literal key characters, bracketless key, id. */
function beats(patterns: PatternStore, p: number, priority: number, key: CompiledKey, current: Winner): boolean {
  const decided = priorityThenNewestEdit(patterns, p, priority, current);
  if (decided !== undefined) return decided;
  if (key.literalLength !== current.key.literalLength) return key.literalLength < current.key.literalLength;
  if (key.bracketless !== current.key.bracketless) return key.bracketless < current.key.bracketless;
  return patterns.id[p] < patterns.id[current.p];
}

/** The Engine Model that pulls in engine-model patterns: priority, newest edit, then the last inserted. */
function beatsForEngine(patterns: PatternStore, p: number, priority: number, current: Winner): boolean {
  return priorityThenNewestEdit(patterns, p, priority, current) ?? patterns.id[p] > patterns.id[current.p];
}

/** The first two rules both orders share; undefined when they tie. A pattern never edited (null) comes first. */
function priorityThenNewestEdit(patterns: PatternStore, p: number, priority: number, current: Winner): boolean | undefined {
  if (priority !== current.priority) return priority > current.priority;
  const a = patterns.changedOn[p];
  const b = patterns.changedOn[current.p];
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an !== bn) return an;
  if (!an && a !== b) return a > b;
  return undefined;
}


interface Scan {
  data: VpicData;
  vinKey: string;
  best: Map<number, Winner>;
  engine: Winner | null;
  multi: Item[];
}

function carLt(wmi: WmiRecord | null): boolean {
  return wmi ? isCarMpvLightTruck(wmi.vehicleTypeId, wmi.truckTypeId) : false;
}

function fixedItem(
  elementId: number,
  attributeId: string,
  value: string | null,
  source: Source,
  changedOn: number,
  keyText: string,
  seq: number,
  priority = 100,
): Item {
  return { elementId, attributeId, value, resolved: true, source, priority, changedOn, keys: null, keyText, patternId: null, seq };
}

/** Keeps the winner per element (every match for multi-valued elements), preserving insertion order. */
function rankItems(items: Item[]): Item[] {
  const best = new Map<number, Item>();
  for (const item of items) {
    if (MULTI_VALUED_ELEMENTS.has(item.elementId)) continue;
    const current = best.get(item.elementId);
    if (!current || compareItems(item, current) < 0) best.set(item.elementId, item);
  }
  const kept = items.filter((i) => MULTI_VALUED_ELEMENTS.has(i.elementId) || best.get(i.elementId) === i);
  return kept;
}

/** Elements vehicle specs may add to even when decoded (NHTSA's exemption list). */
const SPEC_ALWAYS = new Set([1, 114, 121, 129, 150, 154, 155, 169, 186]);

/**
 * Vehicle-spec enrichment (full vPIC): spec schemas of the WMI's makes, the decoded vehicle type and model
 * and the year; a spec pattern applies when all its key rows are among the decoded values; its other rows
 * fill elements still empty (the newest edit per element), at priority -100.
 */
function applyVehicleSpecs(data: VpicData, wmi: WmiRecord, year: number | null, items: Item[], nextSeq: () => number): void {
  const vehicleType = items.find((i) => i.elementId === 39)?.attributeId;
  const model = items.find((i) => i.elementId === 28)?.attributeId;
  if (vehicleType === undefined || model === undefined) return;
  const decoded = new Set<number>();
  for (const i of items) if (!SPEC_ALWAYS.has(i.elementId)) decoded.add(i.elementId);
  const seen = new Set<number>();
  const chosen = new Map<number, { attributeId: string; changedOn: number; setId: number; schemaId: number }>();
  for (const makeId of wmi.makeIds) {
    for (const entry of data.vehicleSpecs.get(`${makeId}|${vehicleType}|${model}`) ?? []) {
      if (entry.years && (year === null || !entry.years.has(year))) continue;
      for (const set of entry.patterns) {
        if (seen.has(set.id) || !set.keys.length) continue;
        seen.add(set.id);
        const allKeysDecoded = set.keys.every((k) =>
          items.some((i) => i.elementId === k.elementId && i.attributeId.toLowerCase() === k.attributeId.toLowerCase()),
        );
        if (!allKeysDecoded) continue;
        for (const v of set.values) {
          if (decoded.has(v.elementId)) continue;
          const current = chosen.get(v.elementId);
          if (!current || v.changedOn > current.changedOn || (Number.isNaN(current.changedOn) && !Number.isNaN(v.changedOn))) {
            chosen.set(v.elementId, { attributeId: v.attributeId, changedOn: v.changedOn, setId: set.id, schemaId: set.schemaId });
          }
        }
      }
    }
  }
  for (const [elementId, v] of chosen) {
    items.push({
      elementId,
      attributeId: v.attributeId,
      value: null,
      resolved: false,
      source: "Vehicle Specs",
      priority: -100,
      changedOn: v.changedOn,
      keys: null,
      keyText: "",
      patternId: v.setId,
      seq: nextSeq(),
    });
  }
}

/** Displacement conversions (CI ↔ CC ↔ L) fill an empty target element only, strongest source first. */
function applyConversions(data: VpicData, items: Item[], nextSeq: () => number): void {
  if (!data.conversions.length) return;
  const byFrom = data.conversionsFrom;
  const cursor: { item: Item; conversion: (typeof data.conversions)[number] }[] = [];
  for (const item of items) for (const conversion of byFrom.get(item.elementId) ?? []) cursor.push({ item, conversion });
  cursor.sort((a, b) => {
    if (a.item.priority !== b.item.priority) return b.item.priority - a.item.priority;
    const an = Number.isNaN(a.item.changedOn);
    const bn = Number.isNaN(b.item.changedOn);
    if (an !== bn) return an ? -1 : 1;
    if (!an && a.item.changedOn !== b.item.changedOn) return b.item.changedOn - a.item.changedOn;
    return a.conversion.id - b.conversion.id;
  });
  for (const { item, conversion } of cursor) {
    if (items.some((i) => i.elementId === conversion.toElementId)) continue;
    const result = evaluateConversion(conversion.formula, item.attributeId);
    items.push({
      elementId: conversion.toElementId,
      attributeId: result,
      value: result,
      resolved: true,
      source: "Conversion",
      priority: 100,
      changedOn: Number.NaN,
      keys: item.keys,
      keyText: item.keyText,
      patternId: item.patternId,
      seq: nextSeq(),
    });
  }
}

/**
 * vPIC's conversion formulas are `#x# <op> <constant>`; NHTSA runs them as SQL and writes '0' when that
 * fails (a non-numeric value). Results are printed like a SQL decimal without trailing zeros.
 */
export function evaluateConversion(formula: string, value: string): string {
  const m = /^\s*#x#\s*([*/+-])\s*([0-9.]+)\s*$/.exec(formula);
  const x = Number(value);
  if (!m || value.trim() === "" || !Number.isFinite(x)) return "0";
  const k = Number(m[2]);
  const r = m[1] === "*" ? x * k : m[1] === "/" ? x / k : m[1] === "+" ? x + k : x - k;
  if (!Number.isFinite(r)) return "0";
  const text = String(Number(r.toFixed(9)));
  return text.includes(".") || text.includes("e") ? text : `${text}.0`;
}

/** spVinDecode_ErrorCode's "unused positions": 4-8 and 11 that no winning pattern key names. */
function unusedPositions(vin: string, items: Item[]): number[] {
  const keys: CompiledKey[] = [];
  for (const item of items) {
    if (item.keys && /pattern/i.test(item.source)) keys.push(item.keys);
  }
  const unused: number[] = [];
  const upper = Math.min(11, vin.length);
  for (let i = 4; i <= upper; i++) {
    if (i === 9 || i === 10) continue;
    const ch = vin[i - 1];
    const keyPos = i - 4; // 0-based position in the key: VIN 4-8 → 0-4, `|` → 5, VIN 10 → 6, VIN 11 → 7
    let used = false;
    for (const key of keys) {
      const chars = key.positionChars()[keyPos];
      if (chars && chars.includes(ch)) {
        used = true;
        break;
      }
    }
    if (!used) unused.push(i);
  }
  return unused;
}

/**
 * Error 400: letters allowed except I, O, Q; serial positions must be digits from 13 (cars, MPVs, light
 * trucks), 14 (others) or 15 (6-character WMIs); position 9 a digit or X; position 10 a year code.
 */
function invalidCharacters(vin: string, wmi: WmiRecord | null, skipCheckDigit: boolean): string[] {
  const startPos = vin[2] === "9" ? 15 : carLt(wmi) ? 13 : 14;
  let out: string[] | null = null;
  for (let j = 1; j <= vin.length; j++) {
    if (j === 9 && skipCheckDigit) continue;
    const c = vin.charCodeAt(j - 1);
    const digit = c >= 48 && c <= 57;
    const ok =
      j === 9
        ? digit || c === 88 /* X */ || c === 42 /* * */
        : j >= startPos
          ? digit || c === 42
          : j === 10
            ? YEAR_CODE[c] === 1
            : digit || c === 42 || VIN_LETTER[c] === 1;
    if (!ok) (out ??= []).push(`${j}:${vin[j - 1]}`);
  }
  return out ?? [];
}

/** Letters a VIN may hold (no I, O, Q) and position-10 year codes, by char code. */
const VIN_LETTER = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTUVWXYZ") VIN_LETTER[ch.charCodeAt(0)] = 1;
const YEAR_CODE = new Uint8Array(128);
for (const ch of "ABCDEFGHJKLMNPRSTVWXY123456789") YEAR_CODE[ch.charCodeAt(0)] = 1;
