/**
 * Insights per year/make/model: served from the cache, generated at most once per key.
 *
 *   hit      a fresh row (in this process's memory for up to a minute, else in the database) is served as
 *            it is; near its expiry it is refreshed in the background (stale-while-revalidate)
 *   miss     one flight per key in this process; across processes the database lease decides who generates
 *            (insight-store.ts). The others poll the row until the text appears, and serve the factual
 *            fallback if it does not arrive before their deadline.
 *   generate facts (facts.ts) → the model → validation, one retry with the reason → else the factual
 *            fallback, stored for an hour only (insight-generation.ts)
 *   refresh  in the background, under the lease (insight-refresh.ts)
 *
 * A caller's deadline or signal only limits how long that caller waits: a generation already under way
 * finishes and fills the cache for the next request.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../db";
import { BoundedMemo, boundedCache, startDeadline, untilAborted } from "../outside";
import { findVpicModel } from "../vin";
import { displayMake, vehicleSlugKey } from "../vehicle";
import type { InsightWriter } from "./anthropic-writer";
import { factsFromAnswers, gatherFacts, type FactsInput, type SectionAnswers, type VehicleFacts } from "./facts";
import { FALLBACK_WRITER } from "./fallback";
import { generatedRow, generateInsight, transientFallback, type GenerationDeps } from "./insight-generation";
import { createRefresher, type Refresher } from "./insight-refresh";
import {
  claimLease,
  ensureInsightRow,
  readInsight,
  releaseLease,
  saveInsight,
  type StoredInsight,
} from "./insight-store";
import { vpicVariants, type VpicVariants } from "./vpic-variants";
import type { VehicleQuery } from "../vehicle";

export { FALLBACK_TTL_MS, INSIGHT_TTL_MS } from "./insight-generation";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Vehicles an instance keeps insights, vPIC variants and refresh back-offs in memory for (LRU beyond). */
const MAX_KEYS = 5000;
/** Bytes each of those caches may hold (an insight or a model's variants is a few KB at most). */
const MAX_BYTES = 8 * 1024 * 1024;

export interface Insight {
  text: string;
  /** The writer's id: the AI model, or `vinscope-facts-v1` for the factual fallback. */
  model: string;
  generatedAt: string;
  expiresAt: string;
}

export interface InsightAnswer {
  year: number;
  make: string;
  model: string;
  insight: Insight;
  source: string;
}

export interface LookupOptions {
  /** Stop waiting after this many milliseconds and answer with the factual fallback. */
  deadlineMs?: number;
  signal?: AbortSignal;
  /**
   * The answers the caller already holds (the VIN report's own sections), from which the insight is
   * written when there is no AI key: nothing is looked up a second time. `settled`: no answer among them is
   * still being fetched or degraded by an outage; only then is the text kept for the key.
   */
  answersInHand?: { answers: SectionAnswers; settled: boolean };
}

export interface InsightServiceOptions {
  db: () => Db;
  /** The model client, or null without an API key. Read per generation, so config changes apply. */
  writer: () => InsightWriter | null;
  now?: () => Date;
  /** vPIC's canonical make/model names, or null when vPIC does not know them (tests use a small catalog). */
  names?: (make: string, model: string) => { make: string; model: string } | null;
  variants?: (year: number, make: string, model: string) => VpicVariants | null;
  facts?: (input: FactsInput) => Promise<VehicleFacts>;
  /** How long one generation may hold a key (facts + two model calls + writes); others wait at most this. */
  leaseMs?: number;
  pollMs?: number;
  /** An AI insight is refreshed in the background once it is this close to expiry. */
  refreshBeforeExpiryMs?: number;
  /** A fallback is replaced in the background once it is this old (when a model is configured). */
  fallbackRetryAfterMs?: number;
  /** After a failed background refresh, the next attempt waits this long. */
  refreshBackoffMs?: number;
  /** How long a process keeps a row in memory before reading the database again. */
  memoryMs?: number;
}

export interface InsightService {
  lookup(query: VehicleQuery, opts?: LookupOptions): Promise<InsightAnswer | null>;
  /** Settles when every background refresh started so far has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
}

/** What one service instance holds: its settings, this process's memory and flights, the refresher. */
interface ServiceState extends GenerationDeps {
  pollMs: number;
  memoryMs: number;
  memory: ReturnType<typeof boundedCache<{ row: StoredInsight; until: number }>>;
  /** Generations of missing keys under way in this process, one per key; their rows are not kept here. */
  flights: BoundedMemo<StoredInsight>;
  refresher: Refresher;
}

export function createInsightService(options: InsightServiceOptions): InsightService {
  const state = serviceState(options);
  return { lookup: (query, opts) => lookup(state, query, opts), idle: () => state.refresher.idle() };
}

function serviceState(options: InsightServiceOptions): ServiceState {
  const deps: GenerationDeps = {
    db: options.db,
    writer: options.writer,
    now: options.now ?? (() => new Date()),
    namesOf: options.names ?? findVpicModel,
    variantsOf: memoisedVariants(options.variants ?? vpicVariants),
    factsOf: options.facts ?? ((input: FactsInput) => gatherFacts(input)),
    leaseMs: options.leaseMs ?? 30_000,
  };
  const memory = boundedCache<{ row: StoredInsight; until: number }>({ max: MAX_KEYS, maxBytes: MAX_BYTES });
  const flights = new BoundedMemo<StoredInsight>({ max: MAX_KEYS, maxBytes: MAX_BYTES });
  const refresher = createRefresher({
    ...deps,
    refreshBeforeExpiryMs: options.refreshBeforeExpiryMs ?? 3 * DAY,
    fallbackRetryAfterMs: options.fallbackRetryAfterMs ?? 5 * MINUTE,
    refreshBackoffMs: options.refreshBackoffMs ?? 10 * MINUTE,
    maxKeys: MAX_KEYS,
    maxBytes: MAX_BYTES,
    generating: (key) => flights.loading(key),
    forget: (key) => memory.delete(key),
  });
  return {
    ...deps,
    pollMs: options.pollMs ?? 50,
    memoryMs: options.memoryMs ?? MINUTE,
    memory,
    flights,
    refresher,
  };
}

/**
 * vPIC data is fixed for the life of a process, and reading a model's variants scans its schemas (up to a
 * few tens of ms): remember the answers, unknown years included, so repeated 404s stay cheap.
 */
function memoisedVariants(read: (year: number, make: string, model: string) => VpicVariants | null) {
  const memo = boundedCache<{ found: VpicVariants | null }>({ max: MAX_KEYS, maxBytes: MAX_BYTES });
  return (year: number, make: string, model: string): VpicVariants | null => {
    const key = `${year}|${make}|${model}`;
    const hit = memo.get(key);
    if (hit) return hit.found;
    const found = read(year, make, model);
    memo.set(key, { found });
    return found;
  };
}

const isFresh = (row: StoredInsight, at: Date): boolean => row.expiresAt.getTime() > at.getTime();

function remember(s: ServiceState, row: StoredInsight): void {
  const until = Math.min(s.now().getTime() + s.memoryMs, row.expiresAt.getTime());
  s.memory.set(row.key, { row, until });
}

async function lookup(s: ServiceState, query: VehicleQuery, opts: LookupOptions = {}): Promise<InsightAnswer | null> {
  const names = s.namesOf(query.make, query.model);
  if (!names) return null;
  // One row per model year and vPIC's canonical make and model.
  const key = vehicleSlugKey({ year: query.year, make: names.make, model: names.model });
  const at = s.now();

  const held = s.memory.get(key);
  if (held && held.until > at.getTime()) {
    s.refresher.maybeRefresh(held.row, at);
    return answerOf(held.row);
  }
  // With no AI key the insight is written from the facts, here and now, the same on every instance: nothing to
  // share through the database, so it is composed in memory and kept there until it expires.
  if (!s.writer()) return composedInMemory(s, key, query.year, names, opts);
  const stored = await readInsight(s.db(), key);
  if (stored && isFresh(stored, at)) {
    remember(s, stored);
    s.refresher.maybeRefresh(stored, at);
    return answerOf(stored);
  }

  const variants = s.variantsOf(query.year, names.make, names.model);
  if (!variants || !variants.modelSeenInYear) return null;
  const input: FactsInput = { year: query.year, make: names.make, model: names.model, variants };

  const flight = s.flights.get(
    key,
    () => fill(s, key, input),
    () => 0,
  );
  const row = await untilDeadline(flight, opts);
  if (row) {
    if (row.writer !== FALLBACK_WRITER || isFresh(row, s.now())) remember(s, row);
    return answerOf(row);
  }
  return answerOf(transientFallback(key, input, "the caller's deadline passed", s.now()));
}

async function composedInMemory(
  s: ServiceState,
  key: string,
  year: number,
  names: { make: string; model: string },
  opts: LookupOptions,
): Promise<InsightAnswer | null> {
  const variants = s.variantsOf(year, names.make, names.model);
  if (!variants || !variants.modelSeenInYear) return null;
  const input: FactsInput = { year, make: names.make, model: names.model, variants };
  if (opts.answersInHand) {
    const { answers, settled } = opts.answersInHand;
    const facts = await factsFromAnswers(input, answers);
    const row = generatedRow(key, year, facts, await generateInsight(key, facts, null), s.now());
    // A text missing a section that is still being fetched, or written during an outage, is not kept for the
    // row's life: the next request writes it again from what is known then.
    if (settled) s.memory.set(key, { row, until: row.expiresAt.getTime() });
    return answerOf(row);
  }
  const flight = s.flights.get(
    key,
    async () => {
      const facts = await s.factsOf(input);
      const row: StoredInsight = generatedRow(key, year, facts, await generateInsight(key, facts, null), s.now());
      s.memory.set(key, { row, until: row.expiresAt.getTime() });
      return row;
    },
    () => 0,
  );
  const row = await untilDeadline(flight, opts);
  return answerOf(row ?? transientFallback(key, input, "the caller's deadline passed", s.now()));
}

/** The shared flight of a missing key: claim the lease and generate, or wait for whoever holds it. */
async function fill(s: ServiceState, key: string, input: FactsInput): Promise<StoredInsight> {
  const db = s.db();
  const owner = randomUUID();
  await ensureInsightRow(db, { key, year: input.year, make: displayMake(input.make), model: input.model });
  const waitUntil = performance.now() + s.leaseMs;
  for (;;) {
    if (await claimLease(db, key, owner, s.now(), s.leaseMs)) {
      const current = await readInsight(db, key);
      if (current && isFresh(current, s.now())) {
        await releaseLease(db, key, owner);
        return current;
      }
      return generateAndStore(s, key, input, owner);
    }
    const current = await readInsight(db, key);
    if (current && isFresh(current, s.now())) return current;
    if (performance.now() >= waitUntil) {
      return transientFallback(key, input, "another instance is still generating this insight", s.now());
    }
    await sleep(s.pollMs);
  }
}

async function generateAndStore(
  s: ServiceState,
  key: string,
  input: FactsInput,
  owner: string,
): Promise<StoredInsight> {
  const db = s.db();
  let row: ReturnType<typeof generatedRow>;
  try {
    const facts = await s.factsOf(input);
    const generated = await generateInsight(key, facts, s.writer());
    row = generatedRow(key, input.year, facts, generated, s.now());
  } catch (error) {
    await releaseLease(db, key, owner).catch(() => undefined);
    throw error;
  }
  await saveInsight(db, owner, row);
  return row;
}

function answerOf(row: StoredInsight): InsightAnswer {
  return {
    year: row.year,
    make: row.make,
    model: row.model,
    insight: {
      text: row.text,
      model: row.writer,
      generatedAt: row.generatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    },
    source: row.source,
  };
}

/** The flight, or null once the caller's deadline passes or its signal aborts; the flight goes on without it. */
function untilDeadline<T>(work: Promise<T>, opts: LookupOptions): Promise<T | null> {
  if (opts.deadlineMs === undefined) return untilAborted(work, opts.signal, () => null);
  const deadline = startDeadline(opts.deadlineMs, opts.signal);
  return untilAborted(work, deadline.signal, () => null).finally(deadline.clear);
}
