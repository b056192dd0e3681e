/**
 * Live enrichment from NHTSA's vPIC API for exactly the elements the local vPIC data cannot give.
 *
 * corgi's cut of vPIC dropped every Pattern row of some elements (Drive Type, Transmission Style, the
 * safety elements…). For those, a decode asks `DecodeVinValues/<VIN>?format=json` once per VIN descriptor (decodes
 * depend on the VIN only through it) and stores the answer. vPIC is asked the one way every source is
 * (lib/sources/ask.ts, source `vpic` in lib/sources/registry.ts): its answers are stored in table SourceAnswer and
 * held by their in-memory index, so a decode in the steady state reads no row; one request per descriptor at a
 * time; its breaker and bulkhead; a failure remembered briefly. A decode waits at most VPIC_API_TIMEOUT_MS (and no
 * longer than a report's live budget): past it the local answer goes out while the request carries on and fills
 * the store for the next decode. NHTSA's values for a descriptor do not change, so a stored answer is used however
 * old. VPIC_API_BASE_URL=off turns enrichment off. The API call itself is ./vpic-client.ts.
 *
 * A decode runs in two steps, `planDecode` (local, and the stored answer) and `finishDecode` (vPIC asked when
 * nothing is stored), so a caller that has other sources to ask (the VIN report) can start them while vPIC is
 * asked: `asksVpic` says whether it will be.
 */
import { config } from "../config";
import { answersOf, SOURCES, type Loaded } from "../sources";
import { processWide } from "../db/data-version";
import { drainDeferredWrites } from "../db/write-behind";
import { log } from "../log";
import { fetchVinValues } from "./vpic-client";
import { resetBreakersForTests } from "../outside";
import { toDecodedVehicle } from "./decoded-vehicle";
import { decodeValidVin, vpicData, type DecodeResult } from "./decoder";
import type { Vin } from "./format";
import type { VpicData } from "./vpic-data";

/** A request the caller stopped waiting for may still finish (and fill the store) within this many deadlines. */
const BACKGROUND_DEADLINES = 8;
/** An element with fewer Pattern rows than this in a lossy file is one the local data cannot give. */
const DROPPED_BELOW = 1000;

/** NHTSA's answers per descriptor: the elements the local data lacks, by variable name. */
const answers = () => answersOf<Record<string, string>>(SOURCES.vpic);
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

/** A decode's first step: the local answer, the elements it lacks, and vPIC's stored answer for its descriptor. */
export interface PlannedDecode {
  local: DecodeResult;
  /** Elements to ask vPIC for; empty when enrichment is off, the data is complete, or the VIN did not decode. */
  lacking: Set<string>;
  stored: Record<string, string> | null;
}

export async function planDecode(vin: Vin, data: VpicData = vpicData()): Promise<PlannedDecode> {
  const local = decodeValidVin(data, vin);
  const lacking = local.ok && config().vpic.apiBaseUrl ? elementsLackingIn(data) : new Set<string>();
  if (!local.ok || !lacking.size) return { local, lacking, stored: null };
  const known = await answers().known(local.descriptor);
  return { local, lacking, stored: known?.value ?? null };
}

/** Whether finishing the decode asks vPIC (nothing stored for its descriptor, and vPIC is not refused). */
export function asksVpic(plan: PlannedDecode): plan is PlannedDecode & { local: Extract<DecodeResult, { ok: true }> } {
  return plan.local.ok && plan.lacking.size > 0 && plan.stored === null && !answers().refusing;
}

/** The decode: the local answer with vPIC's values for the elements it lacks, stored or asked now. */
export async function finishDecode(plan: PlannedDecode): Promise<DecodeResult> {
  const { local, lacking, stored } = plan;
  if (!local.ok || !lacking.size) return local;
  if (stored) return merge(local, stored, lacking);
  const { apiTimeoutMs } = config().vpic;
  const answer = await answers().get(
    local.descriptor,
    () => fetchValues(local.vin, local.descriptor, lacking, apiTimeoutMs * BACKGROUND_DEADLINES),
    // The decode waits at most one deadline, and no longer than a report waits on any live call.
    { budgetMs: Math.min(apiTimeoutMs, config().report.liveBudgetMs) },
  );
  return answer.kind === "fresh" || answer.kind === "stale" ? merge(local, answer.value, lacking) : local;
}

/** Local decode plus, for the elements the local data lacks, NHTSA's answer (stored per descriptor). */
export async function decodeVinEnriched(vin: Vin): Promise<DecodeResult> {
  return finishDecode(await planDecode(vin));
}

export async function decodeVinEnrichedWith(data: VpicData, vin: Vin): Promise<DecodeResult> {
  return finishDecode(await planDecode(vin, data));
}

/** Waits for background requests (a CLI run should not exit before they fill the store). */
export async function closeEnrichment(): Promise<void> {
  await answers().settled();
  await drainDeferredWrites();
}

/** Tests reset the in-memory state between cases. */
export function resetEnrichmentForTests(): void {
  answers().clear();
  resetBreakersForTests(SOURCES.vpic.system);
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

/** vPIC's values for the elements the local data lacks (values it leaves empty or "Not Applicable" are dropped). */
async function fetchValues(
  vin: string,
  descriptor: string,
  lacking: Set<string>,
  timeoutMs: number,
): Promise<Loaded<Record<string, string>>> {
  const started = Date.now();
  const answer = await fetchVinValues(vin, { timeoutMs });
  if (!answer.ok) {
    log().warn({ descriptor, ms: Date.now() - started, err: answer.detail }, "vpic enrichment failed");
    return answer;
  }
  const values: Record<string, string> = {};
  for (const code of lacking) {
    const value = answer.row[code];
    if (typeof value === "string" && value.trim() !== "" && value.trim() !== "Not Applicable")
      values[code] = value.trim();
  }
  log().info({ descriptor, ms: Date.now() - started, elements: Object.keys(values) }, "vpic enrichment stored");
  return { ok: true, value: values };
}
