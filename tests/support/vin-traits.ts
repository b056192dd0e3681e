/** A VIN's traits (lib/vin/variant-fit.ts) with only `t` known: what a test of variant matching starts from. */
import type { VinTraits } from "../../lib/vin";

export const traits = (t: Partial<VinTraits>): VinTraits => ({
  body: null,
  doors: null,
  cab: null,
  drive: null,
  cylinders: null,
  displacementLiters: null,
  fuel: null,
  electrified: null,
  transmission: null,
  transmissionSpeeds: null,
  ...t,
});
