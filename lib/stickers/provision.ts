/**
 * POST /api/dealer/v1/provision: many VINs at once. The default mode answers from the WMI alone (and the
 * archive index), instantly; `live` asks each manufacturer for real, through the per-host queue, under one
 * overall deadline. The answer has one entry per submitted VIN, in submission order; a VIN
 * submitted twice is checked (and probed live) once and its entry repeated.
 */
import type { Vin } from "../vin";
import type { ProvisionResponse, ProvisionResult } from "./answers";
import { config } from "../config";
import { startDeadline } from "../outside";
import { normalizeVin } from "../vin";
import { archivedVins, archiveSticker } from "./archive";
import { buildsForVins, parseAndStoreBuild } from "./build-store";
import { manufacturerLabel } from "./registry";
import { resolveVin, type ResolvedVin } from "./sticker-vehicle";
import { askManufacturer, stickerSource } from "./window-sticker";

const WMI_NOTE =
  "Instant check from each VIN's manufacturer identifier (WMI, positions 1-3) and the archive; no manufacturer was contacted. " +
  "supported: a window sticker can be requested (a make of a supported manufacturer group, or an archived copy is held); " +
  "not_supported: nothing archived, and no manufacturer source for this make (reason unsupported_make) or a VIN outside " +
  "NHTSA's US-market data, which has no US window sticker (reason wmi_only); invalid_vin: not a valid 17-character VIN. " +
  "One entry per submitted VIN, in order (a repeated VIN is checked once). Send live: true (at most 25 VINs) to ask the manufacturers.";

const LIVE_NOTE =
  "Live check: each VIN's manufacturer was asked for its window sticker (per-host limits, one overall deadline). " +
  "available: the manufacturer has it (now archived); fallback: not from the manufacturer now, but an archived copy is served; " +
  "unknown: no answer in time, no sticker, or not asked (see reason: not_supported for a make without a manufacturer " +
  "source, wmi_only for a VIN outside NHTSA's US-market data, with nothing archived); invalid_vin: not a valid VIN. " +
  "One entry per submitted VIN, in order (a repeated VIN is probed once).";

interface Entry {
  submitted: string;
  vin: Vin | null;
  invalidReason?: string;
}

/** The submitted VINs, each validated once: what a provision run works on and dealer usage counts. */
export interface ProvisionBatch {
  /** Each submitted VIN's key, in submission order. */
  keys: string[];
  /** The distinct entries (what dealer usage counts), in submission order. */
  entries: Entry[];
}

/**
 * Two submitted VINs are the same when they normalize to the same VIN, or, when invalid, have the exact same
 * text; `vin` is null for an invalid entry.
 */
export function provisionBatch(vins: string[]): ProvisionBatch {
  const seen = new Set<string>();
  const keys: string[] = [];
  const entries: Entry[] = [];
  for (const submitted of vins) {
    const normalized = normalizeVin(submitted);
    const key = normalized.ok ? normalized.vin : `invalid:${submitted}`;
    keys.push(key);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(
      normalized.ok ? { submitted, vin: normalized.vin } : { submitted, vin: null, invalidReason: normalized.reason },
    );
  }
  return { keys, entries };
}

export interface ProvisionInput {
  vins: string[];
  live?: boolean;
  decode?: boolean;
}

export async function provision(input: ProvisionInput, batch = provisionBatch(input.vins)): Promise<ProvisionResponse> {
  const { keys, entries } = batch;
  const valid = entries.flatMap((e) => (e.vin ? [e.vin] : []));
  const archived = await archivedVins(valid);
  const decode = input.decode === true;
  const distinctResults = input.live
    ? await liveResults(entries, archived, decode)
    : entries.map((e) => wmiResult(e, archived, decode));
  if (decode) {
    // After a live run, which may have archived new copies: the build data of every VIN's newest copy.
    const builds = await buildsForVins(valid);
    for (const result of distinctResults) {
      if (result.status !== "invalid_vin") result.build = builds.get(result.vin) ?? null;
      else result.build = null;
    }
  }
  const distinctKeys = [...new Set(keys)];
  const byKey = new Map(distinctKeys.map((key, i) => [key, distinctResults[i]]));
  const results = keys.map((key) => byKey.get(key)!);
  return { mode: input.live ? "live" : "wmi", note: input.live ? LIVE_NOTE : WMI_NOTE, results };
}

function invalidResult(entry: Entry, decode: boolean): ProvisionResult {
  return {
    vin: entry.submitted,
    status: "invalid_vin",
    brand: "Unknown",
    manufacturer: "Unknown",
    reason: entry.invalidReason,
    ...(decode ? { vehicle: null } : {}),
  };
}

function baseResult(resolved: ResolvedVin, decode: boolean): Omit<ProvisionResult, "status"> {
  return {
    vin: resolved.vin,
    brand: resolved.match.brand,
    manufacturer: manufacturerLabel(resolved.match),
    ...(decode ? { vehicle: resolved.vehicle ?? null } : {}),
  };
}

function wmiResult(entry: Entry, archived: Set<string>, decode: boolean): ProvisionResult {
  if (!entry.vin) return invalidResult(entry, decode);
  const resolved = resolveVin(entry.vin, decode);
  const source = stickerSource(resolved);
  if ("group" in source || archived.has(entry.vin)) return { ...baseResult(resolved, decode), status: "supported" };
  return { ...baseResult(resolved, decode), status: "not_supported", reason: source.reason };
}

async function liveResults(entries: Entry[], archived: Set<string>, decode: boolean): Promise<ProvisionResult[]> {
  const { provisionDeadlineMs, timeoutMs } = config().stickers;
  const deadline = startDeadline(provisionDeadlineMs);
  return Promise.all(
    entries.map(async (entry): Promise<ProvisionResult> => {
      if (!entry.vin) return invalidResult(entry, decode);
      const resolved = resolveVin(entry.vin, decode);
      const base = baseResult(resolved, decode);
      const hasArchive = archived.has(entry.vin);
      const source = stickerSource(resolved);
      // Not asked. The live statuses are exactly available, fallback, unknown and invalid_vin (SPEC §2.10, §4.2): with
      // nothing archived the answer is unknown, its reason the check's word for an unsupported make (not_supported),
      // or wmi_only for a VIN outside NHTSA's US-market data.
      if (!("group" in source)) {
        if (hasArchive) return { ...base, status: "fallback", reason: source.reason };
        return {
          ...base,
          status: "unknown",
          reason: source.reason === "unsupported_make" ? "not_supported" : source.reason,
        };
      }
      const { group } = source;
      // A run is bounded by its batch limit and overall deadline, so its VINs join the host queue past its cap.
      const outcome = await askManufacturer(group, resolved, timeoutMs, deadline.signal, true);
      if (outcome.kind === "pdf") {
        const stored = await archiveSticker(entry.vin, outcome.pdf, group.id);
        // With decode: true the build data is part of this answer, so it is parsed before it is read below.
        if (decode) await parseAndStoreBuild(stored.sha256, outcome.pdf).catch(() => null);
        return { ...base, status: "available" };
      }
      const reason = outcome.kind === "none" ? "not_found" : deadline.signal.aborted ? "deadline" : "fetch_error";
      return { ...base, status: hasArchive ? "fallback" : "unknown", reason };
    }),
  ).finally(deadline.clear);
}
