/**
 * Rate limiting, the room's one door. Every limiter of the service lives here:
 *  - the public limit per client address (the public API, /api/mcp and VIN pages: limits.ts, paths.ts, the 429
 *    page of limited-page.ts) and the optional per-key limit of the dealer API (limits.ts), counted by one
 *    mechanism: store.ts's limiter over its stores (PostgreSQL's batched counters, batched-counters.ts and
 *    postgres-counters.ts, whose tables are in the migrations; the primary's counters under `npm start`; this
 *    process's memory);
 *  - the account forms' limits (forms.ts: trial signups, sign-in links), whose day- and hour-long windows are
 *    counted in the app's database on every provider (a restart or a second instance must not reset them).
 */
export { checkAddressLimit, checkKeyLimit, formLimitAddress, prepareRateLimits, requestHost } from "./limits";
export { isRateLimitedPath } from "./paths";
export { rateLimitedPage } from "./limited-page";
export { consumeSignIn, consumeSignup } from "./forms";
// For the benchmarks (scripts/bench/http.ts), which measure the counters on their own.
export { SharedLimiter } from "./store";
export { BatchedCounters } from "./batched-counters";
export { PostgresCounterBackend } from "./postgres-counters";
