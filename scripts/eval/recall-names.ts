/**
 * npm run eval:recall-names [-- <dir>]   (default ../shared/data/recalls, the real NHTSA samples)
 * How many real NHTSA recall make/model names find their vPIC make and model (data/vpic/vpic.lite.db:
 * Make, Model, Make_Model): by the decoder's findVpicModel (exact, slug-insensitive), by exact key (case and
 * punctuation ignored) and by lib/vehicle/names.ts's matcher. Prints the rates and the names that did not match. Reads the real data; tests never do.
 */
import Database from "better-sqlite3";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { config } from "../../lib/config";
import { parseFlatRclLine } from "../../lib/recalls";
import { makeKey, nameKey, sameModel } from "../../lib/vehicle";
import { findVpicModel } from "../../lib/vin";

const dir = process.argv[2] ?? path.resolve(process.cwd(), "../../shared/data/recalls");

function realPairs(): Map<string, { make: string; model: string; sources: Set<string> }> {
  const pairs = new Map<string, { make: string; model: string; sources: Set<string> }>();
  const add = (make: string, model: string, source: string) => {
    const key = `${make.trim().toUpperCase()}|${model.trim().toUpperCase()}`;
    const p = pairs.get(key) ?? { make: make.trim(), model: model.trim(), sources: new Set<string>() };
    p.sources.add(source);
    pairs.set(key, p);
  };
  for (const f of readdirSync(dir)) {
    const file = path.join(dir, f);
    if (f.endsWith("_queries.json")) {
      for (const env of JSON.parse(readFileSync(file, "utf8")))
        for (const q of env.Results) add(q.Make, q.Model, "queries");
    } else if (f.endsWith(".json")) {
      for (const a of JSON.parse(readFileSync(file, "utf8")))
        for (const r of a.results) add(r.Make, r.Model, "recallsByVehicle");
    } else if (f.endsWith(".tsv")) {
      for (const line of readFileSync(file, "latin1").split("\n")) {
        const p = line.trim() ? parseFlatRclLine(line) : null;
        if (p?.ok) add(p.record.make, p.record.model, "flat_rcl");
      }
    } else if (f.endsWith(".csv")) {
      for (const r of parse(readFileSync(file), { columns: true }) as Record<string, string>[])
        add(r.Make, r.Model, "csv");
    }
  }
  return pairs;
}

function main() {
  const vpic = new Database(config().vpic.dbPath, { readonly: true });
  const models = vpic
    .prepare(
      "SELECT mk.Name AS make, m.Name AS model FROM Make_Model mm JOIN Make mk ON mk.Id = mm.MakeId JOIN Model m ON m.Id = mm.ModelId",
    )
    .all() as { make: string; model: string }[];
  const byMake = new Map<string, string[]>();
  for (const r of models) {
    const k = makeKey(r.make);
    byMake.set(k, [...(byMake.get(k) ?? []), r.model]);
  }
  const pairs = [...realPairs().values()];
  let makeFound = 0,
    exact = 0,
    matched = 0;
  const misses: string[] = [];
  const outcome = new Map<object, "exact" | "matched" | "miss">();
  const fuzzy: string[] = [];
  for (const p of pairs) {
    const candidates = byMake.get(makeKey(p.make));
    if (!candidates) {
      misses.push(`${p.make} | ${p.model}  (make unknown to vPIC) [${[...p.sources]}]`);
      outcome.set(p, "miss");
      continue;
    }
    makeFound++;
    if (candidates.some((m) => nameKey(m) === nameKey(p.model))) {
      exact++;
      matched++;
      outcome.set(p, "exact");
      continue;
    }
    const hits = candidates.filter((m) => sameModel(m, p.model, p.make));
    outcome.set(p, hits.length ? "matched" : "miss");
    if (hits.length) {
      matched++;
      fuzzy.push(`${p.make} | ${p.model}  →  ${hits.slice(0, 4).join(", ")}`);
    } else misses.push(`${p.make} | ${p.model} [${[...p.sources]}]`);
  }
  const pct = (n: number, of = pairs.length) => `${((100 * n) / of).toFixed(1)}%`;
  for (const [label, sources] of [
    ["recall names from recallsByVehicle answers + 2024 campaign CSV", ["recallsByVehicle", "csv"]],
    ["recall names from the FLAT_RCL sample (2002-era, many RVs/trailers/buses)", ["flat_rcl"]],
    ["SafetyRatings names used as recallsByVehicle queries", ["queries"]],
  ] as const) {
    const subset = pairs.filter((p) => sources.some((s) => p.sources.has(s)));
    const ok = subset.filter((p) => outcome.get(p) !== "miss");
    const ex = subset.filter((p) => outcome.get(p) === "exact");
    const decoder = subset.filter((p) => findVpicModel(p.make, p.model) !== null);
    console.log(
      `${label}: ${subset.length} pairs; findVpicModel (decoder, exact slug) ${decoder.length} (${pct(decoder.length, subset.length)}), ` +
        `exact key ${ex.length} (${pct(ex.length, subset.length)}), matcher ${ok.length} (${pct(ok.length, subset.length)})`,
    );
  }
  console.log("");
  console.log(`real NHTSA recall make/model pairs: ${pairs.length} (from ${dir})`);
  console.log(`make known to vPIC:          ${makeFound} (${pct(makeFound)})`);
  console.log(`model matched exactly (key): ${exact} (${pct(exact)})`);
  console.log(`model matched by matcher:    ${matched} (${pct(matched)})`);
  console.log(`\nmatched only by the matcher (${fuzzy.length}):\n  ${fuzzy.join("\n  ")}`);
  console.log(`\nnot matched (${misses.length}):\n  ${misses.join("\n  ")}`);
}

main();
