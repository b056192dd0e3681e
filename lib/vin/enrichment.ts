/**
 * Live enrichment from NHTSA's vPIC API for exactly the elements the local vPIC data cannot give.
 *
 * corgi's cut of vPIC dropped every Pattern row of some elements (Drive Type, Transmission Style, the
 * safety elements…). For those, `decodeVinEnriched` asks `DecodeVinValues/<VIN>?format=json` once per VIN
 * descriptor (decodes depend on the VIN only through it) and stores the answer (held in memory). A decode
 * never waits longer than VPIC_API_TIMEOUT_MS: when NHTSA is slow the local answer goes out at once while
 * the request carries on in the background and fills the cache for the next decode. Concurrent decodes of
 * one descriptor share one request. VPIC_API_BASE_URL=off turns enrichment off.
 *
 * vPIC sits behind its breaker (lib/outside): while it is open, decodes answer locally at once. At most
 * MAX_IN_FLIGHT requests run at a time (beyond that a decode answers locally and a later one asks), and failed
 * descriptors are remembered for RETRY_AFTER_MS in the same bounded memo that shares one request among
 * concurrent decodes, so a slow vPIC during a flood of distinct VINs cannot pile up requests or memory.
 * The API call itself is ./vpic-client.ts.
 */
import { config } from "../config";
import { storedAnswers } from "../sources";
import { processWide } from "../db/data-version";
import { drainDeferredWrites } from "../db/write-behind";
import { log } from "../log";
import { fetchVinValues } from "./vpic-client";
import { BoundedMemo, breakerFor, resetBreakersForTests, startDeadline, untilAborted } from "../outside";
import { toDecodedVehicle } from "./decoded-vehicle";
import { decodeValidVin, vpicData, type DecodeResult } from "./decoder";
import type { Vin } from "./format";
import type { VpicData } from "./vpic-data";

/** A request the caller stopped waiting for may still finish (and fill the cache) within this many deadlines. */
const BACKGROUND_DEADLINES = 8;
/** After a failed request, the descriptor is not asked again for this long. */
const RETRY_AFTER_MS = 60_000;
/** An element with fewer Pattern rows than this in a lossy file is one the local data cannot give. */
const DROPPED_BELOW = 1000;

/** Requests to vPIC running at once in this process (each may run up to BACKGROUND_DEADLINES deadlines). */
const MAX_IN_FLIGHT = 32;

/**
 * One request per descriptor at a time, shared by concurrent decodes; a failed request's answer is kept
 * RETRY_AFTER_MS (the descriptor is not asked again meanwhile), a stored one is held by the store, and a breaker
 * refusal is not kept at all.
 */
type Live = { values: Record<string, string> } | { values: null; failed: boolean };
const live = new BoundedMemo<Live>({ max: 10_000 });
/**
 * NHTSA's answers per descriptor, stored with the other outside sources' answers (table SourceAnswer, source
 * "vpic") and held in memory by their index (lib/sources/answer-index.ts): a decode in the steady state reads
 * no row, and a descriptor never stored costs no query either (it goes live). NHTSA's values for a descriptor do
 * not change, so a stored answer is used however old.
 */
const stored = storedAnswers<Record<string, string>>("vpic");
/** Process-wide (one scan of every pattern per data set, not one per copy of this module the bundles hold). */
const lackingByData = processWide("vin.elements-lacking", () => new WeakMap<VpicData, Set<string>>());

/**
 * NHTSA variable names (Element.Code) of the elements this vPIC file cannot decode: elements NHTSA decodes
 * from patterns that have (almost) no Pattern rows here. Empty for a complete file.
 */
export function elementsLackingIn(data: VpicData): Set<string> {
  let lacking = lackingByData.get(data);
  if (lacking) return lacking;
  lacking = new Set<string>();
  if (data.lossy) {
    const counts = new Map<number, number>();
    for (let i = 0; i < data.patternIndex.length; i++) {
      const e = data.patterns.element[i];
      counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    for (const element of data.elements.values()) {
      if (element.isPrivate || !element.decode || !/pattern/i.test(element.decode)) continue;
      if ([26, 27, 28, 29, 39].includes(element.id)) continue;
      if ((counts.get(element.id) ?? 0) < DROPPED_BELOW) lacking.add(element.code);
    }
  }
  lackingByData.set(data, lacking);
  return lacking;
}

export interface EnrichOptions {
  /**
   * Called with the local decode when the decode is about to wait on vPIC (nothing stored for its descriptor), so
   * the caller can start work that needs only the local answer meanwhile (the VIN report asks its sections'
   * sources). Not called when the answer is stored, vPIC is off, or its breaker is open.
   */
  whileWaiting?: (local: Extract<DecodeResult, { ok: true }>) => void;
}

/** Local decode plus, for the elements the local data lacks, NHTSA's live answer (cached per descriptor). */
export async function decodeVinEnriched(vin: Vin, opts: EnrichOptions = {}): Promise<DecodeResult> {
  return decodeVinEnrichedWith(vpicData(), vin, opts);
}

export async function decodeVinEnrichedWith(data: VpicData, vin: Vin, opts: EnrichOptions = {}): Promise<DecodeResult> {
  const local = decodeValidVin(data, vin);
  const { apiBaseUrl, apiTimeoutMs } = config().vpic;
  if (!local.ok || !apiBaseUrl) return local;
  const lacking = elementsLackingIn(data);
  if (!lacking.size) return local;

  const cached = await stored.load(local.descriptor);
  if (cached) return merge(local, cached.value, lacking);
  return enrichLive(local, lacking, apiTimeoutMs, opts);
}

/**
 * Many VINs at once (the batch decode): local decodes, the stored answers from memory, and live requests (each
 * under the same deadline, concurrently) only for descriptors the store lacks. Input order.
 */
async function decodeVinsEnrichedWith(data: VpicData, vins: Vin[], opts: EnrichOptions = {}): Promise<DecodeResult[]> {
  const locals = vins.map((vin) => decodeValidVin(data, vin));
  const { apiBaseUrl, apiTimeoutMs } = config().vpic;
  const lacking = elementsLackingIn(data);
  if (!apiBaseUrl || !lacking.size) return locals;
  return Promise.all(
    locals.map(async (local) => {
      if (!local.ok) return local;
      const cached = await stored.load(local.descriptor);
      return cached ? merge(local, cached.value, lacking) : enrichLive(local, lacking, apiTimeoutMs, opts);
    }),
  );
}

export async function decodeVinsEnriched(vins: Vin[], opts: EnrichOptions = {}): Promise<DecodeResult[]> {
  return decodeVinsEnrichedWith(vpicData(), vins, opts);
}

async function enrichLive(
  local: Extract<DecodeResult, { ok: true }>,
  lacking: Set<string>,
  apiTimeoutMs: number,
  opts: EnrichOptions = {},
): Promise<DecodeResult> {
  const remembered = live.peek(local.descriptor);
  if (remembered) return remembered.values ? merge(local, remembered.values, lacking) : local;
  const breaker = breakerFor("vpic");
  if (breaker.refusing) return local;
  if (!live.loading(local.descriptor) && live.inFlight >= MAX_IN_FLIGHT) return local;

  const flight = live.get(
    local.descriptor,
    () =>
      breaker.run<Live>(
        () => fetchAndStore(local.vin, local.descriptor, lacking, apiTimeoutMs * BACKGROUND_DEADLINES),
        {
          failed: (answer) => answer.values === null,
          open: () => ({ values: null, failed: false }),
        },
      ),
    (answer) => (answer.values === null && answer.failed ? RETRY_AFTER_MS : 0),
  );
  // The decode waits at most one deadline, and no longer than a report waits on any live call
  // (REPORT_LIVE_BUDGET_MS); the request carries on and fills the cache for the next decode.
  const deadline = startDeadline(Math.min(apiTimeoutMs, config().report.liveBudgetMs));
  opts.whileWaiting?.(local);
  const answer = await untilAborted(flight, deadline.signal, () => null).finally(deadline.clear);
  return answer?.values ? merge(local, answer.values, lacking) : local;
}

/** Waits for background requests (a CLI run should not exit before they fill the cache). */
export async function closeEnrichment(): Promise<void> {
  await live.settled();
  await drainDeferredWrites();
}

/** Tests reset the in-memory state between cases. */
export function resetEnrichmentForTests(): void {
  live.clear();
  resetBreakersForTests("vpic");
}

function merge(
  local: Extract<DecodeResult, { ok: true }>,
  values: Record<string, string>,
  lacking: Set<string>,
): DecodeResult {
  const elements = { ...local.elements };
  const live = new Set<string>();
  for (const [code, value] of Object.entries(values)) {
    if (!lacking.has(code) || elements[code] !== undefined) continue;
    elements[code] = value;
    live.add(code);
  }
  return live.size ? { ...local, elements, decoded: toDecodedVehicle(elements, live) } : local;
}

async function fetchAndStore(vin: string, descriptor: string, lacking: Set<string>, timeoutMs: number): Promise<Live> {
  const started = Date.now();
  try {
    const answer = await fetchVinValues(vin, { timeoutMs });
    if (!answer.ok) throw new Error(answer.detail);
    const values: Record<string, string> = {};
    for (const code of lacking) {
      const value = answer.row[code];
      if (typeof value === "string" && value.trim() !== "" && value.trim() !== "Not Applicable")
        values[code] = value.trim();
    }
    // Held at once, written after the answer (lib/db/write-behind.ts): this request already has the values.
    await stored.save(descriptor, values, new Date());
    log().info({ descriptor, ms: Date.now() - started, elements: Object.keys(values) }, "vpic enrichment stored");
    return { values };
  } catch (error) {
    log().warn(
      { descriptor, ms: Date.now() - started, err: error instanceof Error ? error.message : String(error) },
      "vpic enrichment failed",
    );
    return { values: null, failed: true };
  }
}
