/**
 * The FLAT_CMPL and vehicles.csv importers on real-format files (tests/fixtures/buyer-data/SOURCES.md): rows
 * read, skipped with reasons, idempotent re-import, and the sections answered from the imported rows offline.
 */
import path from "node:path";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { db } from "../db";
import { fuelEconomyForVehicle } from "../fuel-economy";
import { importVehiclesCsv } from "../fuel-economy";
import type { DecodedVehicle } from "../vin";
import { complaintsForVehicle } from ".";
import { parseFlatCmplLine } from "./flat-cmpl";
import { importComplaintsFile } from "./import";

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/buyer-data", name);
let temp: TempDb;

beforeAll(() => {
  // SQLite by default; TEST_DB_PROVIDER=postgresql + TEST_DATABASE_URL runs the same imports on PostgreSQL.
  temp = createTempDb();
  temp.setEnv({ COMPLAINTS_API_BASE_URL: "off", FUEL_ECONOMY_API_BASE_URL: "off" });
});
afterAll(() => temp.cleanup());

const A3 = { year: 2015, make: "AUDI", model: "A3" };

describe("FLAT_CMPL", () => {
  test("a line: the documented columns; tires and unknown years are not vehicles", () => {
    const cols = Array(49).fill("");
    Object.assign(cols, {
      0: "7",
      1: "11000009",
      3: "AUDI",
      4: "A3",
      5: "2015",
      6: "Y",
      7: "20160201",
      8: "N",
      9: "2",
      10: "0",
      11: "ENGINE",
      16: "20160302",
      19: "TEXT",
      45: "V",
    });
    expect(parseFlatCmplLine(cols.join("\t"))).toMatchObject({
      ok: true,
      row: {
        cmplId: 7,
        odiNumber: 11000009,
        year: 2015,
        make: "AUDI",
        model: "A3",
        crash: true,
        fire: false,
        injuries: 2,
        filedOn: "2016-03-02",
        incidentOn: "2016-02-01",
        summary: "TEXT",
      },
    });
    expect(parseFlatCmplLine(Object.assign([...cols], { 45: "T" }).join("\t"))).toEqual({
      ok: false,
      reason: "not_vehicle",
    });
    expect(parseFlatCmplLine("1\t2\t3")).toEqual({ ok: false, reason: "columns" });
  });

  test("import: rows, skipped with reasons, the same rows after a second import", async () => {
    const progress: number[] = [];
    const first = await importComplaintsFile(fixture("FLAT_CMPL_sample.txt"), {
      onProgress: (p) => progress.push(p.bytesDone),
    });
    expect(first).toMatchObject({
      rowsRead: 7,
      rowsImported: 4,
      skipped: { not_vehicle: 1, no_vehicle: 1, columns: 1 },
    });
    expect(progress.at(-1)).toBeGreaterThan(0);
    await importComplaintsFile(fixture("FLAT_CMPL_sample.txt"));
    expect(await db().complaint.count()).toBe(4);
  });

  test("offline, the imported rows answer: complaints counted once, per component", async () => {
    const s = await complaintsForVehicle(A3);
    expect(s).toMatchObject({ status: "ok", count: 3, crashes: 1, injuries: 1 });
    expect(s.byComponent).toEqual([
      { component: "ENGINE", count: 2 },
      { component: "ELECTRICAL SYSTEM", count: 1 },
      { component: "FUEL/PROPULSION SYSTEM", count: 1 },
    ]);
    expect(s.source).toMatch(/FLAT_CMPL/);
    // Absent from the import: unknown, never 0.
    expect(await complaintsForVehicle({ year: 2015, make: "AUDI", model: "Q7" })).toMatchObject({
      status: "unavailable",
      count: null,
    });
  });
});

describe("vehicles.csv", () => {
  test("import: rows, a broken row skipped, idempotent", async () => {
    const first = await importVehiclesCsv(fixture("vehicles-sample.csv"));
    expect(first).toMatchObject({ rowsRead: 5, rowsImported: 4, skipped: { incomplete: 1 } });
    await importVehiclesCsv(fixture("vehicles-sample.csv"));
    expect(await db().epaVehicle.count()).toBe(4);
    expect(await db().epaVehicle.findUnique({ where: { id: 90004 } })).toMatchObject({
      model: "Leaf",
      rangeMiles: 84,
      cylinders: null,
      comb08: 114,
    });
  });

  test("offline, the imported rows answer, marked against the VIN", async () => {
    const decoded = {
      year: "2015",
      make: "AUDI",
      model: "A3",
      trim: "Premium",
      bodyStyle: "Sedan/Saloon",
      driveType: null,
      fuelType: "Diesel",
      engine: { cylinders: 4, displacementLiters: "2.0" },
      transmission: null,
      extended: { electrification: { level: null }, body: { doors: { value: 4, source: "local" } }, powertrain: {} },
    } as unknown as DecodedVehicle;
    const s = await fuelEconomyForVehicle(A3, { decoded, elements: {} });
    expect(s).toMatchObject({ status: "ok", selection: "one" });
    expect(s.variants[0]).toMatchObject({ epaId: 90001, fit: "match", combinedMpg: 36 });
    // The A3 e-tron (a plug-in hybrid) is listed, excluded: a diesel VIN is not it.
    expect(s.variants.find((v) => v.epaId === 90003)).toMatchObject({
      fit: "excluded",
      electrified: "PHEV",
      evRangeMiles: 16,
    });
    expect(await fuelEconomyForVehicle({ year: 2015, make: "AUDI", model: "Q7" }, null)).toMatchObject({
      status: "unavailable",
      variants: [],
    });
  });
});
