import { trimVary } from "./vary";

const NEXT = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

describe("trimVary", () => {
  test("a JSON answer keeps only what it varies on", () => {
    expect(trimVary(`${NEXT}, Accept-Encoding`, "application/json; charset=utf-8")).toBe("Accept-Encoding");
    expect(trimVary(`${NEXT}, next-url, Origin, Accept-Encoding`, "application/problem+json")).toBe(
      "Origin, Accept-Encoding",
    );
  });

  test("nothing left: no Vary at all", () => {
    expect(trimVary(NEXT, "application/pdf")).toBeNull();
    expect(trimVary(NEXT, undefined)).toBeNull();
  });

  test("pages and RSC payloads keep the router's headers: they do vary on them", () => {
    expect(trimVary(`${NEXT}, Accept-Encoding`, "text/html; charset=utf-8")).toBe(`${NEXT}, Accept-Encoding`);
    expect(trimVary(NEXT, "text/x-component")).toBe(NEXT);
  });

  test("letter case and repeats", () => {
    expect(trimVary("RSC, Accept-Encoding, Accept-Encoding", "text/plain")).toBe("Accept-Encoding");
  });
});
