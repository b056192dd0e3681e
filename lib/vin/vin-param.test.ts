import { z } from "zod";
import { isApiError } from "../contract/errors";
import type { Vin } from "./format";
import { parseVin, vinParam } from "./vin-param";

describe("parseVin: the VIN every layer takes", () => {
  test("trims and upper-cases a well-formed VIN", () => {
    const vin: Vin = parseVin(" 1hgcm82633a004352 ");
    expect(vin).toBe("1HGCM82633A004352");
  });

  test.each([
    ["1HGCM82633A00435", "length"],
    ["1HGCM82633A00435I", "forbidden_letters"],
    ["1HGCM82633A00435-", "invalid_characters"],
  ])("%s is a 400 invalid_vin saying which rule failed (%s)", (input, vinError) => {
    let caught: unknown;
    try {
      parseVin(input);
    } catch (error) {
      caught = error;
    }
    expect(isApiError(caught)).toBe(true);
    expect(caught).toMatchObject({ status: 400, extensions: { reason: "invalid_vin", param: "vin", vinError } });
  });

  test("a plain string is not a Vin", () => {
    const takesVin = (vin: Vin) => vin.length;
    // @ts-expect-error only normalizeVin (through parseVin or a schema) makes a Vin
    expect(takesVin("1HGCM82633A004352")).toBe(17);
  });
});

describe("vinParam: a route's VIN parameter", () => {
  const Query = z.object({ vin: vinParam({ description: "vin", examples: ["1HGCM82633A004352"] }) });
  test("gives the Vin, upper case", () => {
    expect(Query.parse({ vin: " 1hgcm82633a004352" }).vin).toBe("1HGCM82633A004352");
  });
  test.each([
    ["1HGCM82633A00435", "length", "a VIN has 17 characters, got 16"],
    ["1HGCM82633A00435O", "forbidden_letters", "letters I, O and Q"],
    ["1HGCM82633A00435_", "invalid_characters", "_"],
  ])("%s is one issue naming the problem invalid_vin (%s), with the parser's sentence", (vin, vinError, words) => {
    const r = Query.safeParse({ vin });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: ["vin"], params: { problem: { reason: "invalid_vin", vinError } } });
    expect(issues[0].message).toContain(words);
  });
});
