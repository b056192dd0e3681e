// decoded.extended on the VIN page, in groups; each value marked when NHTSA's live vPIC API supplied it.
import type { ExtendedRecord } from "@/lib/vin";

type Value = { value: string | number | boolean; source: "local" | "live" } | null;

const GROUPS: Array<{ key: keyof ExtendedRecord; title: string; labels: Record<string, string> }> = [
  {
    key: "safety",
    title: "Safety equipment",
    labels: {
      abs: "Anti-lock brakes",
      electronicStabilityControl: "Stability control",
      tractionControl: "Traction control",
      tirePressureMonitoring: "Tire pressure monitoring",
      frontAirbags: "Front airbags",
      sideAirbags: "Side airbags",
      curtainAirbags: "Curtain airbags",
      kneeAirbags: "Knee airbags",
      forwardCollisionWarning: "Forward collision warning",
      automaticEmergencyBraking: "Automatic emergency braking",
      pedestrianAutomaticEmergencyBraking: "Pedestrian emergency braking",
      dynamicBrakeSupport: "Dynamic brake support",
      laneDepartureWarning: "Lane departure warning",
      laneKeepingAssist: "Lane keeping assist",
      laneCenteringAssist: "Lane centering assist",
      adaptiveCruiseControl: "Adaptive cruise control",
      blindSpotWarning: "Blind spot warning",
      blindSpotIntervention: "Blind spot intervention",
      rearCrossTrafficAlert: "Rear cross traffic alert",
      rearAutomaticEmergencyBraking: "Rear emergency braking",
      backupCamera: "Backup camera",
      parkingAssist: "Parking assist",
      daytimeRunningLights: "Daytime running lights",
      automaticHighBeams: "Automatic high beams",
      adaptiveDrivingBeam: "Adaptive driving beam",
      keylessIgnition: "Keyless ignition",
    },
  },
  {
    key: "electrification",
    title: "Electric and hybrid",
    labels: {
      level: "Electrification",
      batteryKWh: "Battery (kWh)",
      batteryType: "Battery type",
      batteryVolts: "Battery (V)",
      chargerLevel: "Charger level",
      chargerPowerKW: "Charger power (kW)",
    },
  },
  {
    key: "body",
    title: "Body, weight and capacity",
    labels: {
      gvwrClass: "GVWR class",
      gvwr: "Gross vehicle weight rating",
      doors: "Doors",
      seats: "Seats",
      seatRows: "Seat rows",
      windows: "Windows",
      wheels: "Wheels",
      axles: "Axles",
      wheelbaseInches: "Wheelbase (in)",
      curbWeightLb: "Curb weight (lb)",
      cabType: "Cab type",
      bedType: "Bed type",
    },
  },
  {
    key: "powertrain",
    title: "Powertrain",
    labels: {
      horsepower: "Horsepower",
      kilowatts: "Power (kW)",
      turbo: "Turbocharged",
      engineConfiguration: "Engine configuration",
      fuelInjection: "Fuel injection",
      valveTrain: "Valve train",
      transmissionSpeeds: "Transmission speeds",
    },
  },
];

const TEXT: Record<string, string> = {
  standard: "Standard",
  optional: "Optional",
  not_available: "Not available",
  level_1: "Level 1",
  level_2: "Level 2",
  dc_fast: "DC fast",
  strong_HEV: "Strong hybrid",
  mild_HEV: "Mild hybrid",
};

function show(v: NonNullable<Value>): string {
  if (typeof v.value === "boolean") return v.value ? "Yes" : "No";
  if (typeof v.value === "number") return v.value.toLocaleString("en-US");
  return TEXT[v.value] ?? v.value;
}

export function ExtendedSpecs({ extended }: { extended: ExtendedRecord }) {
  const groups = GROUPS.map((g) => {
    const values = extended[g.key] as Record<string, Value>;
    const rows = Object.entries(g.labels).flatMap(([field, label]) => {
      const v = values[field];
      return v ? [{ field, label, v }] : [];
    });
    return { ...g, rows };
  }).filter((g) => g.rows.length);
  if (!groups.length) return null;
  const anyLive = groups.some((g) => g.rows.some((r) => r.v.source === "live"));
  return (
    <section className="card" aria-labelledby="extended" data-testid="extended">
      <h2 id="extended">Equipment and capacities</h2>
      {groups.map((g) => (
        <div key={g.key} data-testid={`extended-${g.key}`}>
          <h3>{g.title}</h3>
          <dl className="specs">
            {g.rows.map(({ field, label, v }) => (
              <div key={field} style={{ display: "contents" }}>
                <dt>{label}</dt>
                <dd data-source={v.source}>
                  {show(v)}
                  {v.source === "live" ? <sup title="from NHTSA's live vPIC API">*</sup> : null}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {anyLive ? (
        <p className="muted">* from NHTSA&apos;s vPIC API (this service&apos;s own vPIC data lacks the element).</p>
      ) : null}
    </section>
  );
}
