/**
 * A server process gives back the memory a burst of load made it take, once the burst is over.
 *
 * Under load V8 grows its heap to hold the garbage of many requests between collections, and keeps those pages
 * committed afterwards. V8's own memory reducer gives them back only some 20-30 s after the load has ended
 * (measured with `npm run bench:memory`: a process stayed 32-38% above its settled size through 30 s idle).
 *
 * So: every IDLE_CHECK_MS this process reads how busy its event loop was. After a reading with load (at least
 * BUSY_LOOP of the loop busy), the first QUIET_CHECKS readings in a row below QUIET_LOOP (no request of note) run
 * one full collection; the heap shrinks to what is live and V8 returns the freed pages to the system. It runs once
 * per burst and only when the process is quiet: about 0.35 s at the demo data's size, which a request arriving
 * just then would wait.
 *
 * It needs V8's `gc` function, which the server processes of `npm start` are given (`--expose-gc`,
 * cli/server/server-workers.ts); a process started another way (plain `next start`) keeps V8's behaviour.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { log } from "../log";

const IDLE_CHECK_MS = 2_000;
/** The share of an interval the event loop spent running code: above this, the process was under load. */
const BUSY_LOOP = 0.2;
/** Below this the process is idle: what its background polls and an odd request cost. */
const QUIET_LOOP = 0.05;
const QUIET_CHECKS = 2;

/** V8's `gc()`: with no argument, a full collection (Node.js 20's V8 reads no options from it). */
type Collect = () => void;

/**
 * The decision, one event-loop reading at a time: `busy` is the share of the last interval the loop ran code.
 * Says true when a collection is due: the first QUIET_CHECKS quiet readings in a row after one with load.
 */
export class IdleAfterLoad {
  private loadSinceCollection = false;
  private quiet = 0;

  reading(busy: number): boolean {
    if (busy >= BUSY_LOOP) this.loadSinceCollection = true;
    this.quiet = busy < QUIET_LOOP ? this.quiet + 1 : 0;
    if (!this.loadSinceCollection || this.quiet < QUIET_CHECKS) return false;
    this.loadSinceCollection = false;
    return true;
  }
}

const installed = globalThis as unknown as { __vinscopeIdleMemory?: boolean };

/** Starts the watch, once per process; a no-op without V8's `gc`. */
export function releaseMemoryWhenIdle(): void {
  const collect = (globalThis as { gc?: unknown }).gc as Collect | undefined;
  if (typeof collect !== "function" || installed.__vinscopeIdleMemory) return;
  installed.__vinscopeIdleMemory = true;
  const idle = new IdleAfterLoad();
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const due = idle.reading(performance.eventLoopUtilization(now, last).utilization);
    last = now;
    if (!due) return;
    const started = performance.now();
    collect();
    // The freed pages go back to the system in the background, so RSS is not read here.
    log().debug({ ms: Math.round(performance.now() - started) }, "idle after load: a full collection");
  }, IDLE_CHECK_MS).unref();
}
