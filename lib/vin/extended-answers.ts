/**
 * `decoded.extended`: NHTSA's further decoded elements (DecodeVinValuesExtended's safety, electrification,
 * body and powertrain variables), typed. Additive to the spec's `decoded`. Every value is
 * `{ value, source }` (source `local`: the service's vPIC data; `live`: NHTSA's vPIC API, cached per VIN
 * descriptor), or null when neither says. lib/vin/extended-record.ts fills it from the decoded elements.
 */
import { z } from "zod";

export const ValueSource = z.enum(["local", "live"]).meta({
  id: "ValueSource",
  description:
    "local: decoded from the service's own vPIC data; live: NHTSA's vPIC API answered it (the local data lacks the element)",
});

const sourcedValue = <T extends z.ZodType>(value: T) => z.object({ value, source: ValueSource });
const sourced = <T extends z.ZodType>(value: T, description: string) =>
  sourcedValue(value)
    .nullable()
    .meta({ description: `${description}; null when unknown` });

const Equipment = z.enum(["standard", "optional", "not_available"]).meta({
  description: "as NHTSA's vPIC reports fitment: standard, optional, or not available",
});
// The value shapes most elements share, named once in the document (the 50 elements refer to them).
const SourcedEquipment = sourcedValue(Equipment).meta({
  id: "SourcedEquipment",
  description: "A fitment and where it came from.",
});
const SourcedText = sourcedValue(z.string()).meta({
  id: "SourcedText",
  description: "A text value and where it came from.",
});
const SourcedInteger = sourcedValue(z.int()).meta({
  id: "SourcedInteger",
  description: "A whole number and where it came from.",
});
const SourcedNumber = sourcedValue(z.number()).meta({
  id: "SourcedNumber",
  description: "A number and where it came from.",
});
const known = <T extends z.ZodType>(shape: T, description: string) =>
  shape.nullable().meta({ description: `${description}; null when unknown` });
const equipment = (description: string) => known(SourcedEquipment, description);
const text = (description: string) => known(SourcedText, description);
const int = (description: string) => known(SourcedInteger, description);
const num = (description: string) => known(SourcedNumber, description);

const ElectrificationLevel = z.enum(["BEV", "PHEV", "HEV", "strong_HEV", "mild_HEV", "FCEV"]);
const ChargerLevel = z.enum(["level_1", "level_2", "dc_fast"]);
const GvwrClass = z.enum(["1", "1A", "1B", "1C", "1D", "2", "2E", "2F", "2G", "2H", "3", "4", "5", "6", "7", "8"]);

const ExtendedSafety = z.object({
  abs: equipment("anti-lock brakes (ABS)"),
  electronicStabilityControl: equipment("electronic stability control (ESC)"),
  tractionControl: equipment("traction control"),
  tirePressureMonitoring: text("tire pressure monitoring system type (Direct, Indirect)"),
  frontAirbags: text("front airbag locations"),
  sideAirbags: text("side airbag locations"),
  curtainAirbags: text("curtain airbag locations"),
  kneeAirbags: text("knee airbag locations"),
  forwardCollisionWarning: equipment("forward collision warning"),
  automaticEmergencyBraking: equipment("automatic emergency braking (NHTSA: crash imminent braking)"),
  pedestrianAutomaticEmergencyBraking: equipment("pedestrian automatic emergency braking"),
  dynamicBrakeSupport: equipment("dynamic brake support"),
  laneDepartureWarning: equipment("lane departure warning"),
  laneKeepingAssist: equipment("lane keeping assistance"),
  laneCenteringAssist: equipment("lane centering assistance"),
  adaptiveCruiseControl: equipment("adaptive cruise control"),
  blindSpotWarning: equipment("blind spot warning"),
  blindSpotIntervention: equipment("blind spot intervention"),
  rearCrossTrafficAlert: equipment("rear cross traffic alert"),
  rearAutomaticEmergencyBraking: equipment("rear automatic emergency braking"),
  backupCamera: equipment("backup camera"),
  parkingAssist: equipment("parking assist"),
  daytimeRunningLights: equipment("daytime running lights"),
  automaticHighBeams: equipment("semi-automatic headlamp beam switching"),
  adaptiveDrivingBeam: equipment("adaptive driving beam"),
  keylessIgnition: equipment("keyless ignition"),
});

const ExtendedElectrification = z.object({
  level: sourced(ElectrificationLevel, "electrification level"),
  batteryKWh: num("battery capacity in kWh (the lower bound when NHTSA gives a range)"),
  batteryType: text("battery chemistry"),
  batteryVolts: num("battery voltage (the lower bound when NHTSA gives a range)"),
  chargerLevel: sourced(ChargerLevel, "on-board charger level"),
  chargerPowerKW: num("charger power in kW"),
});

const ExtendedBody = z.object({
  gvwrClass: sourced(GvwrClass, "gross vehicle weight rating class (49 CFR 565.15)"),
  gvwr: text("gross vehicle weight rating range, as NHTSA words it"),
  doors: int("number of doors"),
  seats: int("number of seats"),
  seatRows: int("number of seat rows"),
  windows: int("number of windows"),
  wheels: int("number of wheels"),
  axles: int("number of axles"),
  wheelbaseInches: num("wheelbase in inches (the shorter when NHTSA gives a range)"),
  curbWeightLb: num("curb weight in pounds"),
  cabType: text("cab type (trucks)"),
  bedType: text("bed type (trucks)"),
});

const ExtendedPowertrain = z.object({
  horsepower: num("engine power in horsepower (the lower bound when NHTSA gives a range)"),
  kilowatts: num("engine power in kW"),
  turbo: sourced(z.boolean(), "turbocharged"),
  engineConfiguration: text("engine configuration (In-Line, V-Shaped…)"),
  fuelInjection: text("fuel delivery / injection type"),
  valveTrain: text("valve train design"),
  transmissionSpeeds: int("number of transmission speeds"),
});

export const ExtendedRecordSchema = z
  .object({
    safety: ExtendedSafety,
    electrification: ExtendedElectrification,
    body: ExtendedBody,
    powertrain: ExtendedPowertrain,
  })
  .meta({
    id: "DecodedVehicleExtended",
    description:
      "Further decoded elements, typed, each with where it came from (local vPIC data or NHTSA's live vPIC API). " +
      "A value is null when neither knows it: unknown, never false or zero.",
  });
export type ExtendedRecord = z.infer<typeof ExtendedRecordSchema>;
export type ValueSource = z.infer<typeof ValueSource>;

function emptyExtended(): ExtendedRecord {
  const groups = ExtendedRecordSchema.shape;
  return Object.fromEntries(
    Object.entries(groups).map(([group, schema]) => [
      group,
      Object.fromEntries(Object.keys(schema.shape).map((k) => [k, null])),
    ]),
  ) as ExtendedRecord;
}

/** The example for the document: a few values known, the rest null. */
export const EXTENDED_EXAMPLE: ExtendedRecord = (() => {
  const record = emptyExtended();
  record.safety.abs = { value: "standard", source: "local" };
  record.safety.frontAirbags = { value: "1st Row (Driver and Passenger)", source: "local" };
  record.safety.adaptiveCruiseControl = { value: "optional", source: "live" };
  record.body.doors = { value: 4, source: "local" };
  record.body.gvwrClass = { value: "1C", source: "live" };
  record.powertrain.turbo = { value: false, source: "local" };
  return record;
})();
