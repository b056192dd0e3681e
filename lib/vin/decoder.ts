/**
 * The local decoder: turns a core decode into the public DecodeResult, and holds the compiled vPIC data
 * (loaded from config().vpic.dbPath once per process, on first use, shared by every request).
 */
import { join } from "node:path";
import { config } from "../config";
import { badRequest } from "../api/errors";
import { checkDigit, type CheckDigitResult } from "./check-digit";
import { decodeWithData } from "./decode-core";
import { toDecodedVehicle, type DecodedVehicle } from "./decoded-vehicle";
import { loadVpicData, type VpicData } from "./vpic-data";

export type DecodeResult =
  | {
      ok: true;
      vin: string;
      decoded: DecodedVehicle;
      /** Every decoded element under NHTSA's variable names (DecodeVinValues). */
      elements: Record<string, string>;
      errorCodes: string[];
      errorText: string;
      descriptor: string;
      vpicDataDate: string;
      checkDigit: CheckDigitResult;
    }
  | {
      ok: false;
      vin: string;
      reason: "unknown_wmi" | "no_pattern";
      errorCodes: string[];
      errorText: string;
      checkDigit: CheckDigitResult;
    };

const globalForVpic = globalThis as unknown as { __vinscopeVpic?: { path: string; data: VpicData } };

/** The compiled vPIC data for config().vpic.dbPath, loaded on first use. */
export function vpicData(): VpicData {
  const path = config().vpic.dbPath;
  const held = globalForVpic.__vinscopeVpic;
  if (held && held.path === path) return held.data;
  const data = loadVpicData(path, { cacheDir: join(config().dataDir, "vpic", "cache") });
  globalForVpic.__vinscopeVpic = { path, data };
  return data;
}

/**
 * Decodes with the given data. The VIN must be 17 letters/digits (I, O, Q are decoded the NHTSA way, with
 * error 400); anything else is a bad request.
 */
export function decodeVinWith(data: VpicData, input: string, now = new Date()): DecodeResult {
  const vin = input.trim().toUpperCase();
  if (!/^[A-Z0-9]{17}$/.test(vin)) {
    throw badRequest("vin must be 17 letters and digits", { reason: "invalid_vin", param: "vin" });
  }
  const core = decodeWithData(data, vin, now);
  const check = checkDigit(vin);
  if (core.codes.includes("7") || !core.wmiRecord) {
    return { ok: false, vin, reason: "unknown_wmi", errorCodes: core.codes, errorText: core.errorText, checkDigit: check };
  }
  if (core.codes.includes("8") || !core.hasPatterns) {
    return { ok: false, vin, reason: "no_pattern", errorCodes: core.codes, errorText: core.errorText, checkDigit: check };
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

export function decodeVin(vin: string): DecodeResult {
  return decodeVinWith(vpicData(), vin);
}
