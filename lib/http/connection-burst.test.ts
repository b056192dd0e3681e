/**
 * While new connections keep coming, the starts of the requests already read wait (at most 10 ms), so the process
 * takes the whole burst before it starts any of them; with none coming, a start runs on the next turn.
 */
import { ConnectionBurst } from "./connection-burst";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const burst = () => new ConnectionBurst(() => Date.now());

/** The next connections of a burst, one a millisecond after the last, for `ms` milliseconds. */
function keepConnecting(b: ConnectionBurst, ms: number): void {
  for (let i = 0; i < ms; i++) {
    jest.advanceTimersByTime(1);
    b.connected();
  }
}

test("with no new connection lately, a start runs on the next turn of the event loop", () => {
  const b = burst();
  const started = jest.fn();
  b.start(started);
  expect(started).not.toHaveBeenCalled();
  jest.advanceTimersByTime(0);
  expect(started).toHaveBeenCalledTimes(1);
});

test("a start waits while connections keep coming, and runs once none came for 2 ms", () => {
  const b = burst();
  const started = jest.fn();
  b.connected();
  b.start(started);
  keepConnecting(b, 4);
  expect(started).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(started).not.toHaveBeenCalled(); // the last came 1 ms ago
  jest.advanceTimersByTime(2);
  expect(started).toHaveBeenCalledTimes(1);
});

test("however long the burst, a start waits at most 10 ms", () => {
  const b = burst();
  const started = jest.fn();
  b.connected();
  b.start(started);
  keepConnecting(b, 9);
  expect(started).not.toHaveBeenCalled();
  keepConnecting(b, 3);
  expect(started).toHaveBeenCalledTimes(1);
});

test("held starts run in the order their requests were read, and before a later one", () => {
  const b = burst();
  const order: string[] = [];
  b.connected();
  b.start(() => order.push("first"));
  b.connected();
  b.start(() => order.push("second"));
  jest.advanceTimersByTime(3);
  b.start(() => order.push("after the burst"));
  jest.advanceTimersByTime(1);
  expect(order).toEqual(["first", "second", "after the burst"]);
});
