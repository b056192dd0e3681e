/**
 * GET /api/public/investigations/{year}/{make}/{model}: slugs resolved to vPIC's names (a vehicle vPIC does not
 * know is a 404, as for the other year/make/model routes), then the list.
 */
import { notFound } from "../contract/errors";
import { displayMake, type VehicleQuery } from "../vehicle";
import { findVpicModel } from "../vin";
import type { InvestigationsResponse } from "./answers";
import { investigationsList } from "./service";

export async function investigationsByVehicle(q: VehicleQuery): Promise<InvestigationsResponse> {
  const names = findVpicModel(q.make, q.model);
  if (!names)
    throw notFound(`NHTSA vPIC does not know a ${q.year} ${q.make} ${q.model}.`, { reason: "unknown_vehicle" });
  const answer = await investigationsList({ year: q.year, make: names.make, model: names.model });
  return { ...answer, make: displayMake(answer.make) };
}
