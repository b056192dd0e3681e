import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeVinWith, type DecodeResult } from "./decoder";
import { buildSyntheticVpic, exceptedVin, withCheckDigit } from "../../tests/support/synthetic-vpic";
import { ensureVpicSnapshot, loadVpicData, type VpicData } from "./vpic-data";

const NOW = new Date("2026-06-01T00:00:00Z");
let data: VpicData;
beforeAll(() => {
  data = loadVpicData(buildSyntheticVpic(), { now: NOW });
});

/** Decodes a 17-character VIN template after putting the right check digit in position 9. */
function decode(template: string): Extract<DecodeResult, { ok: true }> {
  const result = decodeVinWith(data, withCheckDigit(template), NOW);
  if (!result.ok) throw new Error(`expected a decode, got ${result.reason} (${result.errorCodes})`);
  return result;
}

describe("conflict order", () => {
  it("priority: the schema linked with the later YearFrom wins", () => {
    expect(decode("TSTAXXLX0KP123456").elements.Model).toBe("Beta"); // 2019: schemas 2015 and 2018
    expect(decode("TSTAXXLX0GP123456").elements.Model).toBe("Alpha"); // 2016: only the 2015 schema
  });
  it("newest edit (coalesce(UpdatedOn, CreatedOn)) wins", () => {
    expect(decode("TSTBXXLX0KP123456").elements.Trim).toBe("New");
  });
  it("fewer literal characters win", () => {
    expect(decode("TSTC1XLX0KP123456").elements.Trim).toBe("Short");
  });
  it("then the bracketless key sorting first, then the lower pattern id", () => {
    expect(decode("TSTD2XLX0KP123456").elements.Series).toBe("Second"); // only "D2" matches
    expect(decode("TSTD22LX0KP123456").elements.Series).toBe("First");
    expect(decode("TSTEXXLX0KP123456").elements.Series).toBe("Lower id");
  });
  it("never uses schemas waiting for QC or private elements", () => {
    expect(decode("TSTAXXLX0KP123456").elements.Series).toBeUndefined();
    expect(decode("TSTJXXLX0KP123456").elements.NCSANote).toBeUndefined();
  });
  it("keeps every match of a multi-valued element", () => {
    expect(decode("TSTJXXLX0KP123456").elements.OtherEngineInfo).toBe("first note, second note");
  });
});

describe("keys and values", () => {
  it("matches bracket keys, including [1-A] on position 11", () => {
    const r = decode("TSTGXXLX0K1123456");
    expect(r.elements.BodyClass).toBe("Coupe");
    expect(r.elements.PlantCity).toBe("BRACKETVILLE");
    expect(decode("TSTGXXLX0KA123456").elements.PlantCity).toBe("BRACKETVILLE");
    expect(decode("TSTGXXLX0KB123456").elements.PlantCity).toBeUndefined();
    expect(decode("TSTGXXLX0KP123456").elements.PlantCity).toBe("PLAINVILLE");
  });
  it("takes a formula (#) value from the VIN", () => {
    expect(decode("TSTD26LX0KP123456").elements.EngineCylinders).toBe("6");
    expect(decode("TSTD28LX0KP123456").decoded.engine.cylinders).toBe(8);
  });
  it("resolves lookups through Element.LookupTable and drops ids of missing tables", () => {
    const r = decode("TSTJXXLX0KP123456");
    expect(r.elements.DriveType).toBe("AWD/All-Wheel Drive");
    expect(r.decoded.driveType).toBe("AWD");
    expect(r.elements.PlantCountry).toBe("UNITED STATES (USA)");
    expect(decode("TSTXXXLZ0KP123456").elements.EngineConfiguration).toBeUndefined();
  });
  it("pulls in engine-model patterns and converts displacement into empty elements only", () => {
    const r = decode("TSTXXXEX0KP123456");
    expect(r.elements.EngineModel).toBe("ENG1");
    expect(r.elements.DisplacementL).toBe("2.0");
    expect(r.elements.EngineCylinders).toBe("4");
    expect(r.elements.DisplacementCC).toBe("2000.0");
    expect(Number(r.elements.DisplacementCI)).toBeCloseTo(122.047, 2);
    expect(r.decoded.engine.displacementLiters).toBe("2.0");
  });
  it("takes Make from the Model, else from the WMI's single Wmi_Make row; the rest from the WMI", () => {
    const r = decode("TSTAXXLX0KP123456");
    expect(r.elements.Make).toBe("TESTA");
    expect(r.elements.Manufacturer).toBe("TESTA MOTORS INC.");
    expect(r.elements.VehicleType).toBe("PASSENGER CAR");
    const noModel = decode("TSTXXXEX0KP123456");
    expect(noModel.elements.Make).toBe("TESTA");
    expect(noModel.elements.Model).toBeUndefined();
  });
});

describe("model year", () => {
  it("position 7 letter: 2010 cycle for a car", () => {
    expect(decode("TSTAXXLX0KP123456").elements.ModelYear).toBe("2019");
  });
  it("position 7 digit says 1989, but only 2019 has schemas: NHTSA uses 2019", () => {
    expect(decode("TSTAXX1X0KP123456").elements.ModelYear).toBe("2019");
  });
  it("decodes both cycles for other vehicle types and keeps the better pass", () => {
    const r = decode("TS9MXXXX0AXABC123"); // motorcycle maker: 2010 or 1980; only 2010 has a schema
    expect(r.elements.ModelYear).toBe("2010");
    expect(r.elements.AdditionalErrorText).toContain("Model Year decoded for this VIN may be incorrect");
  });
  it("keeps the pass with fewer errors, then more element weight", () => {
    // 2010 decodes model, body and plant; 1980 only a model: equal errors, 2010 weighs more.
    expect(decode("TS9MXXXX0AXABC123").elements.Model).toBe("Gamma");
    // Only the 1980s schema knows "N": the 2010 pass ends with error 8 and loses.
    const r = decode("TS9NXXXX0AXABC123");
    expect(r.elements.ModelYear).toBe("1980");
    expect(r.elements.Model).toBe("Delta");
    expect(r.elements.Make).toBe("OTHER");
  });
  it("error 11 for a position 10 that is no year code, decoding every schema", () => {
    const r = decode("TSTAXXLX0UP123456");
    expect(r.errorCodes).toContain("11");
    expect(r.elements.ModelYear).toBeUndefined();
    expect(r.elements.Model).toBe("Beta");
  });
});

describe("6-character WMIs", () => {
  it("uses positions 1-3 + 12-14 and a 14-character descriptor", () => {
    const r = decode("TS9MXXXX0AXABC123");
    expect(r.elements.Make).toBe("BIKECO");
    expect(r.elements.Model).toBe("Gamma");
    expect(r.elements.Manufacturer).toBe("SMALL BIKES LLC");
    expect(r.elements.VehicleType).toBe("MOTORCYCLE");
    expect(r.elements.PlantCity).toBe("TINYTOWN");
    expect(r.descriptor).toBe("TS9MXXXX*AXABC");
  });
});

describe("error codes", () => {
  it("0 with 14 and the unused positions when positions 5-8 carry no pattern", () => {
    const r = decode("TSTAXXLX0KP123456");
    expect(r.errorCodes).toEqual(["0", "14"]);
    expect(r.errorText).toBe(
      "0 - VIN decoded clean. Check Digit (9th position) is correct; 14 - Unable to provide information for some of the characters in the VIN, based on the manufacturer submission.",
    );
    expect(r.elements.AdditionalErrorText).toContain("Unused position(s): 5,6,7,8.");
  });
  it("1 when the check digit does not calculate, still decoded", () => {
    const good = withCheckDigit("TSTAXXLX0KP123456");
    const bad = good.slice(0, 8) + (good[8] === "1" ? "2" : "1") + good.slice(9);
    const r = decodeVinWith(data, bad, NOW);
    expect(r.ok && r.errorCodes).toContain("1");
    expect(r.ok && r.elements.Model).toBe("Beta");
    expect(r.checkDigit.valid).toBe(false);
  });
  it("no 1 for a VIN whose check digit the manufacturer had excepted (VinException)", () => {
    const r = decodeVinWith(data, exceptedVin(), NOW);
    expect(r.errorCodes).toEqual(["0", "14"]);
    expect(r.errorText).toContain("NOTE: Check Digit Exception");
    expect(r.checkDigit.valid).toBe(false);
  });
  it("10 for an off-road body class, with NHTSA's note on a failing check digit", () => {
    const good = withCheckDigit("TSTKXXLX0KP123456");
    const bad = good.slice(0, 8) + (good[8] === "1" ? "2" : "1") + good.slice(9);
    const r = decodeVinWith(data, bad, NOW);
    expect(r.errorCodes).toEqual(["1", "10", "14"]); // 14: positions 5-8 carry no pattern here
    expect(r.errorText).toContain(
      "1 - Check Digit (9th position) does not calculate properly NOTE: Disregard if this is an off-road vehicle PIN",
    );
    expect(decodeVinWith(data, good, NOW).errorCodes).toEqual(["0", "10", "14"]);
  });
  it("400 for a letter in the serial digits, and for I/O/Q", () => {
    expect(decodeVinWith(data, withCheckDigit("TSTAXXLX0KP1234X6"), NOW).errorCodes).toContain("400");
    expect(decodeVinWith(data, "TSTAIXLX0KP123456", NOW).errorCodes).toContain("400");
  });
  it("7 for a WMI NHTSA does not publish (unknown_wmi)", () => {
    const r = decodeVinWith(data, withCheckDigit("TSXAXXLX0KP123456"), NOW);
    expect(r).toMatchObject({ ok: false, reason: "unknown_wmi", errorCodes: ["7"] });
    expect(r.errorText).toContain("7 - Manufacturer is not registered with NHTSA");
  });
  it("8 when no pattern matches (no_pattern)", () => {
    const r = decodeVinWith(data, withCheckDigit("TSNAXXLX0KP123456"), NOW);
    expect(r).toMatchObject({ ok: false, reason: "no_pattern" });
    expect(r.errorCodes).toContain("8");
  });
  it("refuses input that is not 17 letters and digits", () => {
    expect(() => decodeVinWith(data, "TSTAXXLX0KP12345", NOW)).toThrow(/17/);
  });
});

describe("vehicle specs (full vPIC)", () => {
  it("fill empty elements when every key row is decoded, for the schema's years", () => {
    const full = loadVpicData(buildSyntheticVpic({ vehicleSpecs: true }), { now: NOW });
    const r = decodeVinWith(full, withCheckDigit("TSTAXXLX0KP123456"), NOW);
    if (!r.ok) throw new Error("expected a decode");
    expect(r.elements.DriveType).toBe("FWD/Front-Wheel Drive");
    expect(r.decoded.driveType).toBe("FWD");
    expect(r.elements.Trim).toBe("SpecTrim");
    expect(r.elements.PlantCity).toBe("PLAINVILLE");
    expect(r.elements.Series).toBeUndefined();
    // DefaultValue rows fill what is still empty; the spec's trim came first.
    expect(r.elements.EngineConfiguration).toBe("Not Applicable");
    expect(r.elements.Doors).toBeUndefined(); // element 14 is not in this file's Element table
    expect(r.elements.Trim).toBe("SpecTrim");
    const otherYear = decodeVinWith(full, withCheckDigit("TSTAXXLX0LP123456"), NOW); // 2020
    expect(otherYear.ok && otherYear.elements.DriveType).toBeUndefined();
    expect(otherYear.ok && otherYear.elements.Trim).toBe("Default trim");
  });
});

describe("descriptor model-year overrides", () => {
  it("use the file's VinDescriptor table, else NHTSA's 2026-09 list", () => {
    const full = loadVpicData(buildSyntheticVpic({ vehicleSpecs: true }), { now: NOW });
    const r = decodeVinWith(full, withCheckDigit("TSTAXXLY0KP123456"), NOW);
    expect(r.ok && r.elements.ModelYear).toBe("2016");
    expect(r.ok && r.elements.Model).toBe("Alpha");
    expect(data.descriptorYears.get("YV40621A*P1")).toBe(2023);
  });
});

describe("compiled snapshot", () => {
  it("a second load reads the snapshot and decodes identically", () => {
    const file = buildSyntheticVpic();
    const cacheDir = mkdtempSync(path.join(tmpdir(), "vpic-cache-"));
    const first = loadVpicData(file, { now: NOW, cacheDir });
    const second = loadVpicData(file, { now: NOW, cacheDir });
    expect(first.stats.fromSnapshot).toBe(false);
    expect(second.stats.fromSnapshot).toBe(true);
    // Its typed arrays own their memory: none is a view keeping the whole file read back alive.
    for (const array of [second.patternIndex, second.patterns.id, second.patterns.changedOn])
      expect(array.buffer.byteLength).toBe(array.byteLength);
    for (const template of [
      "TSTAXXLX0KP123456",
      "TSTD26LX0KP123456",
      "TSTGXXLX0KA123456",
      "TS9NXXXX0AXABC123",
      "TSTXXXEX0KP123456",
    ]) {
      const vin = withCheckDigit(template);
      expect(decodeVinWith(second, vin, NOW)).toEqual(decodeVinWith(first, vin, NOW));
    }
  });
});

describe("ensureVpicSnapshot (install and start)", () => {
  it("writes the snapshot a later load reads, and leaves one that is there alone", () => {
    const file = buildSyntheticVpic();
    const cacheDir = mkdtempSync(path.join(tmpdir(), "vpic-cache-"));
    ensureVpicSnapshot(file, cacheDir);
    const [written] = readdirSync(cacheDir);
    expect(written).toMatch(/^vpic-tables-.*\.bin$/);
    const writtenAt = statSync(path.join(cacheDir, written)).mtimeMs;
    ensureVpicSnapshot(file, cacheDir);
    expect(readdirSync(cacheDir)).toEqual([written]);
    expect(statSync(path.join(cacheDir, written)).mtimeMs).toBe(writtenAt);
    expect(loadVpicData(file, { now: NOW, cacheDir }).stats.fromSnapshot).toBe(true);
  });
});

describe("other vPIC conversions", () => {
  it("decode the same from a file with other optional columns (changedon, no weights)", () => {
    const other = loadVpicData(buildSyntheticVpic({ conversion: true }), { now: NOW });
    for (const template of [
      "TSTAXXLX0KP123456",
      "TSTBXXLX0KP123456",
      "TSTD22LX0KP123456",
      "TSTGXXLX0K1123456",
      "TSTXXXEX0KP123456",
    ]) {
      const vin = withCheckDigit(template);
      expect(decodeVinWith(other, vin, NOW)).toEqual(decodeVinWith(data, vin, NOW));
    }
  });
});
