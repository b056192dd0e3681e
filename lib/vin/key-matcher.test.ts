import { compileKey, formulaValue, matchesKey, probeOf } from "./key-matcher";

const matches = (key: string, vinKey: string) => matchesKey(compileKey(key).matcher, vinKey);

describe("pattern keys", () => {
  it("plain keys are prefix matches with * as one character", () => {
    expect(matches("CM8", "CM826|3A004352")).toBe(true);
    expect(matches("C*8", "CM826|3A004352")).toBe(true);
    expect(matches("C*9", "CM826|3A004352")).toBe(false);
    expect(matches("*****|*A", "CM826|3A004352")).toBe(true); // position 11 through the separator
    expect(matches("*****|*B", "CM826|3A004352")).toBe(false);
  });
  it("bracket keys are regexes with the class kept", () => {
    expect(matches("[A-C]M", "CM826|3A004352")).toBe(true);
    expect(matches("[D-F]M", "CM826|3A004352")).toBe(false);
    expect(matches("*****|*[0-4FLNS]", "CM826|3F004352")).toBe(true);
    expect(matches("*****|*[0-4FLNS]", "CM826|3G004352")).toBe(false);
  });
  it("reads [1-A] as '1 or A', not as an ASCII range", () => {
    expect(matches("[1-A]", "1M826|3A004352")).toBe(true);
    expect(matches("[1-A]", "AM826|3A004352")).toBe(true);
    expect(matches("[1-A]", "5M826|3A004352")).toBe(false);
  });
  it("formula keys take the VIN's digits at the # positions", () => {
    const m = compileKey("**#").matcher;
    expect(matchesKey(m, "CM826|3A004352")).toBe(false);
    expect(formulaValue(m, "CM826|3A004352")).toBe("8");
    expect(formulaValue(m, "CMX26|3A004352")).toBeNull();
    expect(formulaValue(compileKey("*##").matcher, "C1826|3A004352")).toBe("18");
  });
  it("counts literal characters and strips brackets for NHTSA's tie-breaks", () => {
    expect(compileKey("C*8").literalLength).toBe(2);
    expect(compileKey("[A-C]M").bracketless).toBe("A-CM");
  });
  it("buckets a key by its first constraining position", () => {
    expect(probeOf("**8")).toEqual({ position: 2, chars: "8" });
    expect(probeOf("*****|*[0-2]")).toEqual({ position: 7, chars: "012" });
    expect(probeOf("*****|*")).toBeNull();
  });
});
