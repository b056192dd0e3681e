/**
 * Builds `decoded.extended` (its schema: lib/vin/extended-answers.ts) from the decoded elements, under NHTSA's variable
 * names. Each text NHTSA prints is parsed to a boolean, number or enum; a text that does not parse is left
 * out (null) rather than guessed. `live` names the elements NHTSA's live API supplied.
 */
import type { ExtendedRecord, ValueSource } from "./extended-answers";

type Parsed<T> = T | null;
type Sourced<T> = { value: T; source: ValueSource } | null;

function present(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.trim();
  return v === "" || v === "Not Applicable" ? null : v;
}

export function parseEquipment(v: string): Parsed<"standard" | "optional" | "not_available"> {
  const t = v.toLowerCase();
  if (t.startsWith("standard") || t === "yes") return "standard";
  if (t.startsWith("optional")) return "optional";
  if (t.startsWith("not available") || t === "no" || t === "none") return "not_available";
  return null;
}

/** "60", "60.5", "60 - 75" → the first number; anything else null. */
export function parseNumber(v: string): Parsed<number> {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(v.replace(/,/g, ""));
  return m ? Number(m[1]) : null;
}

const parseInteger = (v: string): Parsed<number> => (/^\d+$/.test(v.trim()) ? Number.parseInt(v, 10) : null);

export function parseElectrification(v: string): Parsed<"BEV" | "PHEV" | "HEV" | "strong_HEV" | "mild_HEV" | "FCEV"> {
  if (/^BEV/i.test(v)) return "BEV";
  if (/^PHEV/i.test(v)) return "PHEV";
  if (/^FCEV/i.test(v)) return "FCEV";
  if (/^strong HEV/i.test(v)) return "strong_HEV";
  if (/^mild HEV/i.test(v)) return "mild_HEV";
  if (/^HEV/i.test(v)) return "HEV";
  return null;
}

export function parseChargerLevel(v: string): Parsed<"level_1" | "level_2" | "dc_fast"> {
  if (/DC|level 3/i.test(v)) return "dc_fast";
  if (/level 2|^2$/i.test(v)) return "level_2";
  if (/level 1|^1$/i.test(v)) return "level_1";
  return null;
}

const GVWR_CLASSES = new Set(["1", "1A", "1B", "1C", "1D", "2", "2E", "2F", "2G", "2H", "3", "4", "5", "6", "7", "8"]);

/** "Class 2E: 6,001 - 7,000 lb (2,722 - 3,175 kg)" → "2E". */
export function parseGvwrClass(
  v: string,
): Parsed<ExtendedRecord["body"]["gvwrClass"] extends Sourced<infer T> ? T : never> {
  const m = /^Class\s+(\d[A-H]?)\b/i.exec(v.trim());
  const cls = m?.[1].toUpperCase();
  return cls && GVWR_CLASSES.has(cls) ? (cls as never) : null;
}

const parseTurbo = (v: string): Parsed<boolean> => (/^yes$/i.test(v) ? true : /^no$/i.test(v) ? false : null);
const asText = (v: string): Parsed<string> => v;

export function toExtendedRecord(
  elements: Record<string, string>,
  live: ReadonlySet<string> = new Set(),
): ExtendedRecord {
  function field<T>(code: string, parse: (v: string) => Parsed<T>): Sourced<T> {
    const raw = present(elements[code]);
    if (raw === null) return null;
    const value = parse(raw);
    return value === null ? null : { value, source: live.has(code) ? "live" : "local" };
  }
  const eq = (code: string) => field(code, parseEquipment);
  return {
    safety: {
      abs: eq("ABS"),
      electronicStabilityControl: eq("ESC"),
      tractionControl: eq("TractionControl"),
      tirePressureMonitoring: field("TPMS", asText),
      frontAirbags: field("AirBagLocFront", asText),
      sideAirbags: field("AirBagLocSide", asText),
      curtainAirbags: field("AirBagLocCurtain", asText),
      kneeAirbags: field("AirBagLocKnee", asText),
      forwardCollisionWarning: eq("ForwardCollisionWarning"),
      automaticEmergencyBraking: eq("CIB"),
      pedestrianAutomaticEmergencyBraking: eq("PedestrianAutomaticEmergencyBraking"),
      dynamicBrakeSupport: eq("DynamicBrakeSupport"),
      laneDepartureWarning: eq("LaneDepartureWarning"),
      laneKeepingAssist: eq("LaneKeepSystem"),
      laneCenteringAssist: eq("LaneCenteringAssistance"),
      adaptiveCruiseControl: eq("AdaptiveCruiseControl"),
      blindSpotWarning: eq("BlindSpotMon"),
      blindSpotIntervention: eq("BlindSpotIntervention"),
      rearCrossTrafficAlert: eq("RearCrossTrafficAlert"),
      rearAutomaticEmergencyBraking: eq("RearAutomaticEmergencyBraking"),
      backupCamera: eq("RearVisibilitySystem"),
      parkingAssist: eq("ParkAssist"),
      daytimeRunningLights: eq("DaytimeRunningLight"),
      automaticHighBeams: eq("SemiautomaticHeadlampBeamSwitching"),
      adaptiveDrivingBeam: eq("AdaptiveDrivingBeam"),
      keylessIgnition: eq("KeylessIgnition"),
    },
    electrification: {
      level: field("ElectrificationLevel", parseElectrification),
      batteryKWh: field("BatteryKWh", parseNumber),
      batteryType: field("BatteryType", asText),
      batteryVolts: field("BatteryV", parseNumber),
      chargerLevel: field("ChargerLevel", parseChargerLevel),
      chargerPowerKW: field("ChargerPowerKW", parseNumber),
    },
    body: {
      gvwrClass: field("GVWR", parseGvwrClass),
      gvwr: field("GVWR", asText),
      doors: field("Doors", parseInteger),
      seats: field("Seats", parseInteger),
      seatRows: field("SeatRows", parseInteger),
      windows: field("Windows", parseInteger),
      wheels: field("Wheels", parseInteger),
      axles: field("Axles", parseInteger),
      wheelbaseInches: field("WheelBaseShort", parseNumber),
      curbWeightLb: field("CurbWeightLB", parseNumber),
      cabType: field("BodyCabType", asText),
      bedType: field("BedType", asText),
    },
    powertrain: {
      horsepower: field("EngineHP", parseNumber),
      kilowatts: field("EngineKW", parseNumber),
      turbo: field("Turbo", parseTurbo),
      engineConfiguration: field("EngineConfiguration", asText),
      fuelInjection: field("FuelInjectionType", asText),
      valveTrain: field("ValveTrainDesign", asText),
      transmissionSpeeds: field("TransmissionSpeeds", parseInteger),
    },
  };
}
