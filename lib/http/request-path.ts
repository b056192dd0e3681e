/**
 * The request's path, set by proxy.ts on every page request (always overwritten, so a client cannot supply
 * its own), for server components Next.js gives no params: a not-found page that wants to say what was asked.
 */
export const PATH_HEADER = "x-vinscope-path";
