/**
 * Insights per year/make/model: served from the cache, generated at most once per key.
 *
 *   hit      a fresh row (in this process's memory for up to a minute, else in the database) is served as
 *            it is; near its expiry it is refreshed in the background (stale-while-revalidate)
 *   miss     one flight per key in this process; across processes the database lease decides who generates
 *            (insight-store.ts). The others poll the row until the text appears, and serve the factual
 *            fallback if it does not arrive before their deadline.
 *   generate facts (facts.ts) → the model (anthropic-writer.ts) → validation (validate-insight.ts), one retry
 *            with the reason → else the factual fallback (fallback.ts), stored for an hour only.
 *
 * A caller's deadline or signal only limits how long that caller waits: a generation already under way
 * finishes and fills the cache for the next request.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import { log } from "../log";
import { boundedCache } from "../outside";
import { findVpicModel } from "../vin";
import { createAnthropicWriter, type InsightWriter, type Usage } from "./anthropic-writer";
import { composeFallback, FALLBACK_WRITER } from "./fallback";
import { displayMake, slugify } from "../vehicle";
import { factSources, gatherFacts, type FactsInput, type VehicleFacts } from "./facts";
import { claimLease, ensureInsightRow, readInsight, releaseLease, saveInsight, type StoredInsight } from "./insight-store";
import { factLines, firstRequest, retryRequest, SYSTEM_PROMPT } from "./prompt";
import { validateInsight } from "./validate-insight";
import { vpicVariants, type VpicVariants } from "./vpic-variants";
import type { VehicleQuery } from "../vehicle";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INSIGHT_TTL_MS = 30 * DAY;
export const FALLBACK_TTL_MS = HOUR;
/** Vehicles an instance keeps insights, vPIC variants and refresh back-offs in memory for (LRU beyond). */
const MAX_KEYS = 5000;

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

interface Generated {
  text: string;
  writer: string;
  ai: boolean;
  usage: Usage;
  reason?: string;
}

export interface InsightService {
  lookup(query: VehicleQuery, opts?: LookupOptions): Promise<InsightAnswer | null>;
  /** Settles when every background refresh started so far has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export function createInsightService(options: InsightServiceOptions): InsightService {
  const now = options.now ?? (() => new Date());
  const namesOf = options.names ?? findVpicModel;
  const readVariants = options.variants ?? vpicVariants;
  // vPIC data is fixed for the life of a process, and reading a model's variants scans its schemas (up to a
  // few tens of ms): remember the answers, unknown years included, so repeated 404s stay cheap.
  const variantsMemo = boundedCache<{ found: VpicVariants | null }>(MAX_KEYS);
  const variantsOf = (year: number, make: string, model: string): VpicVariants | null => {
    const key = `${year}|${make}|${model}`;
    const hit = variantsMemo.get(key);
    if (hit) return hit.found;
    const found = readVariants(year, make, model);
    variantsMemo.set(key, { found });
    return found;
  };
  const factsOf = options.facts ?? ((input: FactsInput) => gatherFacts(input));
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 50;
  const refreshBeforeExpiryMs = options.refreshBeforeExpiryMs ?? 3 * DAY;
  const fallbackRetryAfterMs = options.fallbackRetryAfterMs ?? 5 * MINUTE;
  const refreshBackoffMs = options.refreshBackoffMs ?? 10 * MINUTE;
  const memoryMs = options.memoryMs ?? MINUTE;

  const memory = boundedCache<{ row: StoredInsight; until: number }>(MAX_KEYS);
  const flights = new Map<string, Promise<StoredInsight>>();
  const refreshes = new Map<string, Promise<void>>();
  /** Key → time before which this process does not retry a failed background refresh. */
  const backoff = boundedCache<number>(MAX_KEYS);

  function isFresh(row: StoredInsight, at: Date): boolean {
    return row.expiresAt.getTime() > at.getTime();
  }

  function remember(row: StoredInsight): void {
    const until = Math.min(now().getTime() + memoryMs, row.expiresAt.getTime());
    memory.set(row.key, { row, until });
  }

  function dueForRefresh(row: StoredInsight, at: Date): boolean {
    if ((backoff.get(row.key) ?? 0) > at.getTime()) return false;
    if (row.writer === FALLBACK_WRITER) return at.getTime() - row.generatedAt.getTime() >= fallbackRetryAfterMs;
    return row.expiresAt.getTime() - at.getTime() <= refreshBeforeExpiryMs;
  }

  async function lookup(query: VehicleQuery, opts: LookupOptions = {}): Promise<InsightAnswer | null> {
    const names = namesOf(query.make, query.model);
    if (!names) return null;
    const key = insightKey(query.year, names.make, names.model);
    const at = now();

    const held = memory.get(key);
    if (held && held.until > at.getTime()) {
      maybeRefresh(held.row, at);
      return answerOf(held.row);
    }
    const stored = await readInsight(options.db(), key);
    if (stored && isFresh(stored, at)) {
      remember(stored);
      maybeRefresh(stored, at);
      return answerOf(stored);
    }

    const variants = variantsOf(query.year, names.make, names.model);
    if (!variants || !variants.modelSeenInYear) return null;
    const input: FactsInput = { year: query.year, make: names.make, model: names.model, variants };

    let flight = flights.get(key);
    if (!flight) {
      flight = fill(key, input).finally(() => flights.delete(key));
      flights.set(key, flight);
    }
    const row = await untilDeadline(flight, opts);
    if (row) {
      if (row.writer !== FALLBACK_WRITER || isFresh(row, now())) remember(row);
      return answerOf(row);
    }
    return answerOf(transientFallback(key, input, "the caller's deadline passed"));
  }

  /** The shared flight of a missing key: claim the lease and generate, or wait for whoever holds it. */
  async function fill(key: string, input: FactsInput): Promise<StoredInsight> {
    const db = options.db();
    const owner = randomUUID();
    await ensureInsightRow(db, { key, year: input.year, make: displayMake(input.make), model: input.model });
    const waitUntil = performance.now() + leaseMs;
    for (;;) {
      if (await claimLease(db, key, owner, now(), leaseMs)) {
        const current = await readInsight(db, key);
        if (current && isFresh(current, now())) {
          await releaseLease(db, key, owner);
          return current;
        }
        return generateAndStore(key, input, owner);
      }
      const current = await readInsight(db, key);
      if (current && isFresh(current, now())) return current;
      if (performance.now() >= waitUntil) {
        return transientFallback(key, input, "another instance is still generating this insight");
      }
      await sleep(pollMs);
    }
  }

  async function generateAndStore(key: string, input: FactsInput, owner: string): Promise<StoredInsight> {
    const db = options.db();
    let row: StoredInsight & { inputTokens: number | null; outputTokens: number | null };
    try {
      const facts = await factsOf(input);
      row = rowOf(key, input.year, facts, await generate(key, facts));
    } catch (error) {
      await releaseLease(db, key, owner).catch(() => undefined);
      throw error;
    }
    await saveInsight(db, owner, row);
    return row;
  }

  function rowOf(key: string, year: number, facts: VehicleFacts, generated: Generated) {
    const at = now();
    return {
      key,
      year,
      make: facts.make,
      model: facts.model,
      text: generated.text,
      writer: generated.writer,
      source: sourceText(generated, facts),
      generatedAt: at,
      expiresAt: new Date(at.getTime() + (generated.ai ? INSIGHT_TTL_MS : FALLBACK_TTL_MS)),
      inputTokens: generated.usage.inputTokens || null,
      outputTokens: generated.usage.outputTokens || null,
    };
  }

  /** The model, checked, retried once with the reason; the factual fallback when that does not succeed. */
  async function generate(key: string, facts: VehicleFacts): Promise<Generated> {
    const writer = options.writer();
    const usage: Usage = { inputTokens: 0, outputTokens: 0 };
    const fallback = (reason: string): Generated => ({ text: composeFallback(facts), writer: FALLBACK_WRITER, ai: false, usage, reason });
    if (!writer) return fallback("no ANTHROPIC_API_KEY is configured");

    const factText = factLines(facts).join("\n");
    let turns = firstRequest(facts);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const started = performance.now();
      const result = await writer.write(SYSTEM_PROMPT, turns);
      const ms = Math.round(performance.now() - started);
      if (result.usage) {
        usage.inputTokens += result.usage.inputTokens;
        usage.outputTokens += result.usage.outputTokens;
      }
      if (!result.ok) {
        log().warn({ insightKey: key, model: writer.model, attempt, ms, reason: result.reason, status: result.status, detail: result.detail }, "insight model call failed");
        return fallback(`the AI model was unavailable (${result.reason})`);
      }
      const verdict = validateInsight(result.text, factText);
      log().info(
        { insightKey: key, model: result.model, attempt, ms, inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens, accepted: verdict.ok },
        "insight model call",
      );
      if (verdict.ok) return { text: verdict.text, writer: result.model, ai: true, usage };
      log().warn({ insightKey: key, attempt, problem: verdict.problem }, "insight answer rejected");
      turns = retryRequest(facts, result.text, verdict.problem);
    }
    return fallback("the AI answers did not pass validation");
  }

  function maybeRefresh(row: StoredInsight, at: Date): void {
    if (!dueForRefresh(row, at) || refreshes.has(row.key) || flights.has(row.key)) return;
    if (!options.writer()) return;
    const run = refresh(row)
      .catch((error) => log().warn({ insightKey: row.key, err: error instanceof Error ? error.message : String(error) }, "insight refresh failed"))
      .finally(() => refreshes.delete(row.key));
    refreshes.set(row.key, run);
  }

  /** Background regeneration of a row still being served; a fallback never replaces a valid AI insight. */
  async function refresh(row: StoredInsight): Promise<void> {
    const db = options.db();
    const owner = randomUUID();
    if (!(await claimLease(db, row.key, owner, now(), leaseMs))) return;
    try {
      const current = await readInsight(db, row.key);
      const names = namesOf(row.make, row.model);
      const variants = names && variantsOf(row.year, names.make, names.model);
      const doneElsewhere = current && current.generatedAt.getTime() > row.generatedAt.getTime() && !dueForRefresh(current, now());
      if (doneElsewhere || !names || !variants) return;

      const facts = await factsOf({ year: row.year, make: names.make, model: names.model, variants });
      const generated = await generate(row.key, facts);
      if (!generated.ai && row.writer !== FALLBACK_WRITER && isFresh(row, now())) {
        // Kept in this process, not in the lease: a held lease would make a request for the key, once it
        // has expired, wait for a generation that nobody is running.
        backoff.set(row.key, now().getTime() + refreshBackoffMs);
        return;
      }
      await saveInsight(db, owner, rowOf(row.key, row.year, facts, generated));
      memory.delete(row.key);
    } finally {
      // A no-op after saveInsight, which already freed the lease.
      await releaseLease(db, row.key, owner);
    }
  }

  /** A fallback from the vPIC facts alone, not stored: for a caller that cannot wait for the generation. */
  function transientFallback(key: string, input: FactsInput, reason: string): StoredInsight {
    const facts: VehicleFacts = {
      year: input.year,
      make: displayMake(input.make),
      model: input.model,
      variants: input.variants,
      pricing: null,
      recalls: null,
    };
    const at = now();
    return {
      key,
      year: input.year,
      make: facts.make,
      model: facts.model,
      text: composeFallback(facts),
      writer: FALLBACK_WRITER,
      source: sourceText({ text: "", writer: FALLBACK_WRITER, ai: false, usage: { inputTokens: 0, outputTokens: 0 }, reason }, facts),
      generatedAt: at,
      expiresAt: at,
    };
  }

  return {
    lookup,
    async idle() {
      while (refreshes.size) await Promise.all([...refreshes.values()]);
    },
  };
}

/** One row per model year and vPIC's canonical make and model, in the pricing slug form: `2024|toyota|camry`. */
export function insightKey(year: number, make: string, model: string): string {
  return `${year}|${slugify(make)}|${slugify(model)}`;
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

function sourceText(generated: Generated, facts: VehicleFacts): string {
  const data = factSources(facts).join(", ");
  if (generated.ai) return `AI-generated by ${generated.writer} from data vinscope holds (${data}); checked against those facts`;
  return `Composed by vinscope from its data (${data}) without an AI model: ${generated.reason ?? "no model answer"}`;
}

async function untilDeadline<T>(work: Promise<T>, opts: LookupOptions): Promise<T | null> {
  if (opts.deadlineMs === undefined && !opts.signal) return work;
  if (opts.signal?.aborted) return null;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<null>((resolve) => {
    if (opts.deadlineMs !== undefined) timer = setTimeout(() => resolve(null), opts.deadlineMs);
    if (opts.signal) {
      onAbort = () => resolve(null);
      opts.signal.addEventListener("abort", onAbort, { once: true });
    }
  });
  // The flight goes on without this caller; its failure is logged by whoever awaits it next, never unhandled.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) opts.signal?.removeEventListener("abort", onAbort);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { createAnthropicWriter };
