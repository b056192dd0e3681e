import { makeKey, modelCore, nameKey, sameMake, sameModel } from "./names";
import { nameFromSlug, slugify } from "./slugs";

// Real pairs: NHTSA recall make/model (recallsByVehicle answers of MY2022 and 2024 campaigns) and the vPIC
// make/model the same vehicles decode to (vPIC Make/Model/Make_Model tables).
const MATCHING_PAIRS: [make: string, nhtsa: string, vpic: string][] = [
  ["CHEVROLET", "SILVERADO 1500", "Silverado"],
  ["CHEVROLET", "SILVERADO 1500", "Silverado LD"],
  ["CHEVROLET", "SILVERADO 2500", "Silverado HD"],
  ["CHEVROLET", "SILVERADO 1500 LTD", "Silverado LTD"],
  ["GMC", "SIERRA 1500", "Sierra"],
  ["GMC", "SIERRA 2500", "Sierra HD"],
  ["GMC", "SIERRA 1500 LIMITED", "Sierra Limited"],
  ["FORD", "F-150", "F-150"],
  ["FORD", "F150", "F-150"],
  ["FORD", "ESCAPE PHEV", "Escape"],
  ["RAM", "1500", "1500"],
  ["RAM", "PROMASTER", "ProMaster 2500"],
  ["DODGE", "DURANGO", "Durango"],
  ["TOYOTA", "RAV4 HYBRID", "RAV4"],
  ["TOYOTA", "RAV4 PRIME", "RAV4 Prime (PHEV)"],
  ["TOYOTA", "PRIUS PRIME", "Prius Prime (PHEV)"],
  ["HONDA", "CR-V HYBRID", "CR-V"],
  ["HYUNDAI", "SANTA FE PLUG-IN HYBRID", "Santa Fe"],
  ["HYUNDAI", "IONIQ HYBRID", "Ioniq"],
  ["LEXUS", "ES 350", "ES"],
  ["LEXUS", "NX 350H", "NX"],
  ["LAND ROVER", "DEFENDER 110", "Defender"],
  ["BMW", "745E XDRIVE", "745e"],
  ["BMW", "3 SERIES", "330i"],
  ["MERCEDES-BENZ", "C300", "C-Class"],
  ["MERCEDES-BENZ", "GLE350", "GLE-Class"],
  ["AUDI", "AUDI A3", "A3"],
  ["POLESTAR", "POLESTAR 2", "PS2"],
  ["JEEP", "GRAND CHEROKEE PHEV", "Grand Cherokee"],
  ["JEEP", "WRANGLER UNLIMITED", "Wrangler"],
  ["FORD", "F-150 SUPER CREW", "F-150"],
  ["ALFA", "GIULIA", "Giulia (952)"],
];

// Different vehicles that share words: matching them would list another vehicle's recalls.
const DIFFERENT: [make: string, a: string, b: string][] = [
  ["FORD", "TRANSIT", "Transit Connect"],
  ["FORD", "MUSTANG", "Mustang Mach-E"],
  ["FORD", "F-150", "F-250"],
  ["CHEVROLET", "SILVERADO 2500 HD", "Silverado LD"],
  ["CHEVROLET", "SILVERADO 1500", "Silverado HD"],
  ["HYUNDAI", "IONIQ 5", "Ioniq"],
  ["DODGE", "RAM 3500 CHASSIS CAB", "Ram"],
  ["AUDI", "E-TRON GT", "e-tron"],
  ["JEEP", "GRAND CHEROKEE", "Cherokee"],
];

describe("make/model matching between NHTSA recall names and vPIC names", () => {
  test.each(MATCHING_PAIRS)("%s %s ↔ vPIC %s", (make, nhtsa, vpic) => {
    expect(sameModel(vpic, nhtsa, make)).toBe(true);
    expect(sameModel(nhtsa, vpic, make)).toBe(true);
  });

  test.each(DIFFERENT)("%s %s ≠ %s", (make, a, b) => {
    expect(sameModel(a, b, make)).toBe(false);
  });

  test("makes compare by key and known aliases", () => {
    expect(sameMake("MERCEDES-BENZ", "Mercedes-Benz")).toBe(true);
    expect(sameMake("LAND ROVER", "Land Rover")).toBe(true);
    expect(sameMake("ALFA", "Alfa Romeo")).toBe(true);
    expect(sameMake("VW", "Volkswagen")).toBe(true);
    expect(sameMake("FORD", "Lincoln")).toBe(false);
    expect(makeKey("Mercedes-Benz")).toBe("MERCEDESBENZ");
  });

  test("keys and cores", () => {
    expect(nameKey("F-150")).toBe("F150");
    expect(nameKey("Citroën C4")).toBe("CITROENC4");
    expect(modelCore("SILVERADO 2500 HD")).toBe("SILVERADO");
    expect(modelCore("1500")).toBe("1500");
  });
});

describe("slugify", () => {
  test.each([
    ["Mercedes-Benz", "mercedes-benz"],
    ["F-150", "f-150"],
    ["Grand Cherokee L", "grand-cherokee-l"],
    ["RAV4 Prime (PHEV)", "rav4-prime-phev"],
    ["  Land Rover ", "land-rover"],
  ])("%s → %s", (name, slug) => expect(slugify(name)).toBe(slug));
});

describe("nameFromSlug (last-resort names from a page URL)", () => {
  test.each([
    ["grand-cherokee", "GRAND CHEROKEE"],
    ["silverado-1500", "SILVERADO 1500"],
    ["f-150", "F-150"],
    ["cr-v", "CR-V"],
    ["cx-5", "CX-5"],
  ])("%s → %s", (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name);
  });
});

describe("nameKey as the vPIC catalog's key (lib/vin/catalog.ts)", () => {
  test("a name, its other spellings and its URL slug are one key, accents included", () => {
    for (const name of ["Mercedes-Benz", "LES ÉQUIPEMENTS WOODY", "Citroën", "Edison²"]) {
      expect(nameKey(slugify(name))).toBe(nameKey(name));
      expect(nameKey(name.toLowerCase().replace(/-/g, " "))).toBe(nameKey(name));
    }
  });
});
