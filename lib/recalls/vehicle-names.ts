/**
 * Names to ask NHTSA with and to show, from what a user or a URL gave ("ford"/"f-150", "FORD"/"f150"):
 * vPIC's canonical names when vPIC knows the make and model (NHTSA's recall names mostly follow them),
 * else the spelling seen in stored recall data, else the words as given.
 */
import { db } from "../db";
import { findVpicModel } from "../vin";
import { makeKey, nameKey } from "./names";

export async function canonicalVehicleNames(make: string, model: string): Promise<{ make: string; model: string }> {
  const vpic = findVpicModel(make, model);
  if (vpic) return vpic;
  const seen = await db().recallCoverage.findFirst({
    where: { makeKey: makeKey(make), modelKey: nameKey(model) },
    select: { make: true, model: true },
    orderBy: { updatedAt: "desc" },
  });
  if (seen) return seen;
  return { make: unslug(make), model: unslug(model) };
}

/**
 * "grand-cherokee" → "GRAND CHEROKEE", "silverado-1500" → "SILVERADO 1500"; a short prefix keeps its hyphen
 * as in model names ("f-150" → "F-150", "cr-v" → "CR-V", "cx-5" → "CX-5").
 */
export function unslug(value: string): string {
  const parts = value.trim().split(/[-\s]+/).filter(Boolean);
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++) {
    out += /^[A-Za-z]{1,3}$/.test(parts[i - 1]) && parts[i].length <= 4 ? `-${parts[i]}` : ` ${parts[i]}`;
  }
  return out.toUpperCase();
}
