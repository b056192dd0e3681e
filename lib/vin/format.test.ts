import { compactVinInput, normalizeVin, patternKeyOf, vinDescriptor, wmiOf } from "./format";

describe("normalizeVin", () => {
  it("upper-cases and trims a valid VIN", () => {
    expect(normalizeVin(" 1hgcm82633a004352 ")).toEqual({ ok: true, vin: "1HGCM82633A004352" });
  });
  it("rejects a wrong length first", () => {
    expect(normalizeVin("1HGCM82633A00435")).toMatchObject({ ok: false, reason: "length" });
    expect(normalizeVin("1HGCM82633A0043521")).toMatchObject({ ok: false, reason: "length" });
  });
  it("names the forbidden letters I, O and Q with their positions", () => {
    const r = normalizeVin("1HGCM82633A00435I");
    expect(r).toMatchObject({ ok: false, reason: "forbidden_letters" });
    expect(!r.ok && r.detail).toContain("17:I");
    expect(normalizeVin("OHGCM82633A004352")).toMatchObject({ ok: false, reason: "forbidden_letters" });
    expect(normalizeVin("1HGCM82633Q004352")).toMatchObject({ ok: false, reason: "forbidden_letters" });
  });
  it("rejects other characters", () => {
    expect(normalizeVin("1HGCM82633A00435-")).toMatchObject({ ok: false, reason: "invalid_characters" });
    expect(normalizeVin("1HGCM82633A00435é")).toMatchObject({ ok: false, reason: "invalid_characters" });
  });
});

describe("WMI, descriptor and key string", () => {
  it("uses positions 1-3, or 1-3 + 12-14 when position 3 is 9", () => {
    expect(wmiOf("1HGCM82633A004352")).toBe("1HG");
    expect(wmiOf("TS9MXXXX0AXABC123")).toBe("TS9ABC");
  });
  it("stars the check digit in an 11- or 14-character descriptor", () => {
    expect(vinDescriptor("1HGCM82633A004352")).toBe("1HGCM826*3A");
    expect(vinDescriptor("TS9MXXXX0AXABC123")).toBe("TS9MXXXX*AXABC");
  });
  it("builds positions 4-8 | 10-17 without the check digit", () => {
    expect(patternKeyOf("1HGCM82633A004352")).toBe("CM826|3A004352");
  });
});

describe("compactVinInput", () => {
  it("drops the spaces, hyphens and dots people group a VIN with", () => {
    expect(compactVinInput(" 1hg cm826 33a004352 ")).toBe("1HGCM82633A004352");
    expect(compactVinInput("1HG-CM826-33A004352")).toBe("1HGCM82633A004352");
    expect(compactVinInput("1HG\u00a0CM826.33A004352")).toBe("1HGCM82633A004352");
  });
  it("leaves other characters for normalizeVin to report", () => {
    expect(compactVinInput("1HGCM82633A00435/")).toBe("1HGCM82633A00435/");
    expect(normalizeVin(compactVinInput("1HG CM826 33A00435I"))).toMatchObject({
      ok: false,
      reason: "forbidden_letters",
    });
  });
});
