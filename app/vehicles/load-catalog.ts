// The catalog for the vehicle pages: the makes the picker offers, and a make's models, as the API answers them.
import { cache } from "react";
import { makesAnswer, modelsAnswer } from "@/lib/vin";
import { isApiError } from "@/lib/contract/errors";

/** Cars, SUVs, vans and trucks of every year: the makes a buyer picks from. */
export const pickerMakes = cache(() =>
  makesAnswer({ type: "light" }).makes.map((m) => ({ name: m.name, slug: m.slug })),
);

/** Every model of a make (every vehicle type), or null when vPIC knows no such make. */
export const makeModels = cache((make: string) => {
  try {
    return modelsAnswer({ make, type: "all" });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});
