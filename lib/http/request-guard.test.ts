import { multipartProblem, requestTargetProblem } from "./request-guard";

describe("requestTargetProblem", () => {
  test.each([
    ["/api/public/vin/%zz", "", "bad_encoding"],
    ["/api/vin-insights/%ZZ/-1/A", "", "bad_encoding"],
    ["/vin/%e0%a4", "", "bad_encoding"],
    ["/api/public/vin/%00", "", "control_characters"],
    ["/recalls/2020/ho%0Anda/x", "", "control_characters"],
    ["/api/recalls", "?make=hon%00da&model=a&year=2003", "control_characters"],
    ["/api/recalls", "?make=%zz", "bad_encoding"],
    ["/api/recalls", `?q=${"a".repeat(9000)}`, "uri_too_long"],
  ])("%s%s → %s", (path, search, reason) => {
    expect(requestTargetProblem(path, search)?.reason).toBe(reason);
  });

  test.each([
    ["/api/public/vin/1HGCM82633A004352", "?insight=false"],
    ["/pricing/land-rover/range-rover/2020", ""],
    ["/api/recalls", "?make=Mercedes-Benz&model=C+300&year=2020"],
    ["/vin/%C3%BC", "?a=%F0%9F%9A%97"],
  ])("%s%s passes", (path, search) => {
    expect(requestTargetProblem(path, search)).toBeNull();
  });
});

describe("multipartProblem", () => {
  test.each([
    "multipart/form-data",
    "multipart/form-data; boundary=",
    `multipart/form-data; boundary=${"b".repeat(71)}`,
    'multipart/form-data; boundary=""',
  ])("%s → 400", (type) => expect(multipartProblem(type)?.status).toBe(400));
  test.each([
    null,
    "application/json",
    "multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk",
    'multipart/form-data; boundary="a b"',
  ])("%s passes", (type) => expect(multipartProblem(type)).toBeNull());
});
