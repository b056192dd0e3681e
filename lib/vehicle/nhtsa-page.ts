import type { VehicleQuery } from "./vehicle";

/** NHTSA's public page of a year/make/model (ratings, recalls, complaints), the link a section cites. */
export function nhtsaVehiclePageUrl(q: VehicleQuery): string {
  return `https://www.nhtsa.gov/vehicle/${q.year}/${encodeURIComponent(q.make.toUpperCase())}/${encodeURIComponent(q.model.toUpperCase())}`;
}
