/**
 * GET /api/dealer/v1/window-sticker: the original PDF, or the availability check (`format=check`).
 * Order: the archive first (any make), then the manufacturer of a supported group. Each live answer
 * that is a PDF is archived; definite answers of the check's probe are remembered for a day.
 */
import type { Vin } from "../vin";
import type { WindowStickerBuild, WindowStickerCheck } from "./answers";
import { ApiError, badGateway, notFound } from "../contract/errors";
import { config } from "../config";
import { db } from "../db";
import { deferWrite } from "../db/write-behind";
import { archiveSticker, findArchived } from "./archive";
import { parseSoon, stickerBuild } from "./build-store";
import { fetchSticker, type FetchOutcome } from "./fetch-sticker";
import { manufacturerLabel, supportedLabels, type SupportedGroup } from "./registry";
import { decodeVehicle, resolveVin, type ResolvedVin } from "./sticker-vehicle";

const PROBE_TTL_MS = 24 * 60 * 60 * 1000;

export interface StickerPdf {
  vin: string;
  pdf: Buffer;
  sha256: string;
  /** `archive` when served from the archive, else the manufacturer group it was fetched from. */
  servedFrom: string;
}

/**
 * `vin` must be normalized (vehicle.ts `requireVin`). Throws 404 not_found / not_supported, 502 fetch_error,
 * or 503 manufacturer_busy / manufacturer_unavailable (with Retry-After). `signal` is the client's request:
 * when it goes away, the request leaves the host queue and its fetch is aborted.
 */
export async function getWindowSticker(vin: Vin, opts: { signal?: AbortSignal } = {}): Promise<StickerPdf> {
  const archived = await findArchived(vin);
  if (archived) return { vin, pdf: archived.pdf, sha256: archived.sha256, servedFrom: "archive" };

  const resolved = resolveVin(vin);
  const source = stickerSource(resolved);
  if (!("group" in source)) throw notSupported(resolved, source.reason);
  const { group } = source;

  const outcome = await askManufacturer(group, resolved, config().stickers.timeoutMs, opts.signal);
  rememberProbe(vin, outcome);
  if (outcome.kind === "unavailable") throw manufacturerUnavailable(group, outcome);
  if (outcome.kind === "pdf") {
    const stored = await archiveSticker(vin, outcome.pdf, group.id);
    parseSoon(stored.sha256, outcome.pdf);
    return { vin, pdf: outcome.pdf, sha256: stored.sha256, servedFrom: group.id };
  }
  if (outcome.kind === "none") {
    throw notFound(`${resolved.match.brand} has no window sticker for ${vin}.`, { reason: "not_found" });
  }
  throw manufacturerUnreachable(group, outcome.why);
}

/**
 * `format=build`: what the sticker says, as data. The PDF is found as for the PDF itself (archive first, then the
 * manufacturer); its build data is the stored parse of that PDF, parsed now if it has none of this parser version.
 */
export async function getWindowStickerBuild(
  vin: Vin,
  opts: { signal?: AbortSignal } = {},
): Promise<WindowStickerBuild> {
  const sticker = await getWindowSticker(vin, opts);
  const stored = await stickerBuild(sticker.sha256, sticker.pdf);
  return { vin, source: sticker.servedFrom, build: stored.build, parsed: stored.parsed };
}

/**
 * The archived sticker of a VIN and its build data, without asking a manufacturer (the signed-in dealer's account
 * page shows what the archive holds beside the PDF's link); null when nothing is archived.
 */
export async function archivedStickerBuild(vin: Vin): Promise<(WindowStickerBuild & { bytes: number }) | null> {
  const archived = await findArchived(vin);
  if (!archived) return null;
  const stored = await stickerBuild(archived.sha256, archived.pdf);
  return { vin, source: "archive", build: stored.build, parsed: stored.parsed, bytes: archived.bytes };
}

export async function checkWindowSticker(vin: Vin, opts: { signal?: AbortSignal } = {}): Promise<WindowStickerCheck> {
  const resolved = resolveVin(vin);
  const manufacturer = manufacturerLabel(resolved.match);
  const brand = resolved.match.brand;
  const available: WindowStickerCheck = { available: true, manufacturer, brand, reason: null };

  if (await findArchived(vin)) return available;
  const source = stickerSource(resolved);
  if (!("group" in source))
    return { available: false, manufacturer, brand, reason: "not_supported", supported: supportedLabels() };
  const { group } = source;

  const cached = await db().stickerProbe.findUnique({ where: { vin } });
  if (cached && Date.now() - cached.checkedAt.getTime() < PROBE_TTL_MS) {
    return cached.outcome === "available" ? available : { available: false, manufacturer, brand, reason: "not_found" };
  }

  const outcome = await askManufacturer(group, resolved, config().stickers.checkTimeoutMs, opts.signal);
  rememberProbe(vin, outcome);
  if (outcome.kind === "unavailable") throw manufacturerUnavailable(group, outcome);
  if (outcome.kind === "pdf") {
    const stored = await archiveSticker(vin, outcome.pdf, group.id);
    parseSoon(stored.sha256, outcome.pdf);
    return available;
  }
  if (outcome.kind === "none") return { available: false, manufacturer, brand, reason: "not_found" };
  throw manufacturerUnreachable(group, outcome.why);
}

/**
 * Why a VIN is no window-sticker candidate: `unsupported_make`, no manufacturer source serves its make;
 * `wmi_only`, NHTSA's US-market data names no model for it (it decodes at manufacturer-code level only, like
 * a China-market GM), so no US window sticker is known to exist and its manufacturer is not asked.
 */
export type NotStickerCandidate = "unsupported_make" | "wmi_only";

/** The manufacturer group to ask for a VIN's sticker, or why there is none. */
export function stickerSource(resolved: ResolvedVin): { group: SupportedGroup } | { reason: NotStickerCandidate } {
  const group = resolved.match.group;
  if (!group || !group.supported) return { reason: "unsupported_make" };
  const vehicle = resolved.vehicle === undefined ? decodeVehicle(resolved.vin) : resolved.vehicle;
  return vehicle ? { group } : { reason: "wmi_only" };
}

/** Asks the group's host; Hyundai's service also wants the model, which the decoder supplies. */
export function askManufacturer(
  group: SupportedGroup,
  resolved: ResolvedVin,
  timeoutMs: number,
  signal?: AbortSignal,
  ignoreQueueCap = false,
): Promise<FetchOutcome> {
  const model =
    group.endpoint === "hyundai" ? ((resolved.vehicle ?? decodeVehicle(resolved.vin))?.model ?? null) : null;
  return fetchSticker(group, resolved.vin, { model, timeoutMs, signal, ignoreQueueCap });
}

/** Written after the answer (lib/db/write-behind.ts): the probe is a hint for later checks, not part of this one. */
function rememberProbe(vin: string, outcome: FetchOutcome): void {
  if (outcome.kind === "error" || outcome.kind === "unavailable") return;
  const data = { outcome: outcome.kind === "pdf" ? "available" : "not_found", checkedAt: new Date() };
  deferWrite(`sticker-probe:${vin}`, {
    run: () => db().stickerProbe.upsert({ where: { vin }, create: { vin, ...data }, update: data }),
  });
}

function notSupported(resolved: ResolvedVin, why: NotStickerCandidate) {
  const what = resolved.match.brand === "Unknown" ? "this VIN's make" : resolved.match.brand;
  const detail =
    why === "wmi_only"
      ? `${resolved.vin} is outside NHTSA's US-market data (only its manufacturer code decodes), so no US window sticker is known for it, and none is archived.`
      : `No manufacturer source serves window stickers for ${what}, and none is archived for ${resolved.vin}.`;
  return notFound(detail, { reason: "not_supported", supported: supportedLabels() });
}

/** Not asked: too many requests already wait for the host, or the host failed repeatedly (its breaker is open). */
function manufacturerUnavailable(group: SupportedGroup, outcome: Extract<FetchOutcome, { kind: "unavailable" }>) {
  const detail =
    outcome.cause === "busy"
      ? `Too many window-sticker requests are waiting for the ${group.label} service; retry in ${outcome.retryAfterS} s.`
      : `The ${group.label} window-sticker service failed repeatedly and is not asked for now; retry in ${outcome.retryAfterS} s.`;
  return new ApiError(
    503,
    "Service Unavailable",
    detail,
    { reason: outcome.cause === "busy" ? "manufacturer_busy" : "manufacturer_unavailable" },
    { "Retry-After": String(outcome.retryAfterS) },
  );
}

function manufacturerUnreachable(group: SupportedGroup, why: string) {
  return badGateway(
    `The ${group.label} window-sticker service did not answer usefully (${why}). Retry later.`,
    "fetch_error",
  );
}
