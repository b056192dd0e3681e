/**
 * Recalls for a VIN = the recalls of its decoded year/make/model (NHTSA has no public per-VIN list).
 * Whether the remedy has been done on this particular vehicle is for the manufacturer or a dealer to say.
 */
import type { RecallsResponse } from "./answers";
import { notFound } from "../contract/errors";
import type { Vin } from "../vin";
import { decodeVin } from "../vin";
import { recallsForVehicle } from "./service";
import { displayMake } from "../vehicle";

export async function recallsForVin(vin: Vin, opts: { signal?: AbortSignal } = {}): Promise<RecallsResponse> {
  const decoded = decodeVin(vin);
  if (!decoded.ok) {
    throw notFound(`VIN ${vin} could not be decoded (${decoded.reason}): ${decoded.errorText}`, {
      reason: "vin_not_decodable",
      param: "vin",
    });
  }
  const { year, make, model } = decoded.decoded;
  const y = Number(year);
  if (!Number.isInteger(y) || !make || !model) {
    throw notFound(`VIN ${vin} decoded without a model year, make and model, so its recalls cannot be looked up.`, {
      reason: "vin_not_decodable",
      param: "vin",
    });
  }
  const recalls = await recallsForVehicle({ year: y, make, model }, opts);
  return { vin, year: y, make: displayMake(make), model, ...recalls };
}
