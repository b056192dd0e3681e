/**
 * The vehicle catalog's contract: GET /api/public/makes, /api/public/models and /api/public/wmi/{wmi}. The
 * makes and models vPIC knows per model year and vehicle type, each with the slug every other route takes
 * (pricing, recalls, ratings, complaints, fuel economy, insights, the vehicle pages), and what a WMI names.
 */
import { z } from "zod";
import { modelYearParam } from "../contract/params";
import { VEHICLE_TYPE_CHOICES, VEHICLE_TYPES } from "./vehicle-catalog";
import { newestModelYear } from "../vehicle";

/** 1981: the first model year of the 17-character VIN. */
export const CATALOG_YEAR_MIN = 1981;

const year = modelYearParam({
  min: CATALOG_YEAR_MIN,
  max: newestModelYear,
  malformed: `must be a 4-digit model year from ${CATALOG_YEAR_MIN} to two years after the current year`,
  outOfRange: `must be a model year from ${CATALOG_YEAR_MIN} to two years after the current year`,
  description: `only what exists in this model year (${CATALOG_YEAR_MIN} to the current year + 2)`,
  example: 2022,
  trim: true,
}).optional();

/** `light` (the default) is what buyers, pricing and NCAP are about; `all` is every type vPIC has. */
const type = z
  .enum(VEHICLE_TYPE_CHOICES, { message: `must be one of ${VEHICLE_TYPE_CHOICES.join(", ")}` })
  .default("light")
  .meta({
    description:
      "vehicle type: light (default: passenger cars, MPVs such as SUVs and vans, trucks), all, or one of car, mpv, truck, " +
      "motorcycle, bus, trailer, lsv (low-speed vehicle), incomplete, offroad",
  });

export const MakesQuery = z.object({
  year,
  type,
  q: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .meta({
      description: "only makes whose name or slug contains this text (any case), e.g. `land` finds Land Rover",
      examples: ["land"],
    }),
});

export const ModelsQuery = z.object({
  make: z
    .string()
    .trim()
    .min(1, { message: "give a make, as a name or a slug" })
    .max(60)
    .meta({
      description:
        "the make, as a name or a slug, any case or spelling vPIC's would match (Land Rover, land-rover, LANDROVER)",
      examples: ["honda"],
    }),
  year,
  type,
});

/** 3 characters, or 6 for a small manufacturer (third character 9, plus VIN positions 12-14). */
const WMI_PATTERN = /^[A-HJ-NPR-Z0-9]{2}(?:[A-HJ-NPR-Z0-8]|9(?:[A-HJ-NPR-Z0-9]{3})?)$/;

export const WmiPathParams = z.object({
  wmi: z
    .string()
    .trim()
    .toUpperCase()
    .regex(WMI_PATTERN, {
      message:
        "must be a WMI: 3 characters of A-Z (except I, O, Q) and 0-9, or 6 when the third is 9 (a small manufacturer, with VIN positions 12-14)",
    })
    .meta({
      description: "manufacturer code: VIN positions 1-3, or 1-3 and 12-14 when position 3 is 9",
      examples: ["1HG"],
    }),
});

const VehicleTypeSchema = z.enum(VEHICLE_TYPES).meta({
  id: "VehicleType",
  description:
    "vPIC's vehicle type: car, mpv (SUVs, vans), truck, motorcycle, bus, trailer, lsv, incomplete, offroad, other",
});

const YearRangeSchema = z
  .object({ from: z.int(), to: z.int() })
  .meta({ id: "YearRange", description: "model years from..to, both included" });

const CatalogEntry = z
  .object({
    name: z.string().meta({ description: "vPIC's spelling" }),
    slug: z.string().meta({ description: "the slug other routes take" }),
    vehicleTypes: z.array(VehicleTypeSchema),
    years: z
      .array(YearRangeSchema)
      .meta({ description: "model years vPIC's patterns cover, within the filter's types" }),
  })
  .meta({ id: "CatalogEntry", description: "A make or a model: its name, slug, vehicle types and model years." });

const catalogSource = z
  .string()
  .meta({ description: "where the list comes from: NHTSA vPIC, and the date of the local copy" });

export const MakesResponse = z
  .object({
    year: z.int().nullable().meta({ description: "the model year asked for; null for every year" }),
    vehicleTypes: z.array(VehicleTypeSchema).meta({ description: "the types listed" }),
    q: z.string().nullable(),
    count: z.int().min(0),
    makes: z.array(CatalogEntry),
    source: catalogSource,
  })
  .meta({ id: "MakesResponse", description: "The makes NHTSA vPIC knows, A-Z, with their slugs." });
export type MakesResponse = z.infer<typeof MakesResponse>;
export type MakesQuery = z.output<typeof MakesQuery>;

export const ModelsResponse = z
  .object({
    make: z.object({ name: z.string(), slug: z.string() }),
    year: z.int().nullable(),
    vehicleTypes: z.array(VehicleTypeSchema),
    count: z.int().min(0),
    models: z.array(CatalogEntry),
    source: catalogSource,
  })
  .meta({
    id: "ModelsResponse",
    description: "A make's models NHTSA vPIC knows, A-Z, with their slugs and model years.",
  });
export type ModelsResponse = z.infer<typeof ModelsResponse>;
export type ModelsQuery = z.output<typeof ModelsQuery>;

export const WmiResponse = z
  .object({
    wmi: z.string(),
    listedIn: z.enum(["vpic", "known_wmi_list"]).meta({
      description:
        "vpic: NHTSA vPIC's public WMI list; known_wmi_list: vinscope's short list of well-known codes vPIC does not publish",
    }),
    manufacturer: z.string().nullable(),
    makes: z.array(z.object({ name: z.string(), slug: z.string() })),
    country: z.string().nullable().meta({ description: "country the code was issued to (ISO 3780)" }),
    region: z.enum(["Africa", "Asia", "Europe", "North America", "Oceania", "South America"]).nullable(),
    vpicVehicleType: z.string().nullable().meta({ description: "vPIC's vehicle type of the WMI" }),
    vehicleTypes: z.array(VehicleTypeSchema),
    years: z
      .array(YearRangeSchema)
      .meta({ description: "model years of the WMI's vPIC patterns; empty when vPIC holds none" }),
    source: catalogSource,
  })
  .meta({ id: "WmiResponse", description: "What a manufacturer code (WMI) names." });
export type WmiResponse = z.infer<typeof WmiResponse>;
