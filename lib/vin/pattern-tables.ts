/**
 * The Pattern table laid out for decoding: column arrays of the usable rows, grouped by (schema, key), with
 * the distinct keys and attribute values as string tables. Reading 800 000 rows out of SQLite is most of
 * compiling a vPIC file; the layout is kept in its snapshot (vpic-data.ts, vpic-snapshot.ts).
 */
import type Database from "better-sqlite3";

export interface PatternTables {
  id: Int32Array;
  element: Int16Array;
  /** coalesce(UpdatedOn, CreatedOn) in ms since the epoch; NaN when both are null. */
  changedOn: Float64Array;
  attrIndex: Int32Array;
  attrTable: string[];
  /** Row indices laid out group by group; group g is patternIndex[groupStart[g]..groupEnd[g]). */
  patternIndex: Int32Array;
  /** Groups are contiguous per schema. */
  groupSchema: Int32Array;
  groupKey: Int32Array;
  groupStart: Int32Array;
  groupEnd: Int32Array;
  /** Distinct keys, upper-cased. */
  keyTable: string[];
  maxChanged: number;
}

/**
 * Reads the usable Pattern rows: plain and bracket keys need an element in `decodable`; formula (`#`) keys
 * take any element but those in `excluded`.
 */
export function readPatternTables(
  db: Database.Database,
  table: string,
  /** SQL for the row's edit date: coalesce(UpdatedOn, CreatedOn) or what the file has. */
  editedOn: string,
  decodable: ReadonlySet<number>,
  excluded: ReadonlySet<number>,
): PatternTables {
  const capacity = (db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number) || 0;
  const id = new Int32Array(capacity);
  const element = new Int16Array(capacity);
  const changedOn = new Float64Array(capacity);
  const attrIndex = new Int32Array(capacity);
  const attrTable: string[] = [];
  const attrIds = new Map<string, number>();
  const keyTable: string[] = [];
  const keyIds = new Map<string, number>();
  // Rows are chained per (schema, key) group through `next`, then laid out group by group.
  const next = new Int32Array(capacity).fill(-1);
  const head: number[] = [];
  const tail: number[] = [];
  const groupKeyList: number[] = [];
  const groupsBySchema = new Map<number, Map<number, number>>();
  let kept = 0;
  let maxChanged = 0;
  const rows = db
    .prepare(
      // The edit date is parsed by SQLite (julianday) to keep the JS side of the loop short.
      `SELECT Id, VinSchemaId, upper(Keys), ElementId, AttributeId,
              (julianday(${editedOn}) - 2440587.5) * 86400000.0
         FROM "${table}"`,
    )
    .raw()
    .iterate() as IterableIterator<[number, number, string, number, string | number, number | null]>;
  for (const [rowId, schemaId, key, elementId, attributeId, changed] of rows) {
    if (key.includes("#") ? excluded.has(elementId) : !decodable.has(elementId)) continue;
    const attr = String(attributeId);
    let a = attrIds.get(attr);
    if (a === undefined) {
      a = attrTable.length;
      attrTable.push(attr);
      attrIds.set(attr, a);
    }
    let k = keyIds.get(key);
    if (k === undefined) {
      k = keyTable.length;
      keyTable.push(key);
      keyIds.set(key, k);
    }
    id[kept] = rowId;
    element[kept] = elementId;
    attrIndex[kept] = a;
    const ms = changed === null ? Number.NaN : Math.round(changed);
    changedOn[kept] = ms;
    if (ms > maxChanged) maxChanged = ms;
    let groups = groupsBySchema.get(schemaId);
    if (!groups) groupsBySchema.set(schemaId, (groups = new Map()));
    const g = groups.get(k);
    if (g === undefined) {
      groups.set(k, head.length);
      head.push(kept);
      tail.push(kept);
      groupKeyList.push(k);
    } else {
      next[tail[g]] = kept;
      tail[g] = kept;
    }
    kept++;
  }

  const groups = layOutGroups(kept, { head, next, groupKeyList, groupsBySchema });
  return {
    id: id.slice(0, kept),
    element: element.slice(0, kept),
    changedOn: changedOn.slice(0, kept),
    attrIndex: attrIndex.slice(0, kept),
    attrTable,
    ...groups,
    keyTable,
    maxChanged,
  };
}

/** The rows chained per (schema, key) group, laid out group by group (groups contiguous per schema). */
function layOutGroups(
  kept: number,
  chains: {
    head: number[];
    next: Int32Array;
    groupKeyList: number[];
    groupsBySchema: Map<number, Map<number, number>>;
  },
): Pick<PatternTables, "patternIndex" | "groupSchema" | "groupKey" | "groupStart" | "groupEnd"> {
  const { head, next, groupKeyList, groupsBySchema } = chains;
  const groupCount = head.length;
  const patternIndex = new Int32Array(kept);
  const groupSchema = new Int32Array(groupCount);
  const groupKey = new Int32Array(groupCount);
  const groupStart = new Int32Array(groupCount);
  const groupEnd = new Int32Array(groupCount);
  let offset = 0;
  let out = 0;
  for (const [schemaId, groups] of groupsBySchema) {
    for (const g of groups.values()) {
      groupSchema[out] = schemaId;
      groupKey[out] = groupKeyList[g];
      groupStart[out] = offset;
      for (let p = head[g]; p !== -1; p = next[p]) patternIndex[offset++] = p;
      groupEnd[out] = offset;
      out++;
    }
  }
  return { patternIndex, groupSchema, groupKey, groupStart, groupEnd };
}
