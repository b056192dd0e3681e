import { z } from "zod";
import { modelYearParam, queryFlag, UsState } from "./params";

const Query = z.object({ flag: queryFlag("a flag", true) });

describe("queryFlag", () => {
  test.each([
    ["true", true],
    ["TRUE", true],
    ["True", true],
    ["1", true],
    ["false", false],
    ["FALSE", false],
    ["fAlSe", false],
    ["0", false],
  ])("%s → %s", (spelling, value) => {
    expect(Query.parse({ flag: spelling }).flag).toBe(value);
  });

  test("absent → the default", () => {
    expect(Query.parse({}).flag).toBe(true);
    expect(z.object({ f: queryFlag("x", false) }).parse({}).f).toBe(false);
  });

  test.each(["yes", "no", "on", "off", "", " true", "2", "t"])("%j is refused", (spelling) => {
    expect(Query.safeParse({ flag: spelling }).success).toBe(false);
  });

  test("the document types it as a boolean with its default, and the description names the spellings", () => {
    expect(z.toJSONSchema(queryFlag("false skips it", true), { io: "output" })).toMatchObject({
      type: "boolean",
      default: true,
      description: "false skips it. Accepts true or false in any letter case, or 1 or 0",
    });
    expect(z.toJSONSchema(queryFlag("true adds it", false), { io: "output" })).toMatchObject({
      type: "boolean",
      default: false,
    });
  });
});

describe("modelYearParam", () => {
  const Year = modelYearParam({
    min: 2020,
    max: () => 2030,
    malformed: "four digits please",
    outOfRange: "2020 to 2030",
    description: "model year",
    example: 2024,
  });
  test("four digits become a number; anything else is one issue", () => {
    expect(Year.parse("2024")).toBe(2024);
    for (const text of ["abc", "2024.0", "+2024", "2e3", "", "12345", " 2024"]) {
      const r = Year.safeParse(text);
      expect(r.success ? null : r.error.issues.map((i) => i.message)).toEqual(["four digits please"]);
    }
    expect(Year.safeParse("2019").error?.issues.map((i) => i.message)).toEqual(["2020 to 2030"]);
    expect(Year.safeParse("2031").error?.issues.map((i) => i.message)).toEqual(["2020 to 2030"]);
  });

  test("trim tolerates spaces around the year", () => {
    expect(
      modelYearParam({
        min: 1949,
        max: 2028,
        malformed: "m",
        outOfRange: "r",
        description: "d",
        example: 2003,
        trim: true,
      }).parse(" 2003 "),
    ).toBe(2003);
  });

  test("the document describes the integer a client sends, with its range", () => {
    expect(z.toJSONSchema(Year, { io: "output" })).toMatchObject({
      type: "integer",
      minimum: 2020,
      maximum: 2030,
      description: "model year",
      examples: [2024],
    });
  });

  test("a range that moves with the calendar is checked on every parse", () => {
    let newest = 2027;
    const Moving = modelYearParam({
      min: 1949,
      max: () => newest,
      malformed: "m",
      outOfRange: "out of range",
      description: "d",
      example: 2024,
    });
    expect(Moving.safeParse("2028").success).toBe(false);
    newest = 2028;
    expect(Moving.parse("2028")).toBe(2028);
  });
});

describe("UsState", () => {
  test("folds case and refuses territories", () => {
    expect(UsState.parse(" ca ")).toBe("CA");
    expect(UsState.safeParse("PR").success).toBe(false);
  });
});
