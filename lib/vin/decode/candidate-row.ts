/**
 * One candidate value of a decode: a Pattern row, an engine-model pattern, a formula, a row taken from the
 * WMI, a conversion, a default or a vehicle-spec value. Every source competes for its element under the same
 * conflict order (conflict-order.ts); `seq` keeps the insertion order NHTSA breaks the last ties with.
 */
import type { CompiledKey } from "../key-matcher";
import type { PatternStore } from "../vpic-data";

export type Source =
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

export interface Candidate {
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

/** The best Pattern row of an element so far while scanning (no object per candidate). */
export interface Winner {
  p: number;
  priority: number;
  key: CompiledKey;
}

/** Elements NHTSA keeps every match of instead of ranking. */
export const MULTI_VALUED_ELEMENTS = new Set([114, 121, 129, 150, 154, 155, 169, 186]);

/** Rows added after the Pattern rows sort after every pattern id. */
export const SEQ_LATE = 1e10;

export function makeCounter(): () => number {
  let n = 0;
  return () => SEQ_LATE + n++;
}

export function patternCandidate(patterns: PatternStore, p: number, priority: number, key: CompiledKey): Candidate {
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

/** A value that needs no look-up (WMI rows, model year, error texts…). */
export function fixedCandidate(
  elementId: number,
  attributeId: string,
  value: string | null,
  source: Source,
  changedOn: number,
  keyText: string,
  seq: number,
  priority = 100,
): Candidate {
  return {
    elementId,
    attributeId,
    value,
    resolved: true,
    source,
    priority,
    changedOn,
    keys: null,
    keyText,
    patternId: null,
    seq,
  };
}
