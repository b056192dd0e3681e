/**
 * What kind of process this is, for its PostgreSQL pool (lib/db/index.ts). A server process keeps
 * DATABASE_POOL_SIZE connections, and no statement of it outlives the longest request (a query stuck behind a
 * lock gives its connection back instead of holding it after its request was answered). The CLI and the job
 * runner do one import or sync at a time beside its lease: a couple of connections, no statement timeout (an
 * import's statements may be long). A module of its own, so the CLI can say so without loading the database
 * clients.
 */
const kind = globalThis as unknown as { __vinscopeToolProcess?: boolean };

/** The CLI and the job runner call this before their first query. */
export function runAsTool(): void {
  kind.__vinscopeToolProcess = true;
}

export function isToolProcess(): boolean {
  return kind.__vinscopeToolProcess === true;
}
