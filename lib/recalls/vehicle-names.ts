/**
 * Names to ask NHTSA with and to show, from what a user or a URL gave ("ford"/"f-150", "FORD"/"f150"):
 * vPIC's canonical names when vPIC knows the make and model (NHTSA's recall names mostly follow them),
 * else the spelling seen in stored recall data, else the words as given (lib/vehicle's nameFromSlug).
 */
import { db } from "../db";
import { findVpicModel } from "../vin";
import { makeKey, nameFromSlug, nameKey } from "../vehicle";

export async function canonicalVehicleNames(make: string, model: string): Promise<{ make: string; model: string }> {
  return (await knownVehicleNames(make, model)) ?? { make: nameFromSlug(make), model: nameFromSlug(model) };
}

/** vPIC's names, or the stored recall data's spelling; null when neither knows the make and model. */
export async function knownVehicleNames(make: string, model: string): Promise<{ make: string; model: string } | null> {
  const vpic = findVpicModel(make, model);
  if (vpic) return vpic;
  return db().recallCoverage.findFirst({
    where: { makeKey: makeKey(make), modelKey: nameKey(model) },
    select: { make: true, model: true },
    orderBy: { updatedAt: "desc" },
  });
}
