/**
 * Displacement conversions (CI ↔ CC ↔ L, vPIC's Conversion table): they fill an empty target element only,
 * strongest source first.
 */
import type { Conversion } from "../vpic-data";
import type { Candidate } from "./candidate-row";
import { compareForConversion } from "./conflict-order";
import type { PassContext } from "./pass-context";

export function conversionCandidates(ctx: PassContext, candidates: Candidate[]): void {
  const { data, nextSeq } = ctx;
  if (!data.conversions.length) return;
  const cursor: { item: Candidate; conversion: Conversion }[] = [];
  for (const item of candidates) {
    for (const conversion of data.conversionsFrom.get(item.elementId) ?? []) cursor.push({ item, conversion });
  }
  cursor.sort((a, b) => compareForConversion(a.item, a.conversion.id, b.item, b.conversion.id));
  for (const { item, conversion } of cursor) {
    if (candidates.some((c) => c.elementId === conversion.toElementId)) continue;
    const result = evaluateConversion(conversion.formula, item.attributeId);
    candidates.push({
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
function evaluateConversion(formula: string, value: string): string {
  const m = /^\s*#x#\s*([*/+-])\s*([0-9.]+)\s*$/.exec(formula);
  const x = Number(value);
  if (!m || value.trim() === "" || !Number.isFinite(x)) return "0";
  const k = Number(m[2]);
  const r = m[1] === "*" ? x * k : m[1] === "/" ? x / k : m[1] === "+" ? x + k : x - k;
  if (!Number.isFinite(r)) return "0";
  const text = String(Number(r.toFixed(9)));
  return text.includes(".") || text.includes("e") ? text : `${text}.0`;
}
