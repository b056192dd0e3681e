/**
 * What a buyer checks after the recalls: NCAP crash ratings, NHTSA owner complaints and EPA fuel
 * economy. One source of truth for the VIN report's sections, the year/make/model routes, OpenAPI and MCP.
 *
 * Every section says how current it is (`status`): `ok` (the source answered, or the imported data covers the
 * vehicle), `stale` (the source failed; the last known answer, `checkedAt` says from when), `unavailable`
 * (nothing is known: counts are null, never 0). A source splits a model into variants (NCAP by body and drive;
 * EPA by engine, drive, fuel and transmission): each variant is listed and marked against what the VIN decodes
 * to; when several fit, all are returned and none is chosen.
 */
import { z } from "zod";
import { MakeName } from "../vehicle";
import { SectionReasonSchema, sectionStatus } from "./status";

const BuyerDataStatus = sectionStatus();

const VariantFit = z.enum(["match", "candidate", "excluded"]).meta({
  description:
    "match: the only variant that fits what the VIN decodes to; candidate: one of several variants that fit (the VIN does not say which); excluded: contradicts the VIN (see differences)",
});

const VariantSelection = z.enum(["one", "several", "none"]).nullable().meta({
  description:
    "one: exactly one variant fits the VIN; several: more than one fits and all are listed; none: the source lists the model but no variant fits, or it lists none for this year/make/model; null when unavailable",
});

const Stars = z
  .int()
  .min(1)
  .max(5)
  .nullable()
  .meta({ description: "NCAP stars, 1 to 5; null when NHTSA did not rate it" });

export const NcapRatings = z
  .object({
    overall: Stars,
    frontCrash: Stars,
    frontCrashDriver: Stars,
    frontCrashPassenger: Stars,
    sideCrash: Stars,
    sideCrashDriver: Stars,
    sideCrashPassenger: Stars,
    sidePole: Stars,
    rollover: Stars,
    rolloverRiskPercent: z.number().min(0).max(100).nullable().meta({
      description: "NHTSA's estimated risk of rollover in a single-vehicle crash, percent; null when not rated",
    }),
    electronicStabilityControl: z
      .string()
      .nullable()
      .meta({ description: "as NHTSA lists it (Standard, Optional, No); null when not given" }),
    forwardCollisionWarning: z.string().nullable(),
    laneDepartureWarning: z.string().nullable(),
  })
  .meta({ id: "NcapRatings", description: "NHTSA 5-Star Safety Ratings (NCAP) of one tested vehicle variant." });

const NcapVariant = z
  .object({
    vehicleId: z.int().meta({ description: "NHTSA's SafetyRatings VehicleId" }),
    description: z
      .string()
      .meta({ description: "NHTSA's description of the tested variant", examples: ["2015 Audi A3 4 DR AWD"] }),
    fit: VariantFit,
    differences: z.array(z.string()).meta({ description: "why an excluded variant does not fit the VIN" }),
    ratings: NcapRatings.nullable().meta({
      description: "null when the ratings were not fetched (excluded variants) or could not be read",
    }),
  })
  .meta({ id: "NcapVariant" });

export const SafetyRatingsSection = z
  .object({
    status: BuyerDataStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string().meta({ description: "ISO date-time the data was last confirmed with NHTSA" }),
    selection: VariantSelection,
    variants: z.array(NcapVariant),
    url: z.url().meta({ description: "NHTSA's ratings page of the year/make/model" }),
    source: z.string().meta({ description: "attribution, and what is degraded" }),
  })
  .meta({
    id: "SafetyRatings",
    description: "NHTSA NCAP crash-test star ratings for the decoded year/make/model, matched on body and drive.",
  });
export type SafetyRatingsSection = z.infer<typeof SafetyRatingsSection>;
type NcapVariant = z.infer<typeof NcapVariant>;
export type NcapRatings = z.infer<typeof NcapRatings>;

export const ComplaintItem = z
  .object({
    odiNumber: z.int().meta({ description: "NHTSA ODI complaint number" }),
    filedOn: z.string().nullable().meta({ description: "date the complaint was filed (YYYY-MM-DD)" }),
    incidentOn: z.string().nullable().meta({ description: "date of the incident (YYYY-MM-DD)" }),
    components: z.array(z.string()),
    summary: z.string().meta({ description: "the owner's own words, as NHTSA publishes them" }),
    crash: z.boolean(),
    fire: z.boolean(),
    injuries: z.int().min(0),
    deaths: z.int().min(0),
  })
  .meta({ id: "ComplaintItem" });

export const ComplaintsSection = z
  .object({
    status: BuyerDataStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string(),
    count: z.int().min(0).nullable().meta({
      description: "owner complaints filed with NHTSA for the year/make/model; null when unknown (never 0 for unknown)",
    }),
    crashes: z.int().min(0).nullable(),
    fires: z.int().min(0).nullable(),
    injuries: z.int().min(0).nullable(),
    deaths: z.int().min(0).nullable(),
    byComponent: z.array(z.object({ component: z.string(), count: z.int().min(1) })).meta({
      description: "complaints per component, most first (a complaint naming several components counts for each)",
    }),
    newest: z.array(ComplaintItem).meta({ description: "the newest few complaints" }),
    url: z.url().meta({ description: "NHTSA's page of the year/make/model" }),
    source: z.string(),
  })
  .meta({ id: "Complaints", description: "Owner complaints filed with NHTSA for the decoded year/make/model." });
export type ComplaintsSection = z.infer<typeof ComplaintsSection>;
export type ComplaintItem = z.infer<typeof ComplaintItem>;

export const EpaVariant = z
  .object({
    epaId: z.int().meta({ description: "fueleconomy.gov vehicle id" }),
    description: z
      .string()
      .meta({ examples: ["2024 Toyota Camry: Automatic (AV-S8), 4 cyl, 2.5 L, Front-Wheel Drive, Regular Gasoline"] }),
    fit: VariantFit,
    differences: z.array(z.string()),
    fuelType: z.string().nullable(),
    electrified: z
      .enum(["EV", "PHEV", "Hybrid"])
      .nullable()
      .meta({ description: "EPA's advanced-technology type when electrified; null otherwise" }),
    cityMpg: z
      .number()
      .nullable()
      .meta({ description: "EPA city MPG (MPGe for electric vehicles) on the primary fuel" }),
    highwayMpg: z.number().nullable(),
    combinedMpg: z.number().nullable(),
    annualFuelCostUsd: z.number().nullable().meta({ description: "EPA's estimated annual fuel cost, US dollars" }),
    evRangeMiles: z
      .number()
      .nullable()
      .meta({ description: "EPA electric range in miles (EVs and plug-in hybrids); null otherwise" }),
    co2GramsPerMile: z.number().nullable(),
  })
  .meta({ id: "EpaVariant" });

export const FuelEconomySection = z
  .object({
    status: BuyerDataStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string(),
    selection: VariantSelection,
    variants: z.array(EpaVariant),
    url: z.url().meta({ description: "fueleconomy.gov page comparing the year/make/model" }),
    source: z.string(),
  })
  .meta({
    id: "FuelEconomy",
    description: "EPA fuel economy, annual fuel cost and EV range, matched on engine, drive, fuel and transmission.",
  });
export type FuelEconomySection = z.infer<typeof FuelEconomySection>;
export type EpaVariant = z.infer<typeof EpaVariant>;

/** The year/make/model routes (GET /api/public/{safety-ratings,complaints,fuel-economy}/{year}/{make}/{model}). */
const VehicleNames = {
  year: z.int().meta({ description: "model year" }),
  make: MakeName,
  model: z.string().meta({ description: "model, as NHTSA vPIC names it" }),
};
export const SafetyRatingsResponse = SafetyRatingsSection.extend(VehicleNames).meta({
  id: "SafetyRatingsResponse",
  description:
    "NCAP ratings of every variant NHTSA tested for the year/make/model (no VIN: all are candidates, or the one match).",
});
export const ComplaintsResponse = ComplaintsSection.extend(VehicleNames).meta({
  id: "ComplaintsResponse",
  description: "NHTSA owner complaints for the year/make/model.",
});
export const FuelEconomyResponse = FuelEconomySection.extend(VehicleNames).meta({
  id: "FuelEconomyResponse",
  description: "EPA fuel economy of every variant EPA rates for the year/make/model (no VIN: none is chosen).",
});
export type SafetyRatingsResponse = z.infer<typeof SafetyRatingsResponse>;
export type ComplaintsResponse = z.infer<typeof ComplaintsResponse>;
export type FuelEconomyResponse = z.infer<typeof FuelEconomyResponse>;
