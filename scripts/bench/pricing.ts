/**
 * npm run bench:pricing [-- --sizes 100000,1000000 --iterations 300 --postgres postgresql://…/db]
 *
 * Builds a throwaway SQLite database (the project's migrations), or with --postgres a throwaway schema in
 * that PostgreSQL database (dropped afterwards), fills it with the demo generator's deals
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
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { Client } from "pg";
import { createDb, type Db } from "../../lib/db";
import { aggregatePricing } from "../../lib/pricing";
import { bumpDataVersion } from "../../lib/db/data-version";
import { rebuildDealSummary } from "../../lib/pricing";
import { insertDealRows, type DealRow } from "../../lib/pricing";
import { generateDemoDeals } from "../../lib/pricing";
import { mulberry32 } from "../../lib/seeded-random";
import { computeMarketOverview, marketOverview } from "../../lib/pricing";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    iterations: { type: "string", default: "300" },
    postgres: { type: "string", default: "" },
  },
});
const sizes = args.sizes
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const iterations = Number(args.iterations);

function stats(samples: number[]): { median: number; p99: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

interface Target {
  label: string;
  db: Db;
  /** Appends n more generated deals. */
  insert(n: number): Promise<void>;
  analyze(): Promise<void>;
  close(): Promise<void>;
}

const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");

function migrationSql(dir: string): string[] {
  const base = path.join(__dirname, "../..", dir);
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => readFileSync(path.join(base, name, "migration.sql"), "utf8"));
}

function sqliteTarget(deals: Generator<DealRow>): Target {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-bench-"));
  const file = path.join(dir, "bench.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  for (const sql of migrationSql("prisma/migrations")) sqlite.exec(sql);
  const insert = sqlite.prepare(
    `INSERT INTO "Deal" ("id","vin","year","make","model","makeSlug","modelSlug","trim","state","msrp","sellingPrice","dealType","purchaseDate","source","createdAt","updatedAt")
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const now = iso(new Date());
  // better-sqlite3 directly: loading a million rows through Prisma would time the loader, not the queries.
  const insertMany = sqlite.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const d = deals.next().value as DealRow;
      insert.run(
        d.id,
        d.vin,
        d.year,
        d.make,
        d.model,
        d.makeSlug,
        d.modelSlug,
        d.trim,
        d.state,
        d.msrp,
        d.sellingPrice,
        d.dealType,
        iso(d.purchaseDate),
        d.source,
        now,
        now,
      );
    }
  });
  const db = createDb({ provider: "sqlite", url: `file:${file}` });
  return {
    label: `SQLite (WAL) at ${file}`,
    db,
    insert: async (n) => insertMany(n),
    analyze: async () => void sqlite.exec("ANALYZE"),
    close: async () => {
      await db.$disconnect();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(base: string, deals: Generator<DealRow>): Promise<Target> {
  const schema = `bench_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.query(`SET search_path TO "${schema}"`);
  for (const sql of migrationSql("prisma/postgres/migrations"))
    await admin.query(sql.replace(/CREATE SCHEMA IF NOT EXISTS "public";/g, ""));
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  const db = createDb({ provider: "postgresql", url: url.toString(), schema });
  return {
    label: `PostgreSQL schema ${schema}`,
    db,
    insert: async (n) => {
      for (let done = 0; done < n; done += 50_000) {
        const chunk: DealRow[] = [];
        for (let i = 0; i < Math.min(50_000, n - done); i++) chunk.push(deals.next().value as DealRow);
        await db.$transaction((tx) => insertDealRows(tx, chunk), { timeout: 600_000 });
      }
    },
    analyze: async () => void (await admin.query("ANALYZE")),
    close: async () => {
      await db.$disconnect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

async function main() {
  const deals = generateDemoDeals(sizes[sizes.length - 1], 7);
  const pg = args.postgres;
  const target = pg ? await postgresTarget(pg, deals) : sqliteTarget(deals);
  const db = target.db;
  let loaded = 0;
  console.log(`vinscope pricing benchmark: ${target.label}, ${iterations} iterations per figure, times in ms`);
  console.log(
    `${"deals".padStart(9)}  ${"query".padEnd(24)} ${"median".padStart(8)} ${"p99".padStart(8)} ${"mean".padStart(8)}  sample`,
  );
  for (const size of sizes) {
    const t0 = performance.now();
    await target.insert(size - loaded);
    loaded = size;
    const t1 = performance.now();
    await rebuildDealSummary(db);
    const summaryS = ((performance.now() - t1) / 1000).toFixed(1);
    await target.analyze();
    const loadS = ((t1 - t0) / 1000).toFixed(1);

    const slices = (
      await db.dealSummary.groupBy({ by: ["makeSlug", "modelSlug", "year"], _sum: { dealCount: true } })
    ).map((r) => ({ ...r, n: r._sum.dealCount ?? 0 }));
    const stateSlices = (
      await db.dealSummary.groupBy({ by: ["makeSlug", "modelSlug", "year", "state"], _sum: { dealCount: true } })
    ).map((r) => ({ ...r, n: r._sum.dealCount ?? 0 }));
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
      const r = await aggregatePricing(db, {
        makeSlug: s.makeSlug,
        modelSlug: s.modelSlug,
        year: s.year,
        state: s.state,
      });
      state.push(performance.now() - t);
      if (!r.found) throw new Error("bench state slice not found");
    }
    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await computeMarketOverview(db);
      cold.push(performance.now() - t);
    }
    await bumpDataVersion(db, "deals");
    await marketOverview(db);
    const warm: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await marketOverview(db);
      warm.push(performance.now() - t);
    }

    const line = (label: string, samples: number[], sample: string) => {
      const s = stats(samples);
      console.log(
        `${String(size).padStart(9)}  ${label.padEnd(24)} ${fmt(s.median)} ${fmt(s.p99)} ${fmt(s.mean)}  ${sample}`,
      );
    };
    line("pricing (base)", base, `avg ${Math.round(baseRows / iterations)} deals/slice, ${slices.length} slices`);
    line(
      "pricing (state)",
      state,
      `avg ${Math.round(stateRows / iterations)} deals/slice, ${stateSlices.length} slices`,
    );
    line("market overview (cold)", cold, "5 runs, full recompute");
    line("market overview (memo)", warm, "version check + memo hit");
    console.log(`${"".padStart(9)}  (deals inserted in ${loadS} s; DealSummary rebuilt in ${summaryS} s)`);
  }
  await target.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
