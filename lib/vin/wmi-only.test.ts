/**
 * VINs from outside the US market against the bundled vPIC data: what the WMI and position 10 tell, the
 * coverage rule, and real EU, Chinese, Korean and Mexican VINs (tests/fixtures/world-vins, with SOURCES.md).
 */
import { loadBundledVpic } from "../../tests/support/bundled-vpic";
import fixture from "../../tests/fixtures/world-vins/world-vins.json";
import { WmiOnlyVehicleSchema } from "./answers";
import { decodeVinWith } from "./decoder";
import type { VpicData } from "./vpic-data";
import { wmiOnlyDecode, yearFromPosition10 } from "./wmi-only";
import { countryOf, isNorthAmericanVin, regionOf } from "./wmi-origin";

let data: VpicData;
const NOW = new Date("2026-11-01T00:00:00Z");

beforeAll(() => {
  data = loadBundledVpic();
}, 60_000);

describe("real VINs from outside the US", () => {
  it.each(fixture.vins.map((v) => [v.vin, v] as const))("%s", (vin, expected) => {
    const result = decodeVinWith(data, vin, NOW);
    expect(countryOf(vin)).toBe(expected.country);
    expect(regionOf(vin)).toBe(expected.region);
    expect(isNorthAmericanVin(vin)).toBe(expected.kind === "mexico");
    const wmiOnly = wmiOnlyDecode(data, result, NOW);
    if (expected.coverage === "vpic") {
      expect(result.ok && result.decoded).toMatchObject({
        year: expected.year,
        make: expected.make,
        model: expected.model,
      });
      expect(wmiOnly).toBeNull();
      return;
    }
    expect(wmiOnly).not.toBeNull();
    expect(wmiOnly!.decoded).toMatchObject({
      year: expected.year,
      make: expected.make,
      model: null,
      manufacturer: expected.manufacturer,
    });
    expect(WmiOnlyVehicleSchema.parse(wmiOnly!.decoded)).toEqual(wmiOnly!.decoded);
  });

  it("never answers an empty model: the EU Volkswagen that vPIC decodes without a model is wmi_only", () => {
    const r = decodeVinWith(data, "WVGZZZ5NZEW069297", NOW);
    expect(r.ok && r.decoded.model).toBe("");
    const w = wmiOnlyDecode(data, r, NOW)!;
    expect(w.decoded.model).toBeNull();
    expect(w.decoded.plant.city).toBe("WOLFSBURG"); // what the patterns did match is kept
  });
});

describe("the rule", () => {
  it("a WMI that names no manufacturer gives no answer, North American or not", () => {
    for (const vin of ["ZZZ11111111111111", "1ZZ11111111111111", "3ZZ11111111111111"]) {
      const r = decodeVinWith(data, vin, NOW);
      expect(r.ok).toBe(false);
      expect(wmiOnlyDecode(data, r, NOW)).toBeNull();
    }
  });

  it("position 10 reads as the latest model year not past next year; other characters give none", () => {
    expect(yearFromPosition10("LRW3E7FS5PC695355", NOW)).toBe(2023);
    expect(yearFromPosition10("WVWZZZ1KZ6W612305", NOW)).toBe(2006);
    expect(yearFromPosition10("XXXXXXXXXYX000000", NOW)).toBe(2000); // Y = 2030 lies ahead: 2000
    expect(yearFromPosition10("XXXXXXXXXZX000000", NOW)).toBeNull();
  });

  it("ISO 3780 countries and regions", () => {
    expect(countryOf("WBA00000000000000")).toBe("GERMANY");
    expect(countryOf("SAL00000000000000")).toBe("UNITED KINGDOM (UK)");
    expect(countryOf("KMH00000000000000")).toBe("SOUTH KOREA");
    expect(countryOf("3VW00000000000000")).toBe("MEXICO");
    expect(countryOf("ZSA00000000000000")).toBeNull(); // ZS-ZW: not allocated
    expect(regionOf("9BW00000000000000")).toBe("South America");
  });
});
