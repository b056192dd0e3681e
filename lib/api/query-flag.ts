/**
 * A boolean flag in a query string. `true` and `false` in any letter case, and `1` and `0`; anything else
 * (yes, on, an empty value, a repeated flag) is a 400 naming the flag. One rule for every public route.
 */
import { z } from "zod";

const SPELLINGS = /^(true|false|1|0)$/i;

export const queryFlag = (description: string, fallback: boolean) =>
  z
    .string()
    .refine((v) => SPELLINGS.test(v), { message: "must be true or false (or 1 or 0)" })
    .default(String(fallback))
    .transform((v) => v === "1" || v.toLowerCase() === "true")
    .meta({ description, default: String(fallback), pattern: "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$" });
