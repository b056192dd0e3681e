import { z } from "zod";
import { queryFlag } from "./common";

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
});
