/**
 * The demo data set: a deterministic, labelled set of generated deals so a fresh install shows working
 * pricing pages. Same seed and day, same deals, on every machine (a seeded PRNG, fixed ids `demo-000001`…).
 * The purchase dates end at the day the set is generated (its as-of day), so a fresh install's pricing pages
 * ("newest …") agree with /market's "last changed" (the day it was seeded); only the dates move with that day,
 * the vehicles, prices and states drawn are the same on every day. Every row has `source = "demo"` and every
 * answer built from it says "demo data".
 *
 * seedDemoDeals(db) runs at start-up (30,000 deals: ~1.5 s on SQLite, ~2 s on PostgreSQL here) (cli/db/prepare.ts). It seeds only an empty deals table, once:
 * the marker row `demo.seed` in Setting is inserted in the same transaction as the deals, so when two
 * instances start together on one PostgreSQL, the second blocks on the marker's primary key until the first
 * commits, then sees the duplicate and skips; on SQLite write transactions are serialised anyway. Once the
 * demo set was removed (`import:deals --replace-demo`) the marker stays and the demo never comes back.
 */
import type { Db } from "../db";
import { log } from "../log";
import { retryAnswer } from "../outside";
import { changeDataSet } from "../db/data-version";
import { DEMO_SOURCE } from "./deal-source";
import { insertDealRows, type DealRow } from "./deal-rows";
import { rebuildDealSummary } from "./deal-summary";
import {
  BRAND_DISCOUNT_OFFSET,
  DEMO_CATALOG,
  MODEL_YEAR_DISCOUNT_OFFSET,
  MODEL_YEAR_SHARE,
  MSRP_DRIFT_PER_YEAR,
  SEGMENT_DISCOUNT,
  SEGMENT_LEASE_SHARE,
  STATE_WEIGHTS,
  regionDiscountOffset,
  type CatalogModel,
} from "./demo-catalog";
import { slugify } from "../vehicle";
import { mulberry32 } from "../seeded-random";

export const DEMO_DEAL_COUNT = 30_000;
const DEMO_SEED = 20_261_121;
export const DEMO_MARKER_KEY = "demo.seed";

/** The demo set's "today" for a moment: the start of its UTC day, so one day's seedings are all alike. */
export function demoAsOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
const DEMO_YEARS = [2023, 2024, 2025, 2026] as const;

/** Cumulative weights for weighted picks by binary search. */
function picker<T>(items: readonly T[], weight: (item: T) => number): (u: number) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) cumulative.push((total += weight(item)));
  return (u) => {
    const target = u * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

/** Standard normal from two uniforms (Box-Muller). */
function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Draws `count` demo deals. Model by sales weight, model year by share (only years the model was sold),
 * trim with lower trims more common, state by population; MSRP = the trim's base for that year plus 0-7 %
 * of options; discount = segment mean + brand + region + model-year offsets + noise (sd 2.2 points),
 * kept within -2 % … 22 %; lease share by segment, the rest about one cash deal to four financed.
 */
export function* generateDemoDeals(
  count = DEMO_DEAL_COUNT,
  seed = DEMO_SEED,
  asOf: Date = demoAsOf(new Date()),
): Generator<DealRow> {
  const random = mulberry32(seed);
  const end = demoAsOf(asOf).getTime();
  const pickModel = picker(DEMO_CATALOG, (m) => m.weight);
  const pickState = picker(Object.keys(STATE_WEIGHTS), (s) => STATE_WEIGHTS[s]);
  const yearPickers = new Map<CatalogModel, (u: number) => number>();
  const trimPickers = new Map<CatalogModel, (u: number) => CatalogModel["trims"][number]>();
  const slugs = new Map<CatalogModel, [string, string]>();
  for (const m of DEMO_CATALOG) {
    yearPickers.set(
      m,
      picker(m.years ?? DEMO_YEARS, (y) => MODEL_YEAR_SHARE[y]),
    );
    trimPickers.set(
      m,
      picker(m.trims, (t) => 1 / (m.trims.indexOf(t) + 1.3)),
    );
    slugs.set(m, [slugify(m.make), slugify(m.model)]);
  }
  const width = String(count).length < 6 ? 6 : String(count).length;

  for (let i = 1; i <= count; i++) {
    const m = pickModel(random());
    const year = yearPickers.get(m)!(random());
    const [trim, baseMsrp] = trimPickers.get(m)!(random());
    const state = pickState(random());
    const trimStep = m.trims.findIndex((t) => t[0] === trim);

    const msrp = Math.round((baseMsrp * (1 + (year - 2025) * MSRP_DRIFT_PER_YEAR) * (1 + random() * 0.07)) / 5) * 5;
    const meanDiscount =
      SEGMENT_DISCOUNT[m.segment] +
      (BRAND_DISCOUNT_OFFSET[m.make] ?? 0) +
      regionDiscountOffset(state) +
      MODEL_YEAR_DISCOUNT_OFFSET[year] +
      trimStep * 0.3;
    const discount = Math.min(22, Math.max(-2, Math.max(0.3, meanDiscount) + normal(random) * 2.2));
    const sellingPrice = Math.round(msrp * (1 - discount / 100));

    const dealRoll = random();
    const leaseShare = SEGMENT_LEASE_SHARE[m.segment];
    const dealType =
      dealRoll < leaseShare ? "lease" : dealRoll < leaseShare + (1 - leaseShare) * 0.2 ? "cash" : "finance";

    // A model year is sold from July 1 of the year before until the as-of day, so every model year's newest
    // deals are of the last days before the set was made. (A season ending the spring after the model year
    // left a 2024 model "newest 2025-03-30" beside a /market "last changed" of the seeding day.)
    const windowEnd = end;
    const windowStart = Math.min(Date.UTC(year - 1, 6, 1), windowEnd);
    const day = Math.floor(random() * ((windowEnd - windowStart) / 86_400_000 + 1));
    const purchaseDate = new Date(windowStart + day * 86_400_000);

    const [makeSlug, modelSlug] = slugs.get(m)!;
    yield {
      id: `demo-${String(i).padStart(width, "0")}`,
      vin: null,
      year,
      make: m.make,
      model: m.model,
      makeSlug,
      modelSlug,
      trim,
      state,
      msrp,
      sellingPrice,
      dealType,
      purchaseDate,
      source: DEMO_SOURCE,
    };
  }
}

export type SeedResult =
  | { seeded: true; deals: number; ms: number }
  | { seeded: false; reason: "already_seeded" | "deals_present" | "demo_removed" };

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "P2002" || /unique constraint/i.test(e?.message ?? "");
}

/** SQLite: another process holds the write lock longer than the busy timeout (it is seeding right now). */
function isBusy(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return /SQLITE_BUSY|database is locked|timed out/i.test(`${e?.code ?? ""} ${e?.message ?? ""}`);
}

const BUSY_RETRIES = 29;

export async function seedDemoDeals(db: Db, count = DEMO_DEAL_COUNT, now = new Date()): Promise<SeedResult> {
  // Busy: wait for the other seeder to commit, then look again: the marker will be there (or, if it failed,
  // this instance seeds).
  return retryAnswer(() => seedOnce(db, count, demoAsOf(now)), {
    retries: BUSY_RETRIES,
    backoffMs: 1000,
    retryable: () => false,
    retryableError: isBusy,
  });
}

async function seedOnce(db: Db, count: number, asOf: Date): Promise<SeedResult> {
  const marker = await db.setting.findUnique({ where: { key: DEMO_MARKER_KEY } });
  if (marker) return { seeded: false, reason: marker.value === "removed" ? "demo_removed" : "already_seeded" };
  if ((await db.deal.findFirst({ select: { id: true } })) !== null) return { seeded: false, reason: "deals_present" };

  const started = performance.now();
  try {
    await changeDataSet(
      db,
      "deals",
      async (tx) => {
        // First statement of the transaction: a concurrent seeder blocks here until this one commits.
        const day = asOf.toISOString().slice(0, 10);
        await tx.setting.create({
          data: { key: DEMO_MARKER_KEY, value: `seeded ${count} deals (seed ${DEMO_SEED}, as of ${day})` },
        });
        await insertDealRows(tx, [...generateDemoDeals(count, DEMO_SEED, asOf)]);
        await rebuildDealSummary(tx);
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { seeded: false, reason: "already_seeded" };
    throw error;
  }
  const ms = Math.round(performance.now() - started);
  log().info({ deals: count, ms, asOf: asOf.toISOString().slice(0, 10) }, "demo deals seeded (labelled demo data)");
  return { seeded: true, deals: count, ms };
}

/**
 * Drops every demo deal and keeps the marker as "removed", so the demo set is not seeded again. The caller
 * rebuilds DealSummary in the same transaction.
 */
export async function removeDemoDeals(tx: Pick<Db, "deal" | "setting">): Promise<number> {
  const { count } = await tx.deal.deleteMany({ where: { source: DEMO_SOURCE } });
  await tx.setting.upsert({
    where: { key: DEMO_MARKER_KEY },
    create: { key: DEMO_MARKER_KEY, value: "removed" },
    update: { value: "removed" },
  });
  return count;
}
