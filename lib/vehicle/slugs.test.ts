import { isSlug, slugify, vehicleSlugKey } from "./slugs";
import { PricingPathParams } from "../pricing";

describe("slugify", () => {
  it.each([
    ["Land Rover", "land-rover"],
    ["Range Rover Sport", "range-rover-sport"],
    ["F-150", "f-150"],
    ["CX-5", "cx-5"],
    ["Model 3", "model-3"],
    ["Mercedes-Benz", "mercedes-benz"],
    ["Silverado 1500", "silverado-1500"],
    ["ID.4", "id-4"],
    ["  RAV4 ", "rav4"],
    ["Citroën C5 Aircross", "citroen-c5-aircross"],
    ["R/T", "r-t"],
    ["Mustang Mach-E", "mustang-mach-e"],
  ])("%s → %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });

  it("is idempotent: a slug slugifies to itself", () => {
    for (const s of ["land-rover", "f-150", "model-3"]) expect(slugify(s)).toBe(s);
  });

  it.each(["", "-ford", "ford-", "for--d", "land rover", "f_150", "mercedes+benz", "x".repeat(65)])(
    "rejects %j as a slug",
    (value) => {
      expect(isSlug(value)).toBe(false);
    },
  );
});

describe("vehicleSlugKey", () => {
  it("keys stored answers by year and the slugs of make and model, so spellings of one name share a row", () => {
    expect(vehicleSlugKey({ year: 2024, make: "Land Rover", model: "Range Rover Sport" })).toBe(
      "2024|land-rover|range-rover-sport",
    );
    expect(vehicleSlugKey({ year: 2024, make: "LAND ROVER", model: "range rover  sport" })).toBe(
      "2024|land-rover|range-rover-sport",
    );
  });
});

describe("pricing path parameters", () => {
  const ok = (make: string, model: string, year: string) => PricingPathParams.safeParse({ make, model, year });

  it("accepts slugs and folds upper case", () => {
    expect(ok("Land-Rover", "Range-Rover-Sport", "2024").data).toEqual({
      make: "land-rover",
      model: "range-rover-sport",
      year: 2024,
    });
  });

  it.each([
    ["toyota", "camry", "2019"],
    ["toyota", "camry", "2031"],
    ["toyota", "camry", "20x4"],
    ["toyota", "camry", "2024.0"],
    ["toyota", "camry", ""],
    ["toy ota", "camry", "2024"],
    ["toyota", "camry_le", "2024"],
    ["toyota", "-camry", "2024"],
  ])("rejects %s/%s/%s", (make, model, year) => {
    expect(ok(make, model, year).success).toBe(false);
  });
});
