import { checkDigit, computeCheckDigit, nhtsaCheckDigit, transliterate } from "./check-digit";

describe("check digit (ISO 3779 / 49 CFR 565.15)", () => {
  it("accepts a correct digit", () => {
    expect(checkDigit("1HGCM82633A004352")).toEqual({ valid: true, expected: "3", actual: "3" });
    expect(checkDigit("19UUA66205A003218").valid).toBe(true);
  });
  it("reports the expected digit when position 9 is wrong", () => {
    expect(checkDigit("1HGCM82643A004352")).toEqual({ valid: false, expected: "3", actual: "4" });
  });
  it("writes 10 as X", () => {
    // 1M8GDM9A_KP042788 sums to a remainder of 10: the textbook example of an X check digit.
    expect(computeCheckDigit("1M8GDM9A0KP042788")).toBe("X");
    expect(checkDigit("1M8GDM9AXKP042788")).toEqual({ valid: true, expected: "X", actual: "X" });
  });
  it("cannot value I, O or Q", () => {
    expect(transliterate("I")).toBe(-1);
    expect(checkDigit("1HGCM82633A00435O")).toMatchObject({ valid: false, expected: "?" });
  });
  it("NHTSA's variant also requires a year code and serial digits", () => {
    expect(nhtsaCheckDigit("1HGCM82633A004352", true)).toBe("3");
    expect(nhtsaCheckDigit("1HGCM8263UA004352", true)).toBe("?"); // U is no year code
    expect(nhtsaCheckDigit("1HGCM82633A0A4352", true)).toBe("?"); // a letter at 13 for a car
    expect(nhtsaCheckDigit("1HGCM82633A0A4352", false)).toBe(computeCheckDigit("1HGCM82633A0A4352"));
  });
});
