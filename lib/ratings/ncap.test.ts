/** NCAP answers read and matched: real SafetyRatings answers for the 2015 Audi A3 (tests/fixtures/buyer-data). */
import fixture from "../../tests/fixtures/buyer-data/ncap-2015-audi-a3.json";
import { markFits } from "../vin";
import { traits } from "../../tests/support/vin-traits";
import { ncapDifferences, ncapVariantTraits } from "./ncap-match";
import { readNcapRatings, readNcapVariants, stars } from "./nhtsa-rows";

describe("NCAP answers", () => {
  it("reads the tested variants of a year/make/model", () => {
    expect(readNcapVariants(fixture.variants)).toEqual([
      { vehicleId: 9403, description: "2015 Audi A3 4 DR AWD" },
      { vehicleId: 9408, description: "2015 Audi A3 4 DR FWD" },
      { vehicleId: 9405, description: "2015 Audi A3 C AWD" },
      { vehicleId: 9406, description: "2015 Audi A3 C FWD" },
    ]);
    expect(readNcapVariants({ error: "x" })).toBeNull();
  });

  it("reads stars, and 'Not Rated' as unknown rather than zero", () => {
    expect(readNcapRatings(fixture.vehicles["9403"])).toMatchObject({
      overall: 5,
      frontCrash: 4,
      frontCrashDriver: 4,
      frontCrashPassenger: 5,
      sideCrash: 5,
      sidePole: 5,
      rollover: 4,
      rolloverRiskPercent: 10.9,
      forwardCollisionWarning: "Optional",
      electronicStabilityControl: null,
    });
    const unrated = readNcapRatings(fixture.vehicles["9405"])!;
    expect(unrated.overall).toBeNull();
    expect(unrated.rolloverRiskPercent).toBeNull(); // NHTSA sends 0 for "not rolled": not "no risk"
    expect(stars("0")).toBeNull();
    expect(stars("Not Rated")).toBeNull();
  });
});

describe("matching a VIN to NCAP variants", () => {
  it("reads body and drive from NHTSA's descriptions", () => {
    expect(ncapVariantTraits("2015 Audi A3 4 DR AWD")).toMatchObject({ body: "sedan", doors: 4, drive: "AWD" });
    expect(ncapVariantTraits("2015 Audi A3 C FWD")).toMatchObject({ body: "convertible", drive: "FWD" });
    expect(ncapVariantTraits("2019 Ford F150 SuperCrew PU/CC 4WD")).toMatchObject({
      body: "pickup",
      cab: "crew",
      drive: "4WD",
    });
    expect(ncapVariantTraits("2013 Acura RDX SUV FWD")).toMatchObject({ body: "suv", drive: "FWD" });
  });

  it("a sedan with unknown drive: both sedans are candidates, the convertibles excluded", () => {
    const rows = readNcapVariants(fixture.variants)!;
    const { marked, selection } = markFits(rows, (r) =>
      ncapDifferences(r.description, traits({ body: "sedan", doors: 4 })),
    );
    expect(selection).toBe("several");
    expect(marked.map((m) => [m.variant.vehicleId, m.fit])).toEqual([
      [9403, "candidate"],
      [9408, "candidate"],
      [9405, "excluded"],
      [9406, "excluded"],
    ]);
    expect(marked[2].differences[0]).toMatch(/body: tested convertible/);
  });

  it("a sedan with front-wheel drive: one match", () => {
    const rows = readNcapVariants(fixture.variants)!;
    const { marked, selection } = markFits(rows, (r) =>
      ncapDifferences(r.description, traits({ body: "sedan", drive: "FWD" })),
    );
    expect(selection).toBe("one");
    expect(marked[0]).toMatchObject({ fit: "match", variant: { vehicleId: 9408 } });
  });

  it("AWD and 4WD are one driveline group; nothing known excludes nothing", () => {
    expect(ncapDifferences("2015 Audi A3 4 DR AWD", traits({ drive: "4WD" }))).toEqual([]);
    expect(ncapDifferences("2015 Audi A3 C FWD", traits({}))).toEqual([]);
    expect(ncapDifferences("2019 Ford F150 PU/RC 2WD", traits({ drive: "RWD", cab: "crew" }))).toEqual([
      "cab: tested regular cab, the VIN decodes to crew cab",
    ]);
  });
});
