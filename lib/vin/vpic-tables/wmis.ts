/**
 * The decode's inputs from the WMI (vpic-decode.md): Wmi rows (public or not), their schema links with year
 * ranges (Wmi_VinSchema), their makes (Wmi_Make), and the names of their vehicle type and manufacturer;
 * the makes of each model (Make_Model) for Make from Model.
 */
import type { MakeRef, WmiRecord } from "../vpic-types";
import { num, parseVpicDate, type VpicReader } from "./reader";

/**
 * Wmi rows with their schema links and make ids, by WMI code. `isPublic` is false here: it is judged from
 * `publicAt` when the data is loaded (vpic-data.ts), since a snapshot of the rows outlives the day it was read.
 */
export function readWmis(r: VpicReader): Map<string, WmiRecord> {
  const wmis = new Map<string, WmiRecord>();
  const byId = new Map<number, WmiRecord>();
  const table = r.table("Wmi")!;
  const cols = r.columns(table);
  const wanted = ["Id", "Wmi", "ManufacturerId", "VehicleTypeId", "TruckTypeId", "CountryId", "PublicAvailabilityDate"];
  const list = wanted.map((c) => (cols.has(c.toLowerCase()) ? `"${c}" AS "${c}"` : `NULL AS "${c}"`)).join(", ");
  for (const row of r.all(`SELECT ${list}, ${r.editedOn("Wmi")} AS "EditedOn" FROM "${table}"`)) {
    const record: WmiRecord = {
      id: Number(row.Id),
      wmi: String(row.Wmi).toUpperCase(),
      manufacturerId: num(row.ManufacturerId),
      vehicleTypeId: num(row.VehicleTypeId),
      truckTypeId: num(row.TruckTypeId),
      countryId: num(row.CountryId),
      changedOn: parseVpicDate(row.EditedOn as string | null),
      publicAt: parseVpicDate(row.PublicAvailabilityDate as string | null),
      isPublic: false,
      links: [],
      makeIds: [],
      vehicleTypeName: null,
      manufacturerName: null,
      makes: [],
    };
    wmis.set(record.wmi, record);
    byId.set(record.id, record);
  }
  for (const row of r.raw(`SELECT WmiId, VinSchemaId, YearFrom, YearTo FROM "${r.table("Wmi_VinSchema")}"`)) {
    byId.get(Number(row[0]))?.links.push({
      schemaId: Number(row[1]),
      yearFrom: Number(row[2]),
      yearTo: row[3] === null ? 2999 : Number(row[3]),
    });
  }
  if (r.table("Wmi_Make")) {
    for (const row of r.raw(`SELECT WmiId, MakeId FROM "${r.table("Wmi_Make")}"`))
      byId.get(Number(row[0]))?.makeIds.push(Number(row[1]));
  }
  return wmis;
}

/** One MakeRef per make id (upper-cased name, as NHTSA prints a decoded make); null for an unknown make. */
export function makeRefs(lookups: Map<string, Map<string, string>>): (id: number) => MakeRef | null {
  const makeNames = lookups.get("Make") ?? new Map<string, string>();
  const refs = new Map<string, MakeRef>();
  return (id) => {
    const key = String(id);
    let ref = refs.get(key);
    if (ref) return ref;
    const name = makeNames.get(key);
    if (name === undefined) return null;
    refs.set(key, (ref = { id: key, name: name.toUpperCase() }));
    return ref;
  };
}

/** Model id (as text) → its makes, in Make_Model order. */
export function readMakesOfModel(r: VpicReader, refOf: (id: number) => MakeRef | null): Map<string, MakeRef[]> {
  const makesOfModel = new Map<string, MakeRef[]>();
  const table = r.table("Make_Model")!;
  const order = r.columns(table).has("id") ? "Id" : "rowid";
  for (const row of r.raw<number[]>(`SELECT ModelId, MakeId FROM "${table}" ORDER BY ${order}`)) {
    const ref = refOf(Number(row[1]));
    if (!ref) continue;
    const list = makesOfModel.get(String(row[0]));
    if (list) list.push(ref);
    else makesOfModel.set(String(row[0]), [ref]);
  }
  return makesOfModel;
}

/** Resolves each WMI's vehicle type and manufacturer names (upper-cased, as NHTSA prints them) and makes. */
export function nameWmis(
  wmis: Map<string, WmiRecord>,
  lookups: Map<string, Map<string, string>>,
  refOf: (id: number) => MakeRef | null,
): void {
  const vehicleTypes = lookups.get("VehicleType");
  const manufacturers = lookups.get("Manufacturer");
  for (const w of wmis.values()) {
    const vt = w.vehicleTypeId !== null ? vehicleTypes?.get(String(w.vehicleTypeId)) : undefined;
    w.vehicleTypeName = vt === undefined ? null : vt.toUpperCase();
    const mf = w.manufacturerId !== null ? manufacturers?.get(String(w.manufacturerId)) : undefined;
    w.manufacturerName = mf === undefined ? null : mf.toUpperCase();
    for (const id of w.makeIds) {
      const ref = refOf(id);
      if (ref) w.makes.push(ref);
    }
  }
}
