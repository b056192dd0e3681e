import { IdleAfterLoad } from "./idle-memory";

const readings = (idle: IdleAfterLoad, values: number[]) => values.map((busy) => idle.reading(busy));

test("an idle process is never collected: no load came before the quiet", () => {
  expect(readings(new IdleAfterLoad(), [0, 0.01, 0, 0.02, 0, 0])).not.toContain(true);
});

test("after load, the second quiet reading in a row collects once, and not again until more load", () => {
  const idle = new IdleAfterLoad();
  expect(readings(idle, [0.9, 1, 0.5, 0.01, 0.01, 0, 0, 0])).toEqual([
    false,
    false,
    false,
    false,
    true,
    false,
    false,
    false,
  ]);
  expect(readings(idle, [0.6, 0.02, 0.01])).toEqual([false, false, true]);
});

test("a reading that is neither load nor quiet (a few requests) waits: the quiet must be unbroken", () => {
  const idle = new IdleAfterLoad();
  expect(readings(idle, [0.8, 0.01, 0.1, 0.01, 0.1, 0.01, 0.01])).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
    true,
  ]);
});
