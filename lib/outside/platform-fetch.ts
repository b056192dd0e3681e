/**
 * The platform's fetch, for every call to an outside system, not the one Next.js wraps in a route: that wrapper
 * traces every call, works out whether the answer could go into Next.js's data cache, and tracks the call on the
 * request's store. None of it applies to these calls (their caching is ours: lib/outside/memo.ts, the stored
 * answers), and in a report whose every section went live it took about a tenth of the server processes' busy
 * time. Next.js keeps the fetch it wrapped on the wrapper (`_nextOriginalFetch`: its request de-duplication, which
 * a call with a signal, as every call to an outside system has, passes straight through); outside Next.js (the
 * CLI, the job runner, unit tests) there is no wrapper and this is the global fetch, looked up at each call.
 */
export const platformFetch: typeof fetch = (input, init) =>
  ((globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch })._nextOriginalFetch ?? globalThis.fetch)(
    input,
    init,
  );
