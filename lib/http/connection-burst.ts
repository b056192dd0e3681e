/**
 * While new connections are coming in, a server process takes them all before it starts their requests.
 *
 * The cluster's primary hands each server process its new connections one at a time, the next only once the
 * process has taken the last (Node's round-robin scheduling). A process that starts each request as soon as it is
 * read (routing, the decode, starting the outside calls: milliseconds each) takes its next connection only after
 * that start. So when ten clients connect together, the last connection reached its process about 50 ms after it
 * came (measured with 16 connections on 2 processes), and no stamp a process can take sees those 50 ms: the live
 * budget of that request ended 50 ms past its real arrival.
 *
 * So a request start waits while connections keep coming: as long as one came within the last BURST_MS, and at
 * most MAX_HOLD_MS. The process then takes the whole burst within a millisecond or two, every request is stamped
 * when its connection came (lib/http/arrival.ts), and the starts run in the order the requests were read. With no
 * new connection (kept-alive clients), a start runs on the next turn of the event loop, as before.
 */

/** Connections of one burst reach a free process well under a millisecond apart (measured: 0.1-0.5 ms). */
const BURST_MS = 2;
/** The longest a request start waits for a burst of connections to end. */
const MAX_HOLD_MS = 10;

export class ConnectionBurst {
  private lastConnection = -Infinity;
  private readonly held: Array<() => void> = [];
  private heldSince = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A new connection came in. */
  connected(): void {
    this.lastConnection = this.now();
  }

  /** Runs `start` on a later turn of the event loop: the next one, or once the connections stop coming. */
  start(start: () => void): void {
    if (this.timer === null && !this.inBurst()) {
      setImmediate(start);
      return;
    }
    if (this.timer === null) {
      this.heldSince = this.now();
      this.timer = setTimeout(() => this.release(), 1);
    }
    this.held.push(start);
  }

  private inBurst(): boolean {
    return this.now() - this.lastConnection < BURST_MS;
  }

  private release(): void {
    if (this.inBurst() && this.now() - this.heldSince < MAX_HOLD_MS) {
      this.timer = setTimeout(() => this.release(), 1);
      return;
    }
    this.timer = null;
    // One turn each, as a start that was not held: what they leave for the microtask queue runs in between.
    for (const start of this.held.splice(0)) setImmediate(start);
  }
}
