/**
 * Keeps one retained `Immediate` from holding every request that ran beside it.
 *
 * Node.js (20 and later) leaves an Immediate linked to its neighbours in the queue (`_idleNext`, `_idlePrev`)
 * after its callback has run. Anything that keeps one such Immediate alive keeps the whole batch that ran with
 * it, and each of those holds its request's AsyncLocalStorage stores: Next.js's request and render state, the
 * response, the rendered page. An `Error` made inside an Immediate's callback keeps that Immediate (its stack's
 * frames hold their receivers until the stack is formatted), and Next.js aborts a render's cache signal with
 * such an Error; Prisma keeps its last 100 closed transactions, each with the request context it closed in. So
 * under load a server process held hundreds of finished requests (866 responses after 40 s; about 130 MB, never
 * given back): https://github.com/nodejs/node/issues/66129.
 *
 * The fix cuts the links as soon as Node.js no longer reads them. When an Immediate's callback starts, the one
 * that ran before it is done with: Node reads a run Immediate's `_idleNext` only while it is the latest one run
 * (to skip an Immediate cleared meanwhile), and a run Immediate's own `_idlePrev` never (a run Immediate is
 * never removed from the queue again). So at the start of each callback this unlinks the previous Immediate and
 * its own back link; a retained Immediate then holds its own request alone.
 *
 * Installed once per server process, over whatever `setImmediate` is there (Next.js installs its own first).
 */
import { promisify } from "node:util";

interface Linked {
  _idleNext?: Linked | null;
  _idlePrev?: Linked | null;
}

const installed = globalThis as unknown as { __vinscopeImmediateLinks?: boolean };

/** Unlinks `self` (the Immediate starting now) from the one that ran before it. */
function unlinkPrevious(self: unknown): void {
  if (typeof self !== "object" || self === null || !("_idlePrev" in self)) return;
  const current = self as Linked;
  const previous = current._idlePrev;
  if (previous) {
    previous._idleNext = null;
    previous._idlePrev = null;
  }
  current._idlePrev = null;
}

export function unlinkRunImmediates(): void {
  if (installed.__vinscopeImmediateLinks) return;
  installed.__vinscopeImmediateLinks = true;
  const original = globalThis.setImmediate;
  const patched = function setImmediate<A extends unknown[]>(callback: (...args: A) => void, ...args: A) {
    if (typeof callback !== "function") return original(callback, ...args);
    return original(
      function (this: unknown, ...callArgs: A) {
        unlinkPrevious(this);
        return callback.apply(this, callArgs);
      },
      ...args,
    );
  } as typeof globalThis.setImmediate;
  // `util.promisify(setImmediate)` keeps working as before.
  Object.defineProperty(patched, promisify.custom, {
    value: (original as unknown as Record<symbol, unknown>)[promisify.custom],
    configurable: true,
  });
  globalThis.setImmediate = patched;
}
