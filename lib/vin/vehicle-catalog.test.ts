import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSyntheticVpic } from "../../tests/support/synthetic-vpic";
import { findCatalogModelIn, listMakesIn, listModelsIn, lookupWmiIn, vehicleTypeOf } from "./vehicle-catalog";
import { loadVpicData, type VpicData } from "./vpic-data";

// The synthetic file (tests/support/synthetic-vpic.ts): Testa's WMI TST (passenger cars) links schema 100
// (2015-2020: Alpha) and 101 (2018 on, open: Beta), and 103, which waits for QC; the small maker TS9ABC
// (motorcycles, make Bikeco) links 102 (2000 on: Gamma) and 104 (1980s), whose Delta belongs to another make.
const NOW = new Date("2026-06-01T00:00:00Z");
let data: VpicData;

beforeAll(() => {
  data = loadVpicData(buildSyntheticVpic(), { now: NOW });
});

describe("listMakesIn", () => {
  test("a make is listed for the years its WMIs' schemas name one of its models", () => {
    expect(listMakesIn(data, { year: 2019 }, NOW).map((m) => m.slug)).toEqual(["bikeco", "testa"]);
    expect(listMakesIn(data, { year: 2014 }, NOW).map((m) => m.slug)).toEqual(["bikeco"]);
  });

  test("a model of another make in the WMI's schema does not make the WMI's make exist that year", () => {
    // Schema 104 (1980-1989) names only Delta, which Make_Model gives to "Other", not to Bikeco.
    expect(listMakesIn(data, { year: 1985 }, NOW)).toEqual([]);
  });

  test("vehicle types filter, and each make says its types and years; an open link runs to the newest model year", () => {
    expect(listMakesIn(data, { types: ["car", "mpv", "truck"] }, NOW)).toEqual([
      { name: "Testa", slug: "testa", vehicleTypes: ["car"], years: [{ from: 2015, to: 2028 }] },
    ]);
    expect(listMakesIn(data, { types: ["motorcycle"] }, NOW)).toEqual([
      { name: "Bikeco", slug: "bikeco", vehicleTypes: ["motorcycle"], years: [{ from: 2000, to: 2028 }] },
    ]);
    expect(listMakesIn(data, { year: 2029 }, NOW)).toEqual([]);
  });
});

describe("listModelsIn", () => {
  test("only the models whose patterns cover the year", () => {
    expect(listModelsIn(data, "testa", { year: 2016 }, NOW)?.models.map((m) => m.name)).toEqual(["Alpha"]);
    expect(listModelsIn(data, "testa", { year: 2019 }, NOW)?.models.map((m) => m.name)).toEqual(["Alpha", "Beta"]);
    expect(listModelsIn(data, "testa", { year: 2022 }, NOW)?.models.map((m) => m.name)).toEqual(["Beta"]);
  });

  test("any spelling of the make finds it; each model has its slug, types and years", () => {
    expect(listModelsIn(data, "TESTA", {}, NOW)).toEqual({
      make: { name: "Testa", slug: "testa" },
      models: [
        { name: "Alpha", slug: "alpha", vehicleTypes: ["car"], years: [{ from: 2015, to: 2020 }] },
        { name: "Beta", slug: "beta", vehicleTypes: ["car"], years: [{ from: 2018, to: 2028 }] },
      ],
    });
    expect(listModelsIn(data, "testa", { types: ["motorcycle"] }, NOW)?.models).toEqual([]);
  });

  test("an unknown make is null; a make known only through Make_Model has no models", () => {
    expect(listModelsIn(data, "nosuch", {}, NOW)).toBeNull();
    expect(listModelsIn(data, "other", {}, NOW)).toBeNull();
  });

  test("findCatalogModelIn names one model with every year", () => {
    expect(findCatalogModelIn(data, "Testa", "ALPHA", NOW)?.model.years).toEqual([{ from: 2015, to: 2020 }]);
    expect(findCatalogModelIn(data, "testa", "gamma", NOW)).toBeNull();
  });
});

describe("lookupWmiIn", () => {
  test("a 3-character WMI from vPIC: manufacturer, makes with slugs, ISO 3780 country and region, type, years", () => {
    expect(lookupWmiIn(data, "tst", NOW)).toEqual({
      wmi: "TST",
      listedIn: "vpic",
      manufacturer: "TESTA MOTORS INC.",
      makes: [{ name: "Testa", slug: "testa" }],
      country: "HUNGARY",
      region: "Europe",
      vpicVehicleType: "PASSENGER CAR",
      vehicleTypes: ["car"],
      years: [{ from: 2015, to: 2028 }],
    });
  });

  test("a small manufacturer's 6-character WMI", () => {
    expect(lookupWmiIn(data, "TS9ABC", NOW)).toMatchObject({
      wmi: "TS9ABC",
      manufacturer: "SMALL BIKES LLC",
      vehicleTypes: ["motorcycle"],
      makes: [{ slug: "bikeco" }],
    });
  });

  test("a WMI vPIC does not publish yet is unknown; a well-known non-US one comes from the known list", () => {
    expect(lookupWmiIn(data, "TSX", NOW)).toBeNull();
    expect(lookupWmiIn(data, "LRW", NOW)).toMatchObject({
      listedIn: "known_wmi_list",
      makes: [{ slug: "tesla" }],
      country: "CHINA",
      region: "Asia",
      years: [],
    });
  });
});

describe("the catalog's snapshot", () => {
  test("a process that loads the data again reads the catalog from its snapshot: the same answers, still frozen", () => {
    const file = buildSyntheticVpic();
    const cacheDir = mkdtempSync(path.join(tmpdir(), "vpic-cache-"));
    const built = loadVpicData(file, { now: NOW, cacheDir });
    const makes = listMakesIn(built, {}, NOW);
    const models = listModelsIn(built, "testa", {}, NOW);
    expect(readdirSync(cacheDir).filter((f) => f.startsWith("vpic-catalog-"))).toHaveLength(1);

    const again = loadVpicData(file, { now: NOW, cacheDir });
    expect(again.stats.fromSnapshot).toBe(true);
    expect(listMakesIn(again, {}, NOW)).toEqual(makes);
    expect(listModelsIn(again, "testa", {}, NOW)).toEqual(models);
    const beta = listModelsIn(again, "testa", {}, NOW)!.models[1];
    expect(Object.isFrozen(beta)).toBe(true);
    expect(Object.isFrozen(beta.years)).toBe(true);
    expect(Object.isFrozen(beta.years[0])).toBe(true);
    expect(Object.isFrozen(beta.vehicleTypes)).toBe(true);
  });

  test("which WMIs are public is judged when the data is loaded, not when its snapshot was written", () => {
    const file = buildSyntheticVpic();
    const cacheDir = mkdtempSync(path.join(tmpdir(), "vpic-cache-"));
    expect(lookupWmiIn(loadVpicData(file, { now: NOW, cacheDir }), "TSX", NOW)).toBeNull();
    // TSX is published on 2999-01-01.
    const later = new Date("2999-06-01T00:00:00Z");
    const loadedLater = loadVpicData(file, { now: later, cacheDir });
    expect(loadedLater.stats.fromSnapshot).toBe(true);
    expect(lookupWmiIn(loadedLater, "TSX", later)).toMatchObject({ wmi: "TSX", manufacturer: "TESTA MOTORS INC." });
  });
});

test("vehicleTypeOf maps vPIC's vehicle type names", () => {
  expect(vehicleTypeOf("MULTIPURPOSE PASSENGER VEHICLE (MPV)")).toBe("mpv");
  expect(vehicleTypeOf("Low Speed Vehicle (LSV)")).toBe("lsv");
  expect(vehicleTypeOf("Something New")).toBe("other");
  expect(vehicleTypeOf(null)).toBe("other");
});
