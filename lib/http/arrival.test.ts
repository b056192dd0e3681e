import { ARRIVED_HEADER, arrivalOf, arrivalOfRequest, BusyStretch } from "./arrival";

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

describe("arrivalOfRequest", () => {
  const ready = { at: 1_000, idle: 50 };
  const unknown = -Infinity;

  test("a request read at the end of a busy stretch counts from when its socket was ready", () => {
    // Ready at 1,000, read at 1,080, and the loop never waited in between: it may have come at 1,000.
    expect(arrivalOfRequest({ at: 1_080, idle: 50 }, ready, unknown)).toBe(1_000);
  });

  test("the loop's waiting since its socket was ready moves the stamp on by as much", () => {
    expect(arrivalOfRequest({ at: 1_080, idle: 115 }, ready, unknown)).toBe(1_065);
  });

  test("a request that came while the loop had nothing to do is stamped when read", () => {
    expect(arrivalOfRequest({ at: 1_080, idle: 130 }, ready, unknown)).toBe(1_080);
    expect(arrivalOfRequest({ at: 1_080, idle: 50 }, ready, 1_080)).toBe(1_080);
  });

  test("it came no earlier than the busy stretch it was read at the end of", () => {
    expect(arrivalOfRequest({ at: 1_080, idle: 60 }, ready, 1_042)).toBe(1_042);
  });

  test("never dated more than a second back", () => {
    expect(arrivalOfRequest({ at: 2_500, idle: 50 }, ready, unknown)).toBe(1_500);
  });
});

describe("BusyStretch", () => {
  test("a stretch begins after the last moment seen plus the loop's wait since; it goes on while the loop never waits", () => {
    const loop = new BusyStretch();
    expect(loop.observe({ at: 100, idle: 10 })).toBe(-Infinity); // nothing seen before: unknown
    expect(loop.observe({ at: 130, idle: 30 })).toBe(120); // waited 20 ms after 100: busy since 120 at the earliest
    expect(loop.observe({ at: 160, idle: 30 })).toBe(120); // no wait since: the same stretch
    expect(loop.observe({ at: 170, idle: 35 })).toBe(165);
  });
});
