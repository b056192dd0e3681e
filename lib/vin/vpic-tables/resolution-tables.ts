/**
 * Tables the later steps of a decode read (vpic-decode.md, "Values"): engine-model patterns pulled in by the
 * Engine Model, displacement conversions, DefaultValue rows per vehicle type, and full vPIC's vehicle-spec
 * schemas. Each is optional: a file without the table yields an empty one.
 */
import type {
  Conversion,
  DefaultValueRow,
  EngineModelPatternRow,
  VehicleSpecPatternSet,
  VehicleSpecSchemaEntry,
} from "../vpic-types";
import { num, parseVpicDate, printable, type VpicReader } from "./reader";

/** Engine model name (trimmed, lower-cased) → its EngineModelPattern rows in Id order. */
export function readEngineModelPatterns(r: VpicReader): Map<string, EngineModelPatternRow[]> {
  const engineModelPatterns = new Map<string, EngineModelPatternRow[]>();
  if (!r.table("EngineModel") || !r.table("EngineModelPattern")) return engineModelPatterns;
  for (const row of r.all(
    `SELECT em.Name AS name, p.ElementId AS elementId, p.AttributeId AS attributeId,
            ${r.editedOn("EngineModelPattern", "p.")} AS changed
       FROM "${r.table("EngineModelPattern")}" p JOIN "${r.table("EngineModel")}" em ON em.Id = p.EngineModelId
      ORDER BY p.Id`,
  )) {
    const name = String(row.name).trim().toLowerCase();
    const list = engineModelPatterns.get(name) ?? [];
    list.push({
      elementId: Number(row.elementId),
      attributeId: printable(String(row.attributeId)),
      changedOn: parseVpicDate(row.changed as string),
    });
    engineModelPatterns.set(name, list);
  }
  return engineModelPatterns;
}

export function readConversions(r: VpicReader): Conversion[] {
  if (!r.table("Conversion")) return [];
  return r
    .all(
      `SELECT Id AS "Id", FromElementId AS "FromElementId", ToElementId AS "ToElementId", Formula AS "Formula"
         FROM "${r.table("Conversion")}" ORDER BY Id`,
    )
    .map((row) => ({
      id: Number(row.Id),
      fromElementId: Number(row.FromElementId),
      toElementId: Number(row.ToElementId),
      formula: String(row.Formula),
    }));
}

/** Defaults per vehicle type (full vPIC only; corgi's cut dropped the table). */
export function readDefaults(r: VpicReader): Map<number, DefaultValueRow[]> {
  const defaults = new Map<number, DefaultValueRow[]>();
  if (!r.table("DefaultValue")) return defaults;
  for (const row of r.all(
    `SELECT ElementId AS "ElementId", VehicleTypeId AS "VehicleTypeId", DefaultValue AS "DefaultValue",
            ${r.editedOn("DefaultValue")} AS "EditedOn" FROM "${r.table("DefaultValue")}"`,
  )) {
    if (row.DefaultValue === null || row.DefaultValue === undefined) continue;
    const vt = Number(row.VehicleTypeId);
    const list = defaults.get(vt) ?? [];
    list.push({
      elementId: Number(row.ElementId),
      value: String(row.DefaultValue),
      changedOn: parseVpicDate(row.EditedOn as string | null),
    });
    defaults.set(vt, list);
  }
  return defaults;
}

interface SpecSchema {
  makeId: number;
  vehicleTypeId: number;
  entry: VehicleSpecSchemaEntry;
}

/** Vehicle-spec schemas (full vPIC only) by `${makeId}|${vehicleTypeId}|${modelId}`, QC'd ones left out. */
export function readVehicleSpecs(r: VpicReader): Map<string, VehicleSpecSchemaEntry[]> {
  const vehicleSpecs = new Map<string, VehicleSpecSchemaEntry[]>();
  const specTables = ["VehicleSpecSchema", "VSpecSchemaPattern", "VehicleSpecPattern", "VehicleSpecSchema_Model"];
  if (!specTables.every((t) => r.table(t))) return vehicleSpecs;
  const schemasById = readSpecSchemas(r);
  readSpecPatternSets(r, schemasById);
  for (const row of r.select("VehicleSpecSchema_Model", ["VehicleSpecSchemaId", "ModelId"])) {
    const schema = schemasById.get(Number(row.VehicleSpecSchemaId));
    if (!schema) continue;
    const key = `${schema.makeId}|${schema.vehicleTypeId}|${Number(row.ModelId)}`;
    const list = vehicleSpecs.get(key) ?? [];
    if (!list.includes(schema.entry)) list.push(schema.entry);
    vehicleSpecs.set(key, list);
  }
  return vehicleSpecs;
}

/** VehicleSpecSchema rows not waiting for QC, with the years they cover (VehicleSpecSchema_Year). */
function readSpecSchemas(r: VpicReader): Map<number, SpecSchema> {
  const schemasById = new Map<number, SpecSchema>();
  for (const row of r.select("VehicleSpecSchema", ["Id", "MakeId", "VehicleTypeId", "TobeQCed"])) {
    if (num(row.TobeQCed)) continue;
    schemasById.set(Number(row.Id), {
      makeId: Number(row.MakeId),
      vehicleTypeId: Number(row.VehicleTypeId),
      entry: { years: null, patterns: [] },
    });
  }
  if (r.table("VehicleSpecSchema_Year")) {
    for (const row of r.select("VehicleSpecSchema_Year", ["VehicleSpecSchemaId", "Year"])) {
      const entry = schemasById.get(Number(row.VehicleSpecSchemaId))?.entry;
      if (entry) (entry.years ??= new Set()).add(Number(row.Year));
    }
  }
  return schemasById;
}

/** VSpecSchemaPattern sets of each schema with their key rows and value rows (VehicleSpecPattern). */
function readSpecPatternSets(r: VpicReader, schemasById: Map<number, SpecSchema>): void {
  const sets = new Map<number, VehicleSpecPatternSet>();
  for (const row of r.select("VSpecSchemaPattern", ["Id", "SchemaId"])) {
    const schema = schemasById.get(Number(row.SchemaId));
    if (!schema) continue;
    const set: VehicleSpecPatternSet = { id: Number(row.Id), schemaId: Number(row.SchemaId), keys: [], values: [] };
    sets.set(set.id, set);
    schema.entry.patterns.push(set);
  }
  for (const row of r.all(
    `SELECT VSpecSchemaPatternId AS "SetId", IsKey AS "IsKey", ElementId AS "ElementId", AttributeId AS "AttributeId",
            ${r.editedOn("VehicleSpecPattern")} AS "EditedOn" FROM "${r.table("VehicleSpecPattern")}"`,
  )) {
    const set = sets.get(Number(row.SetId));
    if (!set) continue;
    const isKey = row.IsKey === 1 || row.IsKey === "1" || row.IsKey === "true" || row.IsKey === true;
    const elementId = Number(row.ElementId);
    if (isKey) set.keys.push({ elementId, attributeId: String(row.AttributeId) });
    else
      set.values.push({
        elementId,
        attributeId: printable(String(row.AttributeId)),
        changedOn: parseVpicDate(row.EditedOn as string | null),
      });
  }
}
