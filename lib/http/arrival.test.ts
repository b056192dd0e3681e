import { ARRIVED_HEADER, arrivalOf } from "./arrival";

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
