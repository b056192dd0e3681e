/**
 * Schemas of the decoder's public shapes (spec 2.2). The OpenAPI document is generated from these, so they
 * describe exactly what lib/vin produces (checked at compile time below).
 */
import { z } from "zod";
import type { DecodedVehicle } from "../vin/decoded-vehicle";
import { EXTENDED_EXAMPLE, ExtendedRecordSchema } from "./vin-extended";

const text = (description: string) => z.string().nullable().meta({ description });

export const DecodedVehicleSchema = z
  .object({
    year: z.string().meta({ description: "Model year as text, as NHTSA's vPIC decoder derives it", examples: ["2011"] }),
    make: z.string().meta({ description: "Make, as vPIC names it (upper case)", examples: ["DODGE"] }),
    model: z.string().meta({ description: "Model, as vPIC names it", examples: ["Avenger"] }),
    trim: text("Trim level"),
    bodyStyle: text("vPIC Body Class"),
    driveType: z.enum(["AWD", "FWD", "RWD", "4WD"]).nullable().meta({ description: "Drive type, normalised" }),
    fuelType: text("Primary fuel type"),
    engine: z.object({
      cylinders: z.number().int().nullable().meta({ description: "Number of cylinders" }),
      displacementLiters: text("Engine displacement in liters, as text with one decimal"),
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
        make: "DODGE",
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
