import { isCarMpvLightTruck, otherCycle, readModelYear, yearCodeToLaterCycle } from "./model-year";

describe("position 10 year codes", () => {
  it("maps the 2010-2039 cycle", () => {
    expect(yearCodeToLaterCycle("A")).toBe(2010);
    expect(yearCodeToLaterCycle("H")).toBe(2017);
    expect(yearCodeToLaterCycle("J")).toBe(2018);
    expect(yearCodeToLaterCycle("N")).toBe(2022);
    expect(yearCodeToLaterCycle("P")).toBe(2023);
    expect(yearCodeToLaterCycle("R")).toBe(2024);
    expect(yearCodeToLaterCycle("T")).toBe(2026);
    expect(yearCodeToLaterCycle("V")).toBe(2027);
    expect(yearCodeToLaterCycle("Y")).toBe(2030);
    expect(yearCodeToLaterCycle("1")).toBe(2031);
    expect(yearCodeToLaterCycle("9")).toBe(2039);
  });
  it("has no year for I, O, Q, U, Z and 0", () => {
    for (const c of "IOQUZ0") expect(yearCodeToLaterCycle(c)).toBeNull();
  });
});

describe("readModelYear", () => {
  const now = 2026;
  it("position 7 digit → earlier cycle for cars, MPVs and light trucks (conclusive)", () => {
    expect(readModelYear("1HGCM82633A004352", true, now)).toEqual({ year: 2003, conclusive: true, alternative: null });
  });
  it("position 7 letter → later cycle (conclusive)", () => {
    expect(readModelYear("1HGCV1F34LA000001", true, now)).toEqual({ year: 2020, conclusive: true, alternative: null });
  });
  it("a year later than now + 2 goes back 30 years (conclusive)", () => {
    expect(readModelYear("1M8GDM9AXKP042788", false, 2026)).toEqual({
      year: 2019,
      conclusive: false,
      alternative: 1989,
    });
    expect(readModelYear("1FTEX1EP9XK000001", false, 2026)).toEqual({
      year: 1999,
      conclusive: true,
      alternative: null,
    });
  });
  it("otherwise both cycles are candidates (inconclusive)", () => {
    expect(readModelYear("1HD1KB419GY000001", false, now)).toEqual({
      year: 2016,
      conclusive: false,
      alternative: 1986,
    });
  });
  it("has no year for a bad position 10", () => {
    expect(readModelYear("1HGCM8263UA004352", true, now)).toEqual({ year: null, conclusive: true, alternative: null });
  });
  it("offers the other cycle for the no-schema fallback", () => {
    expect(otherCycle(1995, now)).toBe(2025);
    expect(otherCycle(2019, now)).toBe(1989);
    expect(otherCycle(2005, now)).toBeNull();
  });
  it("knows which vehicle types carry the position-7 rule", () => {
    expect(isCarMpvLightTruck(2, null)).toBe(true);
    expect(isCarMpvLightTruck(7, null)).toBe(true);
    expect(isCarMpvLightTruck(3, 1)).toBe(true);
    expect(isCarMpvLightTruck(3, 2)).toBe(false);
    expect(isCarMpvLightTruck(1, null)).toBe(false);
  });
});
