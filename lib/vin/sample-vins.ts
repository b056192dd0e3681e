/**
 * Realistic sample VINs, for a server process's warm-up (lib/http/warm-up.ts) and the benchmarks: real WMIs and
 * vPIC schemas, key templates expanded, varied serials, model-year codes within each schema's years, valid check
 * digits. Deterministic for a given seed. They are made up, though one may match a real VIN by chance.
 */
import type { Vin } from "./format";
import { computeCheckDigit } from "./check-digit";
import { normalizeVin } from "./format";
import type { VpicData } from "./vpic-data";

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const CHARS = `${LETTERS}0123456789`;
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

function yearCode(year: number): string {
  return YEAR_CODES[(((year - 1980) % 30) + 30) % 30];
}

export function synthesiseVins(data: VpicData, count: number, seed: number): Vin[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fill = (template: string, at: number) => {
    // Expand `*`, `[...]` and literals of a key template into concrete characters, `at` characters long.
    const out: string[] = [];
    for (let i = 0; i < template.length && out.length < at; i++) {
      const c = template[i];
      if (c === "[") {
        const end = template.indexOf("]", i);
        const body = template.slice(i + 1, end).replace(
          /(.)-(.)/g,
          (_, a: string, b: string) =>
            CHARS.split("")
              .filter((x) => x >= a && x <= b && /\d/.test(x) === /\d/.test(a))
              .join("") || a + b,
        );
        out.push(pick(body.replace(/[^A-Z0-9]/g, "").split("")) ?? pick(CHARS.split("")));
        i = end;
      } else if (c === "*" || c === "#")
        out.push(c === "#" ? String(Math.floor(random() * 10)) : pick(CHARS.split("")));
      else out.push(c);
    }
    while (out.length < at) out.push(pick(CHARS.split("")));
    return out.join("");
  };
  const modelKeys = new Map<number, string[]>();
  const keysOf = (schemaId: number) => {
    let keys = modelKeys.get(schemaId);
    if (keys) return keys;
    keys = [];
    const schema = data.schemaIndex(schemaId);
    if (schema) {
      for (const group of [...schema.byFirst.values()].flat().concat(schema.anyFirst)) {
        for (let j = group.start; j < group.end; j++) {
          if (data.patterns.element[data.patternIndex[j]] === 28) {
            keys.push(group.compiled.key);
            break;
          }
        }
      }
    }
    modelKeys.set(schemaId, keys);
    return keys;
  };
  const wmis = [...data.wmis.values()].filter((w) => w.isPublic && w.links.some((l) => keysOf(l.schemaId).length));
  const seen = new Set<Vin>();
  let guard = 0;
  while (seen.size < count && guard++ < count * 50) {
    const wmi = pick(wmis);
    const link = pick(wmi.links.filter((l) => keysOf(l.schemaId).length));
    const year = link.yearFrom + Math.floor(random() * (Math.min(link.yearTo, 2026) - link.yearFrom + 1));
    const key = pick(keysOf(link.schemaId));
    const [head, tail = ""] = key.split("|");
    let vds = fill(head, 5);
    const carLt =
      wmi.vehicleTypeId === 2 || wmi.vehicleTypeId === 7 || (wmi.vehicleTypeId === 3 && wmi.truckTypeId === 1);
    if (carLt) {
      // Position 7 tells the 30-year cycle for cars, MPVs and light trucks.
      const p7 = year >= 2010 ? pick(LETTERS.split("")) : String(Math.floor(random() * 10));
      vds = vds.slice(0, 3) + p7 + vds.slice(4);
    }
    const plant = fill(tail.slice(1), 1);
    const small = wmi.wmi.length === 6;
    let serial = "";
    for (let i = 0; i < 6; i++) serial += String(Math.floor(random() * 10));
    const body = `${wmi.wmi.slice(0, 3)}${vds}0${yearCode(year)}${plant}${small ? wmi.wmi.slice(3) + serial.slice(0, 3) : serial}`;
    const vin = body.slice(0, 8) + computeCheckDigit(body) + body.slice(9);
    const format = normalizeVin(vin);
    if (format.ok) seen.add(format.vin);
  }
  return [...seen];
}
