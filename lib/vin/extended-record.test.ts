/**
 * decoded.extended: typed values from a full-vPIC-shaped file (synthetic, with the extended elements'
 * patterns), and the parsing of NHTSA's texts.
 */
import { decodeVinWith } from "./decoder";
import {
  parseChargerLevel,
  parseElectrification,
  parseEquipment,
  parseGvwrClass,
  parseNumber,
  toExtendedRecord,
} from "./extended-record";
import { buildSyntheticVpic, withCheckDigit } from "../../tests/support/synthetic-vpic";
import { loadVpicData } from "./vpic-data";

describe("decoded.extended from local vPIC data", () => {
  test("an equipped electric car: booleans, numbers and enums, all local", () => {
    const data = loadVpicData(buildSyntheticVpic());
    const r = decodeVinWith(data, withCheckDigit("TSTWXXLX0KP123456"), new Date("2026-01-01"));
    if (!r.ok) throw new Error("expected a decode");
    const x = r.decoded.extended;
    expect(x.safety.abs).toEqual({ value: "standard", source: "local" });
    expect(x.safety.adaptiveCruiseControl).toEqual({ value: "optional", source: "local" });
    expect(x.safety.frontAirbags).toEqual({ value: "1st Row (Driver and Passenger)", source: "local" });
    expect(x.electrification.level).toEqual({ value: "BEV", source: "local" });
    expect(x.electrification.batteryKWh).toEqual({ value: 75.5, source: "local" });
    expect(x.body.seats).toEqual({ value: 5, source: "local" });
    expect(x.body.gvwrClass).toEqual({ value: "1C", source: "local" });
    expect(x.powertrain.turbo).toEqual({ value: false, source: "local" });
    // Unknown is null, never false or zero.
    expect(x.safety.electronicStabilityControl).toBeNull();
    expect(x.body.doors).toBeNull();
  });

  test("a vehicle without those patterns has every extended value null", () => {
    const data = loadVpicData(buildSyntheticVpic());
    const r = decodeVinWith(data, withCheckDigit("TSTAXXLX0KP123456"), new Date("2026-01-01"));
    if (!r.ok) throw new Error("expected a decode");
    for (const group of Object.values(r.decoded.extended)) for (const v of Object.values(group)) expect(v).toBeNull();
  });
});

describe("parsing NHTSA's texts", () => {
  test("equipment, numbers, electrification, charger level, GVWR class", () => {
    expect(parseEquipment("Standard")).toBe("standard");
    expect(parseEquipment("Optional")).toBe("optional");
    expect(parseEquipment("Not Available")).toBe("not_available");
    expect(parseEquipment("1st Row")).toBeNull();
    expect(parseNumber("60 - 75")).toBe(60);
    expect(parseNumber("1,234.5")).toBe(1234.5);
    expect(parseNumber("about 60")).toBeNull();
    expect(parseElectrification("PHEV (Plug-in Hybrid Electric Vehicle)")).toBe("PHEV");
    expect(parseElectrification("Strong HEV (Hybrid Electric Vehicle)")).toBe("strong_HEV");
    expect(parseElectrification("HEV (Hybrid Electric Vehicle) - Level Unknown")).toBe("HEV");
    expect(parseChargerLevel("Level 2")).toBe("level_2");
    expect(parseChargerLevel("DC Fast")).toBe("dc_fast");
    expect(parseGvwrClass("Class 2E: 6,001 - 7,000 lb (2,722 - 3,175 kg)")).toBe("2E");
    expect(parseGvwrClass("Class 8: 33,001 lb and above (14,969 kg and above)")).toBe("8");
    expect(parseGvwrClass("6,000 lb")).toBeNull();
  });

  test("values NHTSA's live API supplied say so", () => {
    const x = toExtendedRecord({ ABS: "Standard", Seats: "5", BatteryKWh: "Not Applicable" }, new Set(["Seats"]));
    expect(x.safety.abs).toEqual({ value: "standard", source: "local" });
    expect(x.body.seats).toEqual({ value: 5, source: "live" });
    expect(x.electrification.batteryKWh).toBeNull();
  });
});
