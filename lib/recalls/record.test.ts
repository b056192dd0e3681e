import { count, flag, isoDate } from "./record";

describe("recall field parsing", () => {
  test("dates in each NHTSA format become ISO dates", () => {
    expect(isoDate("20021106")).toBe("2002-11-06"); // FLAT_RCL
    expect(isoDate("13/06/2024")).toBe("2024-06-13"); // recallsByVehicle, DD/MM/YYYY
    expect(isoDate("2024-06-13T00:00:00Z")).toBe("2024-06-13");
    expect(isoDate("")).toBeNull();
    expect(isoDate("31/02/2024")).toBeNull();
    expect(isoDate("2024")).toBeNull();
  });

  test("flags: true/false, Y/N, Yes/No; empty is unknown", () => {
    expect(flag(true)).toBe(true);
    expect(flag("Yes")).toBe(true);
    expect(flag("N")).toBe(false);
    expect(flag("false")).toBe(false);
    expect(flag("")).toBeNull();
    expect(flag(undefined)).toBeNull();
  });

  test("counts", () => {
    expect(count("291854")).toBe(291854);
    expect(count("")).toBeNull();
    expect(count("-3")).toBeNull();
  });
});
