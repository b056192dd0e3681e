/**
 * Which rows are candidates (vpic-decode.md): the Pattern rows of the WMI's schemas for the model year whose
 * key matches the VIN (the best per element is kept while scanning, every match of a multi-valued element),
 * formula patterns, the engine-model patterns the winning Engine Model pulls in, and the rows that come
 * from the WMI itself (vehicle type, manufacturer) and the model year.
 */
import { formulaValue, matchesKey } from "../key-matcher";
import type { KeyGroup, SchemaIndex, VpicData, WmiRecord } from "../vpic-data";
import {
  fixedCandidate,
  MULTI_VALUED_ELEMENTS,
  patternCandidate,
  SEQ_LATE,
  type Candidate,
  type Winner,
} from "./candidate-row";
import { beats, beatsForEngine } from "./conflict-order";
import type { PassContext } from "./pass-context";

// The scan runs once per matching Pattern row. Bundlers and transpilers that keep modules apart (tsx,
// Turbopack) read an imported name through a getter on every use; module-local bindings avoid that in the
// loop (measured with tsx: the MULTI_VALUED_ELEMENTS getter alone took 3% of decode time).
const multiValued = MULTI_VALUED_ELEMENTS;
const keyMatches = matchesKey;
const beatsWinner = beats;
const beatsEngine = beatsForEngine;
const candidateOf = patternCandidate;

interface Scan {
  data: VpicData;
  vinKey: string;
  best: Map<number, Winner>;
  engine: Winner | null;
  multi: Candidate[];
}

/**
 * Schemas of the WMI for this year, with their priority (the link's YearFrom). A WMI links a schema once per
 * year range; a schema linked twice for one year keeps its best priority.
 */
function schemasOfYear(data: VpicData, wmi: WmiRecord, year: number | null): Map<SchemaIndex, number> {
  const schemaPriority = new Map<SchemaIndex, number>();
  for (const link of wmi.links) {
    if (year !== null && (year < link.yearFrom || year > link.yearTo)) continue;
    const schema = link.schema === undefined ? (link.schema = data.schemaIndex(link.schemaId)) : link.schema;
    if (!schema) continue;
    const prev = schemaPriority.get(schema);
    if (prev === undefined || link.yearFrom > prev) schemaPriority.set(schema, link.yearFrom);
  }
  return schemaPriority;
}

/** Every candidate of a pass with a published WMI, before the conflict order is applied. */
export function passCandidates(ctx: PassContext, wmi: WmiRecord): Candidate[] {
  const { data, vinKey } = ctx;
  const scan: Scan = { data, vinKey, best: new Map(), engine: null, multi: [] };
  const formulas: Candidate[] = [];
  for (const [schema, priority] of schemasOfYear(data, wmi, ctx.year)) {
    if (!schema.toBeQced) {
      const probes = schema.probes;
      for (let i = 0; i < probes.length; i++) {
        const position = probes[i];
        const bucket = schema.byFirst.get(position * 128 + vinKey.charCodeAt(position));
        if (bucket) collect(scan, bucket, priority);
      }
      collect(scan, schema.anyFirst, priority);
    }
    formulaCandidates(data, schema, vinKey, formulas);
  }

  const candidates = scan.multi;
  for (const winner of scan.best.values())
    candidates.push(patternCandidate(data.patterns, winner.p, winner.priority, winner.key));
  if (scan.engine) engineModelCandidates(ctx, scan.engine, candidates);
  wmiCandidates(ctx, wmi, candidates);
  for (const f of formulas) candidates.push(f);
  return candidates;
}

function collect(scan: Scan, groups: readonly KeyGroup[], priority: number): void {
  const { data, vinKey, best, multi } = scan;
  const patterns = data.patterns;
  const index = data.patternIndex;
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (!keyMatches(group.compiled.matcher, vinKey)) continue;
    for (let j = group.start; j < group.end; j++) {
      const p = index[j];
      const elementId = patterns.element[p];
      if (multiValued.has(elementId)) {
        multi.push(candidateOf(patterns, p, priority, group.compiled));
        continue;
      }
      const current = best.get(elementId);
      if (!current) best.set(elementId, { p, priority, key: group.compiled });
      else if (beatsWinner(patterns, p, priority, group.compiled, current)) {
        current.p = p;
        current.priority = priority;
        current.key = group.compiled;
      }
      if (elementId === 18) {
        if (!scan.engine || beatsEngine(patterns, p, priority, scan.engine))
          scan.engine = { p, priority, key: group.compiled };
      }
    }
  }
}

/** Formula (`#`) keys: the VIN's digits at the `#` positions become the value, at priority 100. */
function formulaCandidates(data: VpicData, schema: SchemaIndex, vinKey: string, out: Candidate[]): void {
  const { patterns } = data;
  for (const group of schema.formulas) {
    const value = formulaValue(group.compiled.matcher, vinKey);
    if (value === null) continue;
    for (let j = group.start; j < group.end; j++) {
      const p = data.patternIndex[j];
      out.push({
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

/** Engine Model (element 18) pulls in its engine-model patterns at priority 50. */
function engineModelCandidates(ctx: PassContext, engine: Winner, out: Candidate[]): void {
  const engineRow = patternCandidate(ctx.data.patterns, engine.p, engine.priority, engine.key);
  const rows = ctx.data.engineModelPatterns.get(engineRow.attributeId.trim().toLowerCase());
  if (!rows) return;
  for (const row of rows) {
    out.push({
      elementId: row.elementId,
      attributeId: row.attributeId,
      value: null,
      resolved: false,
      source: "EngineModelPattern",
      priority: 50,
      changedOn: row.changedOn,
      keys: engineRow.keys,
      keyText: engineRow.keyText,
      patternId: engineRow.patternId,
      seq: ctx.nextSeq(),
    });
  }
}

/** Vehicle Type, Manufacturer (name and id) from the Wmi row; the model year being decoded. */
function wmiCandidates(ctx: PassContext, wmi: WmiRecord, out: Candidate[]): void {
  const { nextSeq, year } = ctx;
  if (wmi.vehicleTypeName !== null) {
    out.push(
      fixedCandidate(39, String(wmi.vehicleTypeId), wmi.vehicleTypeName, "VehType", wmi.changedOn, wmi.wmi, nextSeq()),
    );
  }
  const manufacturerId = String(wmi.manufacturerId ?? "");
  out.push(fixedCandidate(27, manufacturerId, wmi.manufacturerName, "Manu. Name", Number.NaN, wmi.wmi, nextSeq()));
  const idValue = wmi.manufacturerId !== null ? String(wmi.manufacturerId) : null;
  out.push(fixedCandidate(157, manufacturerId, idValue, "Manu. Id", Number.NaN, wmi.wmi, nextSeq()));
  if (year !== null) {
    out.push(fixedCandidate(29, String(year), String(year), "ModelYear", Number.NaN, ctx.modelYearSource, nextSeq()));
  }
}
