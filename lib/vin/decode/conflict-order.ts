/**
 * Resolving several matches for one element (vpic-decode.md): per element the winner is the first by
 * priority (descending), newest edit (null first), fewest literal key characters, bracketless key, then
 * Pattern id / insertion order. Element weights play no part. Multi-valued elements keep every match.
 */
import type { CompiledKey } from "../key-matcher";
import type { PatternStore } from "../vpic-data";
import { MULTI_VALUED_ELEMENTS, type Candidate, type Winner } from "./candidate-row";

/** Module-local: read once per candidate (see candidates.ts on imported names in loops). */
const multiValued = MULTI_VALUED_ELEMENTS;

function compareCandidates(a: Candidate, b: Candidate): number {
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

/** Keeps the winner per element (every match for multi-valued elements), preserving insertion order. */
export function keepWinners(candidates: Candidate[]): Candidate[] {
  const best = new Map<number, Candidate>();
  for (const candidate of candidates) {
    if (multiValued.has(candidate.elementId)) continue;
    const current = best.get(candidate.elementId);
    if (!current || compareCandidates(candidate, current) < 0) best.set(candidate.elementId, candidate);
  }
  return candidates.filter((c) => multiValued.has(c.elementId) || best.get(c.elementId) === c);
}

/** NHTSA's order on Pattern rows while scanning: the same rules, on the compiled store without objects. */
export function beats(patterns: PatternStore, p: number, priority: number, key: CompiledKey, current: Winner): boolean {
  const decided = priorityThenNewestEdit(patterns, p, priority, current);
  if (decided !== undefined) return decided;
  if (key.literalLength !== current.key.literalLength) return key.literalLength < current.key.literalLength;
  if (key.bracketless !== current.key.bracketless) return key.bracketless < current.key.bracketless;
  return patterns.id[p] < patterns.id[current.p];
}

/** The Engine Model that pulls in engine-model patterns: priority, newest edit, then the last inserted. */
export function beatsForEngine(patterns: PatternStore, p: number, priority: number, current: Winner): boolean {
  return priorityThenNewestEdit(patterns, p, priority, current) ?? patterns.id[p] > patterns.id[current.p];
}

/** The first two rules both orders share; undefined when they tie. A pattern never edited (null) comes first. */
function priorityThenNewestEdit(
  patterns: PatternStore,
  p: number,
  priority: number,
  current: Winner,
): boolean | undefined {
  if (priority !== current.priority) return priority > current.priority;
  const a = patterns.changedOn[p];
  const b = patterns.changedOn[current.p];
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an !== bn) return an;
  if (!an && a !== b) return a > b;
  return undefined;
}

/** Conversions run strongest source first: priority, newest edit (null first), then the conversion's id. */
export function compareForConversion(a: Candidate, aId: number, b: Candidate, bId: number): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const an = Number.isNaN(a.changedOn);
  const bn = Number.isNaN(b.changedOn);
  if (an !== bn) return an ? -1 : 1;
  if (!an && a.changedOn !== b.changedOn) return b.changedOn - a.changedOn;
  return aId - bId;
}
