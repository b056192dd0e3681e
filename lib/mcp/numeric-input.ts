/**
 * Agents often send numbers as JSON strings (`"year": "2024"`). A tool argument that takes a whole number takes
 * a string of digits as well, and its input schema says so (anyOf integer | digit string).
 */
import { z } from "zod";

export function wholeNumberInput(schema: z.ZodInt, description: string) {
  return z
    .union([
      schema,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, { message: "must be a whole number, or a string of digits such as \"2024\"" })
        .transform(Number)
        .pipe(schema),
    ], { error: 'must be a whole number, or a string of digits such as "2024"' })
    .meta({ description: `${description} (a number, or a string of digits)` });
}
