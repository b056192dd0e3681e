import { modelYearWithin, newestModelYear, parseModelYear } from "./model-year";

describe("parseModelYear", () => {
  it.each([
    ["2024", 2024],
    ["1949", 1949],
    ["0999", 999],
  ])("%s → %s", (text, year) => expect(parseModelYear(text)).toBe(year));

  it.each(["", "abc", "20x4", "2024.0", "+2024", "2e3", " 2024", "2024 ", "12345", "２０２４"])(
    "rejects %j",
    (text) => {
      expect(parseModelYear(text)).toBeNull();
    },
  );
});

describe("modelYearWithin", () => {
  it("keeps a year inside the range and refuses one outside it or malformed", () => {
    expect(modelYearWithin("2024", 2020, 2030)).toBe(2024);
    expect(modelYearWithin("2019", 2020, 2030)).toBeNull();
    expect(modelYearWithin("2031", 2020, 2030)).toBeNull();
    expect(modelYearWithin("20x4", 2020, 2030)).toBeNull();
  });
});

test("newestModelYear: two years ahead of the UTC calendar year", () => {
  expect(newestModelYear(new Date("2026-12-31T23:59:59Z"))).toBe(2028);
  expect(newestModelYear(new Date("2027-01-01T00:00:00Z"))).toBe(2029);
});
