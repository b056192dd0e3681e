/**
 * Per-schema indexes of the Pattern keys, for finding the candidates of a decode: plain and bracket keys
 * bucketed by their first literal character (a decode probes only those positions), keys tested for every
 * VIN, and formula keys. A schema's index is built on its first use (a process touches a fraction of
 * vPIC's 24 000 schemas; building all of them would double start-up) and kept.
 */
import { compileKey, probeOf, type CompiledKey } from "../key-matcher";
import type { PatternTables } from "../pattern-tables";
import type { KeyGroup, SchemaIndex } from "../vpic-types";
import { num, type VpicReader } from "./reader";

/** VinSchema.TobeQCed by schema id. */
export function readSchemasToBeQced(r: VpicReader): Map<number, boolean> {
  const toBeQced = new Map<number, boolean>();
  for (const row of r.select("VinSchema", ["Id", "TobeQCed"])) toBeQced.set(Number(row.Id), Boolean(num(row.TobeQCed)));
  return toBeQced;
}

export interface SchemaIndexer {
  schemaIndex(schemaId: number): SchemaIndex | null;
  /** Per schema not waiting for QC: the distinct values of its `elementId` patterns (built on first use, then kept). */
  valuesBySchema(elementId: number): ReadonlyMap<number, readonly string[]>;
  /** Schemas with usable patterns. */
  schemaCount: number;
  /** (schema, key) groups in the file. */
  keyCount: number;
}

export function schemaIndexer(pt: PatternTables, toBeQced: Map<number, boolean>): SchemaIndexer {
  // Groups are contiguous per schema: the first group of each schema.
  const groupCount = pt.groupSchema.length;
  const groupRange = new Map<number, number>();
  for (let g = 0; g < groupCount; g++)
    if (g === 0 || pt.groupSchema[g] !== pt.groupSchema[g - 1]) groupRange.set(pt.groupSchema[g], g);
  const compiledKeys: ({ compiled: CompiledKey; probe: ReturnType<typeof probeOf> } | undefined)[] = new Array(
    pt.keyTable.length,
  );
  const schemas = new Map<number, SchemaIndex | null>();

  const schemaIndex = (schemaId: number): SchemaIndex | null => {
    const known = schemas.get(schemaId);
    if (known !== undefined) return known;
    const first = groupRange.get(schemaId);
    const index = first === undefined ? null : buildIndex(schemaId, first);
    schemas.set(schemaId, index);
    return index;
  };

  function buildIndex(schemaId: number, first: number): SchemaIndex {
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
      const { compiled, probe } = (compiledKeys[k] ??= {
        compiled: compileKey(pt.keyTable[k]),
        probe: probeOf(pt.keyTable[k]),
      });
      const group: KeyGroup = { compiled, start: pt.groupStart[g], end: pt.groupEnd[g] };
      index.patternCount += group.end - group.start;
      if (compiled.matcher.kind === "formula") index.formulas.push(group);
      else if (probe === null) index.anyFirst.push(group);
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
    // A pushed-to array keeps room to grow (17 slots after its first push): a process that has compiled most of
    // vPIC's schemas held about 37 MB of empty slots in its buckets. Kept at their exact length instead.
    for (const [slot, bucket] of index.byFirst) index.byFirst.set(slot, bucket.slice());
    index.anyFirst = index.anyFirst.slice();
    index.formulas = index.formulas.slice();
    return index;
  }

  const valuesByElement = new Map<number, Map<number, string[]>>();
  const valuesBySchema = (elementId: number): ReadonlyMap<number, readonly string[]> => {
    let bySchema = valuesByElement.get(elementId);
    if (bySchema) return bySchema;
    const sets = new Map<number, Set<string>>();
    // One pass over the groups, no key compiled: the catalog asks for every schema's models at once.
    for (let g = 0; g < groupCount; g++) {
      const schemaId = pt.groupSchema[g];
      if (toBeQced.get(schemaId)) continue;
      for (let i = pt.groupStart[g]; i < pt.groupEnd[g]; i++) {
        const p = pt.patternIndex[i];
        if (pt.element[p] !== elementId) continue;
        let set = sets.get(schemaId);
        if (!set) sets.set(schemaId, (set = new Set()));
        set.add(pt.attrTable[pt.attrIndex[p]]);
      }
    }
    bySchema = new Map([...sets].map(([schemaId, set]) => [schemaId, [...set]]));
    valuesByElement.set(elementId, bySchema);
    return bySchema;
  };

  return { schemaIndex, valuesBySchema, schemaCount: groupRange.size, keyCount: groupCount };
}
