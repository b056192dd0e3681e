/**
 * How long serving a cached insight takes (target: ≤ 2 ms).
 *
 *   npm run bench:insights                      in-process, on a throwaway migrated SQLite database
 *   npm run bench:insights -- --postgres URL    the same on a throwaway schema of that PostgreSQL database
 *   npm run bench:insights -- --url http://127.0.0.1:3000   also over HTTP against a running app (warm it first)
 *
 * Measures lookupInsight-style lookups of a stored AI insight: from the process's memory (the usual case: a row
 * is kept a minute) and from the database (memory disabled, every lookup reads the row). Prints p50/p95/p99.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { createDb, type Db } from "../../lib/db";
import { createInsightService } from "../../lib/insights";
import { vehicleSlugKey } from "../../lib/vehicle";
import { findVpicModel } from "../../lib/vin";
import { migrateDeploy } from "../../cli/db/migrate-deploy";

const ROUNDS = 5000;
const VEHICLES = [
  { year: 2024, make: "toyota", model: "camry" },
  { year: 2022, make: "ford", model: "f-150" },
  { year: 2021, make: "honda", model: "cr-v" },
  { year: 2019, make: "land-rover", model: "range-rover-sport" },
];

const { values: args } = parseArgs({ options: { postgres: { type: "string" }, url: { type: "string" } } });

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const fmt = (n: number) => `${n.toFixed(3)} ms`;
  return `p50 ${fmt(at(0.5))}  p95 ${fmt(at(0.95))}  p99 ${fmt(at(0.99))}  max ${fmt(s[s.length - 1])}  (n=${s.length})`;
}

async function database(): Promise<{ db: Db; drop: () => Promise<void>; label: string }> {
  const pg = args.postgres;
  if (pg) {
    const schema = `bench_insights_${process.pid}`;
    const admin = new Client({ connectionString: pg });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const url = new URL(pg);
    url.searchParams.set("schema", schema);
    migrateDeploy(url.toString(), { quiet: true });
    const db = createDb({ provider: "postgresql", url: url.toString(), schema });
    return {
      db,
      label: "PostgreSQL",
      drop: async () => {
        await db.$disconnect();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-bench-insights-"));
  const url = `file:${path.join(dir, "bench.db")}`;
  migrateDeploy(url, { quiet: true });
  const db = createDb({ provider: "sqlite", url });
  return {
    db,
    label: "SQLite",
    drop: async () => {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const started = performance.now();
  for (const v of VEHICLES) findVpicModel(v.make, v.model);
  console.log(`vPIC data loaded in ${Math.round(performance.now() - started)} ms (once per process)`);

  const { db, drop, label } = await database();
  try {
    const now = new Date();
    for (const v of VEHICLES) {
      const names = findVpicModel(v.make, v.model)!;
      await db.vehicleInsight.create({
        data: {
          key: vehicleSlugKey({ year: v.year, make: names.make, model: names.model }),
          year: v.year,
          make: names.make,
          model: names.model,
          text: `The ${v.year} ${names.model} is listed in NHTSA's vPIC data. This row exists for the benchmark only.`,
          writer: "claude-bench",
          source: "benchmark row",
          generatedAt: now,
          expiresAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
        },
      });
    }
    const noWriter = () => null;
    const services = {
      memory: createInsightService({ db: () => db, writer: noWriter }),
      database: createInsightService({ db: () => db, writer: noWriter, memoryMs: 0 }),
    };
    for (const [name, service] of Object.entries(services)) {
      for (let i = 0; i < 500; i++) await service.lookup(VEHICLES[i % VEHICLES.length]);
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        const answer = await service.lookup(VEHICLES[i % VEHICLES.length]);
        samples.push(performance.now() - t);
        if (answer?.insight.model !== "claude-bench") throw new Error("benchmark row not served");
      }
      console.log(
        `cached insight, ${name === "memory" ? "process memory hit" : `${label} row read`}: ${percentiles(samples)}`,
      );
    }
  } finally {
    await drop();
  }

  const url = args.url;
  if (url) {
    const samples: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const v = VEHICLES[i % VEHICLES.length];
      const t = performance.now();
      const res = await fetch(`${url}/api/vin-insights/${v.year}/${v.make}/${v.model}`);
      await res.arrayBuffer();
      if (i >= 100) samples.push(performance.now() - t);
    }
    console.log(`HTTP GET /api/vin-insights (incl. Next.js routing, JSON, ETag): ${percentiles(samples)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
