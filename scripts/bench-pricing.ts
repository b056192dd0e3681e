/**
 * npm run bench:pricing [-- --sizes 100000,1000000 --iterations 300]
 *
 * Builds a throwaway SQLite database (the project's migrations), fills it with the demo generator's deals
 * (same distribution as the demo set, just more of them: ~139 models over 2023-2026, all states), and times
 * the real code paths through the Prisma client the app uses:
 *   - pricing, base: aggregatePricing for a random make/model/year that has deals
 *   - pricing, state: the same with a random state that has deals for it
 *   - market overview: computed from scratch (cold) and through the memo (warm, what a request pays)
 * plus the time to rebuild DealSummary from all deals (what a demo seed or a large import pays once).
 * at each size (default 100k and 1M deals). Prints median and p99 in milliseconds.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb } from "../lib/db";
import { aggregatePricing } from "../lib/pricing/aggregate-pricing";
import { bumpDealsVersion } from "../lib/pricing/data-version";
import { rebuildDealSummary } from "../lib/pricing/deal-summary";
import { generateDemoDeals, mulberry32 } from "../lib/pricing/demo-seed";
import { computeMarketOverview, marketOverview } from "../lib/pricing/market-overview";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const sizes = arg("sizes", "100000,1000000").split(",").map(Number).sort((a, b) => a - b);
const iterations = Number(arg("iterations", "300"));

function stats(samples: number[]): { median: number; p99: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-bench-"));
  const file = path.join(dir, "bench.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  const migrations = path.join(__dirname, "../prisma/migrations");
  for (const name of readdirSync(migrations).filter((n) => !n.endsWith(".toml")).sort()) {
    sqlite.exec(readFileSync(path.join(migrations, name, "migration.sql"), "utf8"));
  }
  const insert = sqlite.prepare(
    `INSERT INTO "Deal" ("id","vin","year","make","model","makeSlug","modelSlug","trim","state","msrp","sellingPrice","dealType","purchaseDate","source","createdAt","updatedAt")
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");
  const now = iso(new Date());
  const deals = generateDemoDeals(sizes[sizes.length - 1], 7);
  const insertMany = sqlite.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const d = deals.next().value!;
      insert.run(d.id, d.vin, d.year, d.make, d.model, d.makeSlug, d.modelSlug, d.trim, d.state, d.msrp, d.sellingPrice, d.dealType, iso(d.purchaseDate), d.source, now, now);
    }
  });

  const db = createDb({ provider: "sqlite", url: `file:${file}`});
  let loaded = 0;
  console.log(`vinscope pricing benchmark: SQLite (WAL) at ${file}, ${iterations} iterations per figure, times in ms`);
  console.log(`${"deals".padStart(9)}  ${"query".padEnd(24)} ${"median".padStart(8)} ${"p99".padStart(8)} ${"mean".padStart(8)}  sample`);
  for (const size of sizes) {
    const t0 = performance.now();
    insertMany(size - loaded);
    loaded = size;
    const t1 = performance.now();
    await rebuildDealSummary(db);
    const summaryS = ((performance.now() - t1) / 1000).toFixed(1);
    sqlite.exec("ANALYZE");
    const loadS = ((t1 - t0) / 1000).toFixed(1);

    const slices = sqlite
      .prepare(`SELECT "makeSlug", "modelSlug", "year", COUNT(*) AS n FROM "Deal" GROUP BY 1, 2, 3`)
      .all() as { makeSlug: string; modelSlug: string; year: number; n: number }[];
    const stateSlices = sqlite
      .prepare(`SELECT "makeSlug", "modelSlug", "year", "state", COUNT(*) AS n FROM "Deal" GROUP BY 1, 2, 3, 4`)
      .all() as { makeSlug: string; modelSlug: string; year: number; state: string; n: number }[];
    const random = mulberry32(size);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];

    // Warm-up: first use compiles Prisma's query plan cache and pages in the indexes.
    for (let i = 0; i < 20; i++) {
      const s = pick(slices);
      await aggregatePricing(db, { makeSlug: s.makeSlug, modelSlug: s.modelSlug, year: s.year, state: null });
    }
    const base: number[] = [];
    let baseRows = 0;
    for (let i = 0; i < iterations; i++) {
      const s = pick(slices);
      baseRows += s.n;
      const t = performance.now();
      const r = await aggregatePricing(db, { makeSlug: s.makeSlug, modelSlug: s.modelSlug, year: s.year, state: null });
      base.push(performance.now() - t);
      if (!r.found) throw new Error("bench slice not found");
    }
    const state: number[] = [];
    let stateRows = 0;
    for (let i = 0; i < iterations; i++) {
      const s = pick(stateSlices);
      stateRows += s.n;
      const t = performance.now();
      const r = await aggregatePricing(db, { makeSlug: s.makeSlug, modelSlug: s.modelSlug, year: s.year, state: s.state });
      state.push(performance.now() - t);
      if (!r.found) throw new Error("bench state slice not found");
    }
    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await computeMarketOverview(db);
      cold.push(performance.now() - t);
    }
    await bumpDealsVersion(db);
    await marketOverview(db);
    const warm: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await marketOverview(db);
      warm.push(performance.now() - t);
    }

    const line = (label: string, samples: number[], sample: string) => {
      const s = stats(samples);
      console.log(`${String(size).padStart(9)}  ${label.padEnd(24)} ${fmt(s.median)} ${fmt(s.p99)} ${fmt(s.mean)}  ${sample}`);
    };
    line("pricing (base)", base, `avg ${Math.round(baseRows / iterations)} deals/slice, ${slices.length} slices`);
    line("pricing (state)", state, `avg ${Math.round(stateRows / iterations)} deals/slice, ${stateSlices.length} slices`);
    line("market overview (cold)", cold, "5 runs, full recompute");
    line("market overview (memo)", warm, "version check + memo hit");
    console.log(`${"".padStart(9)}  (deals inserted in ${loadS} s; DealSummary rebuilt in ${summaryS} s)`);
  }
  await db.$disconnect();
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
