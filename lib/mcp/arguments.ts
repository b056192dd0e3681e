/**
 * What the tools' arguments are built from. Each tool's arguments are built from the operation it mirrors
 * (lib/api/operations.ts): the same fields, bounds and section flags, in the JSON types an agent sends (a boolean,
 * not "true"; a number, or digits, for a year).
 */
import { z } from "zod";
import { slugify } from "../vehicle";

/** The arguments of a tool that takes none. */
export const NO_ARGUMENTS = z.object({});

/**
 * Agents often send numbers as JSON strings (`"year": "2024"`). An argument that takes a whole number takes a
 * string of digits as well, and its input schema says so (anyOf integer | digit string, no words needed).
 */
export function wholeNumberInput(schema: z.ZodInt, description: string) {
  return z
    .union(
      [
        schema,
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, { message: 'must be a whole number, or a string of digits such as "2024"' })
          .transform(Number)
          .pipe(schema),
      ],
      { error: 'must be a whole number, or a string of digits such as "2024"' },
    )
    .meta({ description });
}

/**
 * A VIN argument as typed: any case, surrounding spaces, at most 64 characters. What is wrong with a malformed
 * one is said by the tool's own check (lib/vin's normaliser), which names the rule it breaks.
 */
export const vinArgument = (description: string) => z.string().max(64).meta({ description });

/**
 * The section flags of a query (VinReportQuery, VinBatchQuery) as tool arguments: the same names and defaults,
 * as optional booleans. The name says which section and `default` what is left out: no prose repeated per flag
 * (the tool's description says that sections can be switched). `sectionFlags` parses them with the query.
 */
export function toolFlags<Q extends z.ZodObject>(query: Q) {
  const defaults = query.parse({}) as Record<string, boolean>;
  const out: Record<string, z.ZodOptional<z.ZodBoolean>> = {};
  for (const name of Object.keys(query.shape)) out[name] = z.boolean().optional().meta({ default: defaults[name] });
  return out as { [K in keyof Q["shape"]]: z.ZodOptional<z.ZodBoolean> };
}

/** The flags given as booleans, with the query's own defaults for those left out. */
export function sectionFlags<Q extends z.ZodObject>(query: Q, args: Record<string, unknown>): z.output<Q> {
  const text: Record<string, string> = {};
  for (const name of Object.keys(query.shape)) if (typeof args[name] === "boolean") text[name] = String(args[name]);
  return query.parse(text);
}

/** A make or model as a name or a slug (get_pricing slugs it, as the pricing pages do). */
export const vehicleName = (what: string, example: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(80)
    .refine((v) => slugify(v).length > 0, { message: `must contain letters or digits` })
    .meta({ description: `${what}, as a name or a slug, e.g. ${example}` });

/**
 * A model year, make and model, by names or slugs: the path of getSafetyRatings, getComplaints, getFuelEconomy
 * and getVehicleInsight (the tools parse the arguments with that path's own schema, slugs made from the names).
 */
export const VehicleArguments = z.object({
  year: wholeNumberInput(z.int(), "model year, e.g. 2022"),
  make: vehicleName("make", "Honda or land-rover"),
  model: vehicleName("model", "CR-V or range-rover-sport"),
});
