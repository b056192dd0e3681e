/**
 * Values (vpic-decode.md): Make from the decoded Model (Make_Model) or the WMI's single Wmi_Make row;
 * vehicle-spec enrichment and DefaultValue rows for elements still empty; and the final look-up of each
 * winning attribute (lookup elements map the AttributeId through their table, others are literal).
 */
import type { VpicData, WmiRecord } from "../vpic-data";
import { fixedCandidate, type Candidate } from "./candidate-row";
import type { PassContext } from "./pass-context";

/** Make: from the decoded Model at priority 1000, else from the WMI's single Wmi_Make row at -100. */
export function makeCandidates(ctx: PassContext, wmi: WmiRecord, candidates: Candidate[]): void {
  const { data, nextSeq } = ctx;
  const model = candidates.find((c) => c.elementId === 28);
  if (model) {
    const makes = model.attr !== undefined ? data.makesByAttr[model.attr] : data.makesOfModel.get(model.attributeId);
    for (const make of makes ?? []) {
      candidates.push({
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
    candidates.push(
      fixedCandidate(26, wmi.makes[0].id, wmi.makes[0].name, "Make", wmi.changedOn, wmi.wmi, nextSeq(), -100),
    );
  }
}

/** Elements vehicle specs may add to even when decoded (NHTSA's exemption list). */
const SPEC_ALWAYS = new Set([1, 114, 121, 129, 150, 154, 155, 169, 186]);

interface ChosenSpecValue {
  attributeId: string;
  changedOn: number;
  setId: number;
}

/**
 * Vehicle-spec enrichment (full vPIC): spec schemas of the WMI's makes, the decoded vehicle type and model
 * and the year; a spec pattern applies when all its key rows are among the decoded values; its other rows
 * fill elements still empty (the newest edit per element), at priority -100.
 */
export function vehicleSpecCandidates(ctx: PassContext, wmi: WmiRecord, candidates: Candidate[]): void {
  const { data, year } = ctx;
  if (!data.vehicleSpecs.size) return;
  const vehicleType = candidates.find((c) => c.elementId === 39)?.attributeId;
  const model = candidates.find((c) => c.elementId === 28)?.attributeId;
  if (vehicleType === undefined || model === undefined) return;
  const decoded = new Set<number>();
  for (const c of candidates) if (!SPEC_ALWAYS.has(c.elementId)) decoded.add(c.elementId);
  const seen = new Set<number>();
  const chosen = new Map<number, ChosenSpecValue>();
  for (const makeId of wmi.makeIds) {
    for (const entry of data.vehicleSpecs.get(`${makeId}|${vehicleType}|${model}`) ?? []) {
      if (entry.years && (year === null || !entry.years.has(year))) continue;
      for (const set of entry.patterns) {
        if (seen.has(set.id) || !set.keys.length) continue;
        seen.add(set.id);
        const allKeysDecoded = set.keys.every((k) =>
          candidates.some(
            (c) => c.elementId === k.elementId && c.attributeId.toLowerCase() === k.attributeId.toLowerCase(),
          ),
        );
        if (!allKeysDecoded) continue;
        for (const v of set.values) {
          if (decoded.has(v.elementId)) continue;
          const current = chosen.get(v.elementId);
          if (
            !current ||
            v.changedOn > current.changedOn ||
            (Number.isNaN(current.changedOn) && !Number.isNaN(v.changedOn))
          ) {
            chosen.set(v.elementId, { attributeId: v.attributeId, changedOn: v.changedOn, setId: set.id });
          }
        }
      }
    }
  }
  for (const [elementId, v] of chosen) {
    candidates.push({
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
      seq: ctx.nextSeq(),
    });
  }
}

/** DefaultValue rows of the decoded vehicle type fill elements still empty, at priority 10. */
export function defaultCandidates(ctx: PassContext, vehicleType: string | undefined, candidates: Candidate[]): void {
  if (vehicleType === undefined) return;
  const { data } = ctx;
  const rows = data.defaults.get(Number(vehicleType));
  if (!rows) return;
  const present = new Set(candidates.map((c) => c.elementId));
  for (const row of rows) {
    if (present.has(row.elementId)) continue;
    const element = data.elements.get(row.elementId);
    const notApplicable = element?.dataType === "lookup" && row.value === "0";
    candidates.push({
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
      seq: ctx.nextSeq(),
    });
  }
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

/** The winning pass's values by element (several only for multi-valued elements), in NHTSA's order. */
export function resolvedValues(
  data: VpicData,
  winners: readonly Candidate[],
): { values: Map<number, string[]>; hasPatterns: boolean } {
  const values = new Map<number, string[]>();
  let hasPatterns = false;
  for (const item of winners) {
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
  return { values, hasPatterns };
}
