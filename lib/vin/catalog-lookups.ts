/**
 * The catalog's answers, as GET /api/public/makes, /models and /wmi/{wmi} and the MCP tools list_makes,
 * list_models and lookup_wmi give them: the lists of lib/vin/vehicle-catalog.ts with the filter applied and
 * where they come from. An unknown make or WMI is a 404 problem.
 */
import { notFound } from "../contract/errors";
import type { MakesQuery, MakesResponse, ModelsQuery, ModelsResponse, WmiResponse } from "./catalog-answers";
import { vpicData } from "./decoder";
import {
  listMakesIn,
  listModelsIn,
  lookupWmiIn,
  vehicleTypesFor,
  VEHICLE_TYPES,
  type VehicleType,
} from "./vehicle-catalog";

function source(dataDate: string): string {
  return `NHTSA vPIC (Product Information Catalog and Vehicle Listing), local copy with data of ${dataDate || "an unknown date"}`;
}

const typesListed = (types: readonly VehicleType[] | undefined) =>
  types ? VEHICLE_TYPES.filter((t) => types.includes(t)) : [...VEHICLE_TYPES];

export function makesAnswer(query: MakesQuery): MakesResponse {
  const data = vpicData();
  const types = vehicleTypesFor(query.type);
  const makes = listMakesIn(data, { year: query.year, types, q: query.q });
  return {
    year: query.year ?? null,
    vehicleTypes: typesListed(types),
    q: query.q ?? null,
    count: makes.length,
    makes,
    source: source(data.dataDate),
  };
}

export function modelsAnswer(query: ModelsQuery): ModelsResponse {
  const data = vpicData();
  const types = vehicleTypesFor(query.type);
  const found = listModelsIn(data, query.make, { year: query.year, types });
  if (!found) {
    throw notFound(
      `NHTSA vPIC knows no make "${query.make}"; the list of makes (q: a part of the name) gives each make's spelling and slug.`,
      { reason: "unknown_make", param: "make" },
    );
  }
  return {
    make: found.make,
    year: query.year ?? null,
    vehicleTypes: typesListed(types),
    count: found.models.length,
    models: found.models,
    source: source(data.dataDate),
  };
}

export function wmiAnswer(wmi: string): WmiResponse {
  const data = vpicData();
  const info = lookupWmiIn(data, wmi);
  if (!info) {
    const hint =
      wmi.length === 3 && wmi[2] === "9"
        ? " A WMI ending in 9 names small manufacturers: give 6 characters, VIN positions 1-3 and 12-14."
        : "";
    throw notFound(`No manufacturer is known for the WMI ${wmi}.${hint}`, { reason: "unknown_wmi", param: "wmi" });
  }
  const listed =
    info.listedIn === "vpic"
      ? source(data.dataDate)
      : "vinscope's list of well-known manufacturer codes that NHTSA vPIC does not publish; country and region per ISO 3780";
  return { ...info, source: listed };
}
