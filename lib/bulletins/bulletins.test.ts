/** The MFR_COMMS reader's rules: periods from the date, records, years, types and document numbers. */
import { bulletinType, documentIdFrom } from "./classify";
import { modelYears, parseMfrCommsRecord } from "./mfr-comms";
import { currentPeriod, currentPeriodFile, periodFiles, periodInName, periodStartsFor } from "./period";

const at = (iso: string) => new Date(iso);

describe("periods", () => {
  test("the current period's name is computed from the date and grows each year", () => {
    expect(currentPeriod(at("2026-06-01T00:00:00Z"))).toBe("2025-2026");
    expect(currentPeriod(at("2027-01-01T00:00:00Z"))).toBe("2025-2027");
    expect(currentPeriod(at("2029-12-31T23:59:59Z"))).toBe("2025-2029");
    expect(currentPeriod(at("2030-01-01T00:00:00Z"))).toBe("2030-2030");
    expect(currentPeriodFile(at("2026-03-01T00:00:00Z"))).toBe("MFR_COMMS_RECEIVED_2025-2026.zip");
    expect(currentPeriodFile(at("2027-03-01T00:00:00Z"))).toBe("MFR_COMMS_RECEIVED_2025-2027.zip");
  });

  test("every period file up to the current one; the periods a model year needs", () => {
    const files = periodFiles(at("2026-06-01T00:00:00Z"));
    expect(files[0]).toBe("MFR_COMMS_RECEIVED_1995-1999.zip");
    expect(files.slice(-2)).toEqual(["MFR_COMMS_RECEIVED_2020-2024.zip", "MFR_COMMS_RECEIVED_2025-2026.zip"]);
    expect(periodStartsFor(2021, at("2026-06-01T00:00:00Z"))).toEqual([2020, 2025]);
    expect(periodStartsFor(2026, at("2026-06-01T00:00:00Z"))).toEqual([2025]);
    expect(periodStartsFor(2025, at("2026-06-01T00:00:00Z"))).toEqual([2020, 2025]);
    expect(periodStartsFor(1990, at("2001-06-01T00:00:00Z"))).toEqual([1995, 2000]);
  });

  test("a file names its period, or none", () => {
    expect(periodInName("MFR_COMMS_RECEIVED_2020-2024.zip")).toBe("2020-2024");
    expect(periodInName("MFR_COMMS_RECEIVED_2025-2026.csv")).toBe("2025-2026");
    expect(periodInName("bulletins.csv")).toBeNull();
    expect(periodInName("x_2021-2024.csv")).toBeNull(); // not a period's first year
  });
});

describe("records", () => {
  test("a row: NHTSA's ID, the vehicle, one vehicle per listed year (9999 left out)", () => {
    const row = parseMfrCommsRecord([
      "11021817",
      " BMW ",
      "M3",
      "2019, 2020,2021, 9999",
      "TSB 21-123-45: tie rod creak",
    ]);
    expect(row).toMatchObject({
      ok: true,
      bulletin: { nhtsaId: 11021817, documentId: "21-123-45", type: "bulletin", issuedOn: null },
    });
    expect(row.ok && row.vehicles.map((v) => [v.year, v.make, v.makeKey, v.modelKey])).toEqual([
      [2019, "BMW", "BMW", "M3"],
      [2020, "BMW", "BMW", "M3"],
      [2021, "BMW", "BMW", "M3"],
    ]);
    expect(modelYears("9999")).toEqual([]);
  });

  test("malformed rows say why", () => {
    expect(parseMfrCommsRecord(["TSB/Document ID", "Make", "Model", "Model Year", "Concise Summary"])).toEqual({
      ok: false,
      reason: "header",
    });
    expect(parseMfrCommsRecord(["1", "A", "B", "2020"])).toEqual({ ok: false, reason: "columns" });
    expect(parseMfrCommsRecord(["ABC", "A", "B", "2020", "s"])).toEqual({ ok: false, reason: "bad_id" });
    expect(parseMfrCommsRecord(["1", "", "B", "2020", "s"])).toEqual({ ok: false, reason: "no_vehicle" });
    expect(parseMfrCommsRecord(["1", "A", "B", "9999", "s"])).toEqual({ ok: false, reason: "no_year" });
  });
});

describe("classification", () => {
  test("types by keyword, in order", () => {
    expect(bulletinType("Over-the-air software update of the infotainment unit, bulletin 22-1")).toBe(
      "over_the_air_update",
    );
    expect(bulletinType("Special coverage adjustment: the warranty extension covers the pump")).toBe(
      "warranty_extension",
    );
    expect(bulletinType("Honda extends the new vehicle warranty on the A/C condenser")).toBe("warranty_extension");
    expect(bulletinType("Customer satisfaction program 20SA01: replace the latch")).toBe("service_campaign");
    expect(bulletinType("Technical service bulletin: rattle from the dash")).toBe("bulletin");
    expect(bulletinType("The engine may stall at idle. Replace the sensor.")).toBe("other");
  });

  test("the manufacturer's number only after a label, never a year or a word", () => {
    expect(documentIdFrom("Bulletin No. SB-10054527: TPMS")).toBe("SB-10054527");
    expect(documentIdFrom("NTB13-088 TPMS interference")).toBe("NTB13-088");
    expect(documentIdFrom("Campaign #20SA01 latch")).toBe("20SA01");
    expect(documentIdFrom("This bulletin 2021 describes")).toBeNull();
    expect(documentIdFrom("This bulletin describes a noise")).toBeNull();
    expect(documentIdFrom("Engine stalls")).toBeNull();
  });
});
