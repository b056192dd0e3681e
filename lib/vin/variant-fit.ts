/**
 * Matching a decoded VIN to the variants an outside source splits a model into (NCAP tests per body and
 * drive; EPA rates per engine, drive, fuel and transmission). Small rules, applied exactly: an attribute known
 * on both sides and different excludes a variant; an attribute the VIN does not decode excludes nothing.
 * What remains is marked: one variant left is the `match`; several left are all `candidate`s, never a guess.
 */
import type { DecodedVehicle } from "./decoded-vehicle";

export type Drive = "FWD" | "RWD" | "AWD" | "4WD";
type Electrified = "EV" | "PHEV" | "Hybrid" | null;
export type BodyKind = "sedan" | "coupe" | "convertible" | "hatchback" | "wagon" | "suv" | "pickup" | "van" | "minivan";

/** What a VIN decodes to that sources split models by; null wherever the decode does not say. */
export interface VinTraits {
  body: BodyKind | null;
  doors: number | null;
  cab: "regular" | "extended" | "crew" | null;
  drive: Drive | null;
  cylinders: number | null;
  displacementLiters: number | null;
  fuel: "gasoline" | "diesel" | "electric" | "ffv" | "cng" | "hydrogen" | null;
  /** null: the decode says nothing about electrification (most pre-2015 vPIC patterns). */
  electrified: Electrified | "none" | null;
  transmission: "automatic" | "manual" | "cvt" | "dct" | null;
  transmissionSpeeds: number | null;
}

export function vinTraits(d: DecodedVehicle, elements: Record<string, string> = {}): VinTraits {
  const level = d.extended?.electrification?.level?.value ?? null;
  const secondary = (elements.FuelTypeSecondary ?? "").toLowerCase();
  const fuel = fuelKind(d.fuelType);
  let electrified: VinTraits["electrified"] = null;
  if (level === "BEV" || fuel === "electric") electrified = "EV";
  else if (level === "PHEV") electrified = "PHEV";
  else if (level === "HEV" || level === "strong_HEV" || level === "mild_HEV" || secondary.includes("electric"))
    electrified = "Hybrid";
  else if (level === "FCEV") electrified = null;
  else if (d.fuelType) electrified = secondary ? "none" : null;
  return {
    body: bodyKind(d.bodyStyle),
    doors: d.extended?.body?.doors?.value ?? null,
    cab: cabKind(d.extended?.body?.cabType?.value ?? null),
    drive: d.driveType,
    cylinders: d.engine.cylinders,
    displacementLiters: d.engine.displacementLiters ? Number(d.engine.displacementLiters) || null : null,
    fuel,
    electrified,
    transmission: transmissionKind(d.transmission),
    transmissionSpeeds: d.extended?.powertrain?.transmissionSpeeds?.value ?? null,
  };
}

export function bodyKind(value: string | null | undefined): BodyKind | null {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v.includes("convertible") || v.includes("cabriolet") || v.includes("roadster")) return "convertible";
  if (v.includes("minivan")) return "minivan";
  if (v.includes("sport utility") || v.includes("suv") || v.includes("crossover") || v.includes("mpv")) return "suv";
  if (v.includes("pickup")) return "pickup";
  if (v.includes("hatchback") || v.includes("liftback")) return "hatchback";
  if (v.includes("wagon")) return "wagon";
  if (v.includes("coupe")) return "coupe";
  if (v.includes("sedan") || v.includes("saloon")) return "sedan";
  if (v.includes("van")) return "van";
  return null;
}

function cabKind(value: string | null): VinTraits["cab"] {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v.includes("crew")) return "crew";
  if (
    v.includes("extra") ||
    v.includes("extended") ||
    v.includes("quad") ||
    v.includes("double") ||
    v.includes("king") ||
    v.includes("super")
  )
    return "extended";
  if (v.includes("regular")) return "regular";
  return null;
}

export function fuelKind(value: string | null | undefined): VinTraits["fuel"] {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v.includes("flexible") || v.includes("e85") || v.includes("ffv")) return "ffv";
  if (v.includes("diesel")) return "diesel";
  if (v.includes("electric")) return "electric";
  if (v.includes("natural gas") || v.includes("cng")) return "cng";
  if (v.includes("hydrogen") || v.includes("fuel cell")) return "hydrogen";
  if (v.includes("gasoline") || v.includes("regular") || v.includes("premium") || v.includes("midgrade"))
    return "gasoline";
  return null;
}

function transmissionKind(value: string | null): VinTraits["transmission"] {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v.includes("cvt") || v.includes("continuously")) return "cvt";
  if (v.includes("dual-clutch") || v.includes("dct")) return "dct";
  if (v.includes("manual") || v.includes("standard")) return "manual";
  if (v.includes("automatic")) return "automatic";
  return null;
}

/** AWD and 4WD are one group (makers and NHTSA use both words for the same driveline); FWD and RWD are not. */
export function sameDrive(a: Drive, b: Drive | "2WD"): boolean {
  if (b === "2WD") return a === "FWD" || a === "RWD";
  const group = (d: Drive) => (d === "AWD" || d === "4WD" ? "4" : d);
  return group(a) === group(b);
}

export type Fit = "match" | "candidate" | "excluded";

/**
 * Marks each variant: `excluded` with its differences, else `match` when it is the only one left, else
 * `candidate`. The selection says which case the VIN is in (`none` also when the source lists no variant).
 */
export function markFits<V>(
  variants: V[],
  differencesOf: (v: V) => string[],
): {
  marked: Array<{ variant: V; fit: Fit; differences: string[] }>;
  selection: "one" | "several" | "none";
} {
  const withDiffs = variants.map((variant) => ({ variant, differences: differencesOf(variant) }));
  const fitting = withDiffs.filter((v) => v.differences.length === 0).length;
  const marked = withDiffs.map((v) => ({
    ...v,
    fit: (v.differences.length ? "excluded" : fitting === 1 ? "match" : "candidate") as Fit,
  }));
  const order: Record<Fit, number> = { match: 0, candidate: 1, excluded: 2 };
  marked.sort((a, b) => order[a.fit] - order[b.fit]);
  return { marked, selection: fitting === 0 ? "none" : fitting === 1 ? "one" : "several" };
}
