/**
 * Schemas of the decoder's public shapes. The OpenAPI document is generated from these, so they
 * describe exactly what lib/vin produces (checked at compile time below).
 */
import { z } from "zod";
import { MakeName } from "../vehicle";
import type { DecodedVehicle } from "./decoded-vehicle";
import { wmiOnlyVehicle, type WmiOnlyVehicle } from "./wmi-only";
import { EXTENDED_EXAMPLE, ExtendedRecordSchema } from "./extended-answers";

const text = (description: string) => z.string().nullable().meta({ description });

export const DecodedVehicleSchema = z
  .object({
    year: z.string().meta({
      description:
        "Model year as text, as NHTSA's vPIC decoder derives it. Text here only, as the decode's contract has always given it; every other answer gives a model year as an integer.",
      examples: ["2011"],
    }),
    make: MakeName,
    model: z.string().meta({ description: "Model, as vPIC names it", examples: ["Avenger"] }),
    trim: text("Trim level"),
    bodyStyle: text("vPIC Body Class"),
    driveType: z.enum(["AWD", "FWD", "RWD", "4WD"]).nullable().meta({ description: "Drive type, normalised" }),
    fuelType: text("Primary fuel type"),
    engine: z.object({
      cylinders: z.number().int().nullable().meta({ description: "Number of cylinders" }),
      displacementLiters: text(
        'Engine displacement in liters as text with one decimal, e.g. "3.6" (text, as the decode\'s contract has always given it)',
      ),
    }),
    transmission: text("vPIC Transmission Style"),
    plant: z.object({
      city: text("Assembly plant city"),
      state: text("Assembly plant state or province"),
      country: text("Assembly plant country"),
    }),
    vehicleType: text("vPIC Vehicle Type of the WMI"),
    manufacturer: text("Manufacturer registered for the WMI"),
    extended: ExtendedRecordSchema,
  })
  .meta({
    id: "DecodedVehicle",
    description: "A VIN decoded with NHTSA's vPIC data and decoding rules.",
    examples: [
      {
        year: "2011",
        make: "Dodge",
        model: "Avenger",
        trim: "Mainstreet/Express/SXT",
        bodyStyle: "Sedan/Saloon",
        driveType: "FWD",
        fuelType: "Gasoline",
        engine: { cylinders: 6, displacementLiters: "3.6" },
        transmission: null,
        plant: { city: "STERLING HEIGHTS", state: "MICHIGAN", country: "UNITED STATES (USA)" },
        vehicleType: "PASSENGER CAR",
        manufacturer: "FCA US LLC",
        extended: EXTENDED_EXAMPLE,
      },
    ],
  });

// The schema and the decoder's type must stay the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape: Same<z.infer<typeof DecodedVehicleSchema>, DecodedVehicle> = true;
void sameShape;

/**
 * `decoded` of a VIN outside the US-market data (`coverage: "wmi_only"`): what the WMI and position 10 tell.
 * The spec's `decoded.model` is a string; here it is null (the schema says so), never "" or a placeholder,
 * because no pattern named a model and a made-up one would be shown and keyed on as if it were real.
 */
export const WmiOnlyVehicleSchema = DecodedVehicleSchema.extend({
  year: z.string().nullable().meta({
    description:
      "Model year from position 10 when it holds a year code (advisory outside North America); null otherwise",
  }),
  make: MakeName.nullable().meta({
    description: "the make (MakeName), when the WMI belongs to one make; null otherwise",
  }),
  model: z.null().meta({ description: "Always null: no US-market pattern names the model" }),
}).meta({
  id: "DecodedVehicleWmiOnly",
  description:
    "A VIN outside NHTSA's US-market data, decoded from its manufacturer code (WMI) and model-year position only.",
  examples: [
    wmiOnlyVehicle({
      year: "2023",
      make: "Tesla",
      vehicleType: null,
      manufacturer: "TESLA, INC. (GIGAFACTORY SHANGHAI)",
    }),
  ],
});

type WmiOnlyShape = z.infer<typeof WmiOnlyVehicleSchema>;
const wmiOnlySame: Same<WmiOnlyShape, WmiOnlyVehicle> = true;
void wmiOnlySame;
