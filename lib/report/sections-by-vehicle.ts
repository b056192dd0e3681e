/**
 * The buyer-data sections by year/make/model, for the public routes: slugs resolved to vPIC's names (a
 * vehicle vPIC does not know is a 404, as for insights), then the domain service, with no VIN to mark variants.
 * These routes ask one source for one section, so they wait for its answer (bounded by its client's own deadline),
 * not the VIN report's budget; a call that has to wait its turn in the bulkhead is answered `pending` at once.
 */
import { notFound } from "../contract/errors";
import type { ComplaintsResponse, FuelEconomyResponse, SafetyRatingsResponse } from "../sources";
import { complaintsForVehicle, complaintsOnline } from "../complaints";
import { fuelEconomyForVehicle, fuelEconomyOnline } from "../fuel-economy";
import { ratingsOnline, safetyRatingsForVehicle } from "../ratings";
import { findVpicModel } from "../vin";
import { displayMake, type VehicleQuery } from "../vehicle";

function vehicleNamed(q: VehicleQuery) {
  const names = findVpicModel(q.make, q.model);
  if (!names)
    throw notFound(`NHTSA vPIC does not know a ${q.year} ${q.make} ${q.model}.`, { reason: "unknown_vehicle" });
  return { year: q.year, make: names.make, model: names.model };
}

/** The vehicle as the answer names it: the make in its one casing (the sources are asked with vPIC's names). */
const answered = (v: VehicleQuery): VehicleQuery => ({ ...v, make: displayMake(v.make) });

export async function safetyRatingsByVehicle(q: VehicleQuery): Promise<SafetyRatingsResponse> {
  const v = vehicleNamed(q);
  return {
    ...answered(v),
    ...(await safetyRatingsForVehicle(v, null)),
  };
}

export async function complaintsByVehicle(q: VehicleQuery): Promise<ComplaintsResponse> {
  const v = vehicleNamed(q);
  return { ...answered(v), ...(await complaintsForVehicle(v)) };
}

export async function fuelEconomyByVehicle(q: VehicleQuery): Promise<FuelEconomyResponse> {
  const v = vehicleNamed(q);
  return {
    ...answered(v),
    ...(await fuelEconomyForVehicle(v, null)),
  };
}

/** Pending, stale, or unknown while the source is meant to be asked (an outage): cached briefly. */
export function buyerDataDegraded(
  kind: "safetyRatings" | "complaints" | "fuelEconomy",
  s: { status: string },
): boolean {
  const online =
    kind === "safetyRatings" ? ratingsOnline() : kind === "complaints" ? complaintsOnline() : fuelEconomyOnline();
  return s.status === "pending" || s.status === "stale" || (s.status === "unavailable" && online);
}
