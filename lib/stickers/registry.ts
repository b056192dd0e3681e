/**
 * The manufacturer registry: the five supported groups (twelve makes) whose original window stickers the
 * service fetches, the groups it knows it cannot serve, and which make a VIN's WMI belongs to. The sticker
 * check, provision, the dealer page and every `supported` list read this one table.
 *
 * WMIs are not typed here: they come from lib/vin's catalog over the vPIC tables (Wmi ↔ Wmi_Make ↔ Make) the
 * decoder holds. Some WMIs are shared by several makes (KMH: Hyundai and Genesis; 1C4: Chrysler, Dodge, Jeep,
 * Ram and others); then the decoded make settles it.
 */
import { makesForVin } from "../vin";

type SupportedGroupId = "gm" | "stellantis" | "ford" | "hyundai" | "genesis";
type UnsupportedGroupId = "toyota" | "kia";
/** Which endpoint template (config().stickers.urls) a group's fetcher uses. */
export type EndpointId = "gm" | "stellantis" | "ford" | "hyundai";

export interface SupportedGroup {
  id: SupportedGroupId;
  supported: true;
  label: string;
  makes: readonly string[];
  endpoint: EndpointId;
}

export interface UnsupportedGroup {
  id: UnsupportedGroupId;
  supported: false;
  label: string;
  makes: readonly string[];
  /** Why there is no source, for the dealer page. */
  note: string;
}

export type ManufacturerGroup = SupportedGroup | UnsupportedGroup;

export const SUPPORTED_GROUPS: readonly SupportedGroup[] = [
  {
    id: "gm",
    supported: true,
    label: "GM (Chevrolet, GMC, Buick, Cadillac)",
    makes: ["Chevrolet", "GMC", "Buick", "Cadillac"],
    endpoint: "gm",
  },
  {
    id: "stellantis",
    supported: true,
    label: "Stellantis (Chrysler, Dodge, Jeep, Ram)",
    makes: ["Chrysler", "Dodge", "Jeep", "Ram"],
    endpoint: "stellantis",
  },
  { id: "ford", supported: true, label: "Ford / Lincoln", makes: ["Ford", "Lincoln"], endpoint: "ford" },
  { id: "hyundai", supported: true, label: "Hyundai", makes: ["Hyundai"], endpoint: "hyundai" },
  // Genesis stickers come from the same Hyundai service.
  { id: "genesis", supported: true, label: "Genesis", makes: ["Genesis"], endpoint: "hyundai" },
];

export const UNSUPPORTED_GROUPS: readonly UnsupportedGroup[] = [
  {
    id: "toyota",
    supported: false,
    label: "Toyota / Lexus",
    makes: ["Toyota", "Lexus"],
    note: "retired public access in 2026",
  },
  { id: "kia", supported: false, label: "Kia", makes: ["Kia"], note: "removed its service" },
];

export const MANUFACTURER_GROUPS: readonly ManufacturerGroup[] = [...SUPPORTED_GROUPS, ...UNSUPPORTED_GROUPS];

/** The `supported` list of an availability check answering not_supported. */
export const supportedLabels = (): string[] => SUPPORTED_GROUPS.map((g) => g.label);

const groupByMake = new Map<string, ManufacturerGroup>(
  MANUFACTURER_GROUPS.flatMap((g) => g.makes.map((m) => [m.toUpperCase(), g] as const)),
);

function groupOfMake(make: string): ManufacturerGroup | null {
  return groupByMake.get(make.trim().toUpperCase()) ?? null;
}

/** Canonical make label (the registry's spelling when it knows the make, vPIC's otherwise). */
function makeLabel(make: string): string {
  const group = groupOfMake(make);
  return group?.makes.find((m) => m.toUpperCase() === make.trim().toUpperCase()) ?? make;
}

export interface ManufacturerMatch {
  /** The registry group, or null when the make has no known sticker source at all (Honda, BMW, …). */
  group: ManufacturerGroup | null;
  /** Make label; "Unknown" when neither the WMI nor the decoder names one. */
  brand: string;
  /** True when the WMI alone names several makes and no decoded make settled it. */
  ambiguous: boolean;
}

/**
 * Which manufacturer a VIN belongs to. `decodedMake` (from the decoder) wins when given; otherwise the WMI's
 * makes decide, preferring a supported group when the WMI is shared with makes that have none.
 */
export function matchManufacturer(vin: string, decodedMake?: string | null): ManufacturerMatch {
  const makes = makesForVin(vin);
  if (decodedMake) {
    // The decoder spells makes as NHTSA does (upper case); show vPIC's own spelling of the same make.
    const spelled = makes.find((m) => m.toUpperCase() === decodedMake.trim().toUpperCase()) ?? decodedMake.trim();
    return { group: groupOfMake(spelled), brand: makeLabel(spelled), ambiguous: false };
  }
  if (makes.length === 0) return { group: null, brand: "Unknown", ambiguous: false };
  if (makes.length === 1) return { group: groupOfMake(makes[0]), brand: makeLabel(makes[0]), ambiguous: false };
  const ranked = [...makes].sort((a, b) => rank(a) - rank(b));
  return { group: groupOfMake(ranked[0]), brand: makeLabel(ranked[0]), ambiguous: true };
}

function rank(make: string): number {
  const group = groupOfMake(make);
  if (!group) return 2;
  return group.supported ? 0 : 1;
}

/** Group label for the check's `manufacturer` field: the registry label, else the make itself. */
export const manufacturerLabel = (match: ManufacturerMatch): string => match.group?.label ?? match.brand;
