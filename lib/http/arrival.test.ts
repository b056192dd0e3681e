import { ARRIVED_HEADER, arrivalOf, arrivalOfFirstRequest } from "./arrival";

const stamped = (value: string) => new Headers({ [ARRIVED_HEADER]: value });

describe("arrivalOf", () => {
  test("reads the stamp the server's request hook wrote", () => {
    const at = performance.now() - 40;
    expect(arrivalOf(stamped(String(at)))).toBe(at);
  });

  test("no stamp, a malformed one or one from the future (not this process's clock) is ignored", () => {
    expect(arrivalOf(new Headers())).toBeNull();
    expect(arrivalOf(stamped("soon"))).toBeNull();
    expect(arrivalOf(stamped("-5"))).toBeNull();
    expect(arrivalOf(stamped(String(performance.now() + 60_000)))).toBeNull();
  });
});

describe("arrivalOfFirstRequest", () => {
  const connection = { at: 1_000, idle: 50 };

  test("a request read while the loop never waited counts from its connection", () => {
    expect(arrivalOfFirstRequest(1_080, connection, 50.2)).toBe(1_000);
  });

  test("a request read after the loop waited for I/O counts from when it was read (the bytes came later)", () => {
    expect(arrivalOfFirstRequest(1_080, connection, 65)).toBe(1_080);
  });

  test("a connection older than a second never lends its time", () => {
    expect(arrivalOfFirstRequest(2_500, connection, 50)).toBe(2_500);
  });
});
