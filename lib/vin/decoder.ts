/**
 * The local decoder: turns a core decode into the public DecodeResult, and holds the compiled vPIC data
 * (loaded from config().vpic.dbPath once per process, on first use, shared by every request).
 */
import { join } from "node:path";
import { config } from "../config";
import { badRequest } from "../contract/errors";
import type { Vin } from "./format";
import { checkDigit, type CheckDigitResult } from "./check-digit";
import { decodeWithData } from "./decode-core";
import { toDecodedVehicle, type DecodedVehicle } from "./decoded-vehicle";
import { loadVpicData, type VpicData } from "./vpic-data";
import { activeVpicPath } from "./active-vpic";
import { log } from "../log";

/** What a decode that found the WMI reports besides the vehicle (a full decode and a WMI-only one alike). */
export interface DecodeDetails {
  /** Every decoded element under NHTSA's variable names (DecodeVinValues). */
  elements: Record<string, string>;
  errorCodes: string[];
  errorText: string;
  descriptor: string;
  vpicDataDate: string;
  checkDigit: CheckDigitResult;
}

export type DecodeResult =
  | ({ ok: true; vin: string; decoded: DecodedVehicle } & DecodeDetails)
  | {
      ok: false;
      vin: string;
      reason: "unknown_wmi" | "no_pattern";
      errorCodes: string[];
      errorText: string;
      checkDigit: CheckDigitResult;
    };

interface HeldVpic {
  /** config().vpic.dbPath when loaded (a test that changes VPIC_DB_PATH loads again). */
  configured: string;
  /** The file actually served (lib/vin/active-vpic.ts). */
  path: string;
  data: VpicData;
  /** A file that failed to load: not tried again until the pointer names another. */
  failed?: string;
}

const globalForVpic = globalThis as unknown as { __vinscopeVpic?: HeldVpic; __vinscopeVpicWatch?: NodeJS.Timeout };

/** How often a server process looks at the vPIC pointer (one small file read). */
const WATCH_MS = 2000;

const loadFile = (file: string) => loadVpicData(file, { cacheDir: join(config().dataDir, "vpic", "cache") });

/**
 * The compiled vPIC data, loaded on first use. A decode takes this reference once and finishes with it, so a
 * switch to a newer file (switchVpicIfChanged) never changes the data under a request in flight.
 */
export function vpicData(): VpicData {
  const configured = config().vpic.dbPath;
  const held = globalForVpic.__vinscopeVpic;
  if (held && held.configured === configured) return held.data;
  const path = activeVpicPath();
  const data = loadFile(path);
  globalForVpic.__vinscopeVpic = { configured, path, data };
  globalForVpic.__vinscopeVpicWatch ??= setInterval(() => switchVpicIfChanged(), WATCH_MS).unref();
  return data;
}

/**
 * Loads the file the pointer names, when it changed, and only then swaps the reference: the load (from the
 * snapshot the refresh job compiled) runs on a timer, not inside a request. A file that fails to load is
 * logged and the current data keeps serving.
 */
function switchVpicIfChanged(): boolean {
  const held = globalForVpic.__vinscopeVpic;
  if (!held) return false;
  const path = activeVpicPath();
  if (path === held.path || path === held.failed) return false;
  try {
    const data = loadFile(path);
    globalForVpic.__vinscopeVpic = { configured: held.configured, path, data };
    log().info({ file: path, dataDate: data.dataDate }, "vPIC data switched");
    return true;
  } catch (error) {
    held.failed = path;
    log().error({ file: path, err: error }, "vPIC data switch failed; the previous data keeps serving");
    return false;
  }
}

/**
 * Decodes a VIN with the given data. A `Vin` was validated once where it came in (lib/vin/vin-param.ts), so
 * nothing is checked again here.
 */
export function decodeValidVin(data: VpicData, vin: Vin, now = new Date()): DecodeResult {
  return decodeLetters(data, vin, now);
}

/**
 * NHTSA's own admission rule, for what compares with NHTSA (the decode evaluation, benchmarks, the vPIC
 * refresh probe) and decoder tests: 17 letters/digits in any case, I, O and Q decoded the NHTSA way (error
 * 400); anything else throws. Requests never come through here: they carry a `Vin`.
 */
export function decodeVinWith(data: VpicData, input: string, now = new Date()): DecodeResult {
  const vin = input.trim().toUpperCase();
  if (!/^[A-Z0-9]{17}$/.test(vin)) {
    throw badRequest("vin must be 17 letters and digits", { reason: "invalid_vin", param: "vin" });
  }
  return decodeLetters(data, vin, now);
}

/** 17 upper-case letters and digits → the public DecodeResult. */
function decodeLetters(data: VpicData, vin: string, now: Date): DecodeResult {
  const core = decodeWithData(data, vin, now);
  const check = checkDigit(vin);
  if (core.codes.includes("7") || !core.wmiRecord) {
    return {
      ok: false,
      vin,
      reason: "unknown_wmi",
      errorCodes: core.codes,
      errorText: core.errorText,
      checkDigit: check,
    };
  }
  if (core.codes.includes("8") || !core.hasPatterns) {
    return {
      ok: false,
      vin,
      reason: "no_pattern",
      errorCodes: core.codes,
      errorText: core.errorText,
      checkDigit: check,
    };
  }
  const elements: Record<string, string> = {};
  const ids = [...core.values.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const code = data.outputCodes[id];
    if (code !== undefined) elements[code] = core.values.get(id)!.join(", ");
  }
  return {
    ok: true,
    vin,
    decoded: toDecodedVehicle(elements),
    elements,
    errorCodes: core.codes,
    errorText: core.errorText,
    descriptor: core.descriptor,
    vpicDataDate: data.dataDate,
    checkDigit: check,
  };
}

export function decodeVin(vin: Vin): DecodeResult {
  return decodeValidVin(vpicData(), vin);
}
