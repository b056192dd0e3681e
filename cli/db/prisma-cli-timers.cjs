/**
 * Preloaded into the Prisma CLI when it migrates a PostgreSQL database (cli/db/migrate-deploy.ts).
 *
 * Prisma 6.19's wasm schema engine arms a 10 s JavaScript timer for its advisory-lock timeout and never clears
 * it once the lock is taken, so a finished `prisma migrate deploy` sits idle for 10 s before it exits: on every
 * start on PostgreSQL, one instance after another. Timers of a second or more armed from inside the engine are
 * unref'd here. They still fire while the engine waits on the database (the query's socket keeps the process
 * alive); they only stop holding a finished process open. Shorter timers (the engine's yields) are left alone.
 */
"use strict";

const LONG_MS = 1000;
const original = global.setTimeout;

function setTimeout(callback, ms, ...args) {
  const timer = original(callback, ms, ...args);
  if (ms >= LONG_MS && new Error().stack.includes("wasm://")) timer.unref();
  return timer;
}
// Keep util.promisify.custom and the rest of setTimeout's own properties.
Object.defineProperties(setTimeout, Object.getOwnPropertyDescriptors(original));
global.setTimeout = setTimeout;
