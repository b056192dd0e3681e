/** Element rows and the look-up tables they name (Element.LookupTable), plus the tables NHTSA names values from. */
import type { VpicElement } from "../vpic-types";
import { num, printable, type VpicReader } from "./reader";

/** Elements NHTSA never takes from Pattern rows: Make, Manufacturer, Model Year, Vehicle Type. */
export const NON_PATTERN_ELEMENTS = new Set([26, 27, 29, 39]);

export function readElements(r: VpicReader): Map<number, VpicElement> {
  const elements = new Map<number, VpicElement>();
  const columns = ["Id", "Name", "Code", "LookupTable", "DataType", "Decode", "IsPrivate", "weight", "GroupName"];
  for (const row of r.select("Element", columns)) {
    const id = Number(row.Id);
    elements.set(id, {
      id,
      name: String(row.Name),
      code: String(row.Code ?? row.Name),
      lookupTable: (row.LookupTable as string | null) || null,
      dataType: (row.DataType as string | null) ?? null,
      decode: (row.Decode as string | null) || null,
      isPrivate: Boolean(num(row.IsPrivate)),
      weight: num(row.weight),
      groupName: (row.GroupName as string | null) ?? null,
    });
  }
  return elements;
}

/** Lookup tables named by Element.LookupTable that the file holds (corgi's cut lacks a few), Id → Name. */
export function readLookups(r: VpicReader, elements: Map<number, VpicElement>): Map<string, Map<string, string>> {
  const lookups = new Map<string, Map<string, string>>();
  const read = (logical: string, actual: string) => {
    const map = new Map<string, string>();
    for (const row of r.raw<[unknown, unknown]>(`SELECT Id, Name FROM "${actual}"`))
      map.set(String(row[0]), printable(String(row[1])));
    lookups.set(logical, map);
  };
  for (const element of elements.values()) {
    const name = element.lookupTable && r.table(element.lookupTable);
    if (!name || lookups.has(element.lookupTable!)) continue;
    read(element.lookupTable!, name);
  }
  for (const extra of ["Make", "Model", "Manufacturer", "VehicleType", "Country"]) {
    const name = r.table(extra);
    if (!name || lookups.has(extra)) continue;
    read(extra, name);
  }
  return lookups;
}

/** Plain and bracket keys need a decodable public element that is not sourced elsewhere. */
export function decodableElements(elements: Map<number, VpicElement>): Set<number> {
  const decodable = new Set<number>();
  for (const e of elements.values()) {
    if (e.decode !== null && !e.isPrivate && !NON_PATTERN_ELEMENTS.has(e.id)) decodable.add(e.id);
  }
  return decodable;
}

/** Element.weight by id (0 when null) for choosing between passes, and the variable names NHTSA prints. */
export function elementTables(elements: Map<number, VpicElement>): {
  elementWeights: Int32Array;
  outputCodes: (string | undefined)[];
} {
  const elementWeights = new Int32Array(Math.max(0, ...elements.keys()) + 1);
  const outputCodes: (string | undefined)[] = new Array(elementWeights.length).fill(undefined);
  for (const e of elements.values()) {
    elementWeights[e.id] = e.weight ?? 0;
    if (e.decode && !e.isPrivate) outputCodes[e.id] = e.code;
  }
  return { elementWeights, outputCodes };
}
