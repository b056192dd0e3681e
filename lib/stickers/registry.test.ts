import { resetConfigForTests } from "../config";
import { wmisForMake } from "../vin";
import {
  MANUFACTURER_GROUPS,
  matchManufacturer,
  SUPPORTED_GROUPS,
  supportedLabels,
  UNSUPPORTED_GROUPS,
} from "./registry";

beforeAll(() => resetConfigForTests());

test("five supported groups with twelve makes, and the two unsupported groups", () => {
  expect(SUPPORTED_GROUPS).toHaveLength(5);
  expect(SUPPORTED_GROUPS.flatMap((g) => g.makes)).toHaveLength(12);
  expect(UNSUPPORTED_GROUPS.map((g) => g.label)).toEqual(["Toyota / Lexus", "Kia"]);
  expect(supportedLabels()).toEqual([
    "GM (Chevrolet, GMC, Buick, Cadillac)",
    "Stellantis (Chrysler, Dodge, Jeep, Ram)",
    "Ford / Lincoln",
    "Hyundai",
    "Genesis",
  ]);
});

test("every registered make is a vPIC make with WMIs, and a VIN of each of its WMIs matches its group", () => {
  for (const group of MANUFACTURER_GROUPS) {
    for (const make of group.makes) {
      const wmis = wmisForMake(make);
      expect(wmis.length).toBeGreaterThan(0);
      const vin = `${wmis[0]}AAAAAA1234567`.padEnd(17, "0");
      expect(matchManufacturer(vin, make)).toMatchObject({ group: { id: group.id }, brand: make, ambiguous: false });
    }
  }
  expect(wmisForMake("Chevrolet")).toEqual(expect.arrayContaining(["1G1", "1GC", "3GN"]));
  expect(wmisForMake("Ford")).toEqual(expect.arrayContaining(["1FA", "1FT", "1FM"]));
});

test.each([
  ["1GCUYDED5NZ123456", "gm", "Chevrolet", false],
  ["1FTFW1E50PFA12345", "ford", "Ford", false],
  ["2LMPJ8K95NBL12345", "ford", "Lincoln", false],
  ["JTDKARFU0J3512345", "toyota", "Toyota", false],
  ["KNAE55LC0J6012345", "kia", "Kia", false],
])("%s belongs to %s (%s) by its WMI", (vin, group, brand, ambiguous) => {
  const match = matchManufacturer(vin);
  expect(match.group?.id).toBe(group);
  expect(match.brand).toBe(brand);
  expect(match.ambiguous).toBe(ambiguous);
});

test("a WMI several makes share is settled by the decoded make", () => {
  expect(matchManufacturer("KMHLM4AG5PU123456").ambiguous).toBe(true);
  expect(matchManufacturer("KMHLM4AG5PU123456").group?.supported).toBe(true);
  expect(matchManufacturer("KMHLM4AG5PU123456", "GENESIS")).toMatchObject({ brand: "Genesis", ambiguous: false });
  expect(matchManufacturer("KNDJ23AU5N7123456", "Kia").group?.id).toBe("kia");
});

test("a make with no sticker source has no group but keeps its name", () => {
  const honda = matchManufacturer("1HGCV1F30LA012345");
  expect(honda.group).toBeNull();
  expect(honda.brand).toBe("Honda");
  expect(matchManufacturer("ZZZZZZZZZZZZZZZZZ")).toEqual({ group: null, brand: "Unknown", ambiguous: false });
});

test("a WMI NHTSA does not publish still names its make; a WMI ending in 9 names a small maker by positions 12-14", () => {
  expect(matchManufacturer("LRW3E7FA5MC123456")).toEqual({ group: null, brand: "Tesla", ambiguous: false });
  expect(matchManufacturer("VF9AB1C23D4795123")).toEqual({ group: null, brand: "Bugatti", ambiguous: false });
});
