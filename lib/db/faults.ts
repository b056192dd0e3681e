/**
 * Telling a database that cannot serve (unreachable, locked past its busy timeout, read-only, I/O errors, its
 * file gone, its tables missing because it was never migrated) from a bug. The former is answered 503 with Retry-After (the caller should try again shortly, and
 * the service recovers by itself when the fault clears); only the latter is a 500.
 *
 * Errors reach us in several wrappings: a driver error (better-sqlite3's SqliteError with `code`, node-postgres'
 * errors with `code`), Prisma's DriverAdapterError (`cause.kind`), or a Prisma client error whose message
 * carries the driver's words. All are recognised by code first, by message as a last resort.
 */

/** Thrown by lib/db/index.ts when it knows without asking that the database cannot serve (e.g. its file is gone). */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly fault: DatabaseFault,
  ) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

export const DATABASE_FAULTS = [
  "unreachable",
  "locked",
  "read_only",
  "io_error",
  "gone",
  "timeout",
  "not_migrated",
] as const;
export type DatabaseFault = (typeof DATABASE_FAULTS)[number];

/** SQLite primary result codes (extended codes share their low byte) that mean "cannot serve now". */
const SQLITE_FAULTS: Record<number, DatabaseFault> = {
  5: "locked", // SQLITE_BUSY
  6: "locked", // SQLITE_LOCKED
  8: "read_only", // SQLITE_READONLY
  10: "io_error", // SQLITE_IOERR
  11: "io_error", // SQLITE_CORRUPT (what a file replaced under a live connection looks like)
  13: "io_error", // SQLITE_FULL
  14: "gone", // SQLITE_CANTOPEN
  26: "io_error", // SQLITE_NOTADB
};

const SQLITE_CODE_FAULTS: [RegExp, DatabaseFault][] = [
  [/^SQLITE_(BUSY|LOCKED)/, "locked"],
  [/^SQLITE_READONLY/, "read_only"],
  [/^SQLITE_(IOERR|CORRUPT|FULL|NOTADB)/, "io_error"],
  [/^SQLITE_CANTOPEN/, "gone"],
];

/** PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P0x shutdown, 25006 read-only. */
function postgresFault(code: string): DatabaseFault | null {
  if (code.startsWith("08") || code.startsWith("53") || /^57P0[1-4]$/.test(code)) return "unreachable";
  if (code === "25006") return "read_only";
  if (code === "55P03") return "locked";
  if (code === "42P01") return "not_migrated"; // undefined_table
  return null;
}

const ADAPTER_KINDS: Record<string, DatabaseFault> = {
  DatabaseNotReachable: "unreachable",
  ConnectionClosed: "unreachable",
  TlsConnectionError: "unreachable",
  TooManyConnections: "unreachable",
  SocketTimeout: "timeout",
  DatabaseDoesNotExist: "gone",
  TableDoesNotExist: "not_migrated",
  DatabaseAccessDenied: "unreachable",
  AuthenticationFailed: "unreachable",
};

/** Prisma client error codes: P1001 can't reach, P1002/P1008 timeouts, P1017 server closed, P2024 pool timeout. */
const PRISMA_CODES: Record<string, DatabaseFault> = {
  P1001: "unreachable",
  P1002: "timeout",
  P1008: "timeout",
  P1017: "unreachable",
  P2024: "timeout",
  P2021: "not_migrated",
};

const NODE_NET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const MESSAGE_FAULTS: [RegExp, DatabaseFault][] = [
  [/database is locked|database table is locked|SQLITE_BUSY/i, "locked"],
  [/readonly database|read-only transaction|SQLITE_READONLY/i, "read_only"],
  [/disk I\/O error|database disk image is malformed|database or disk is full|SQLITE_IOERR/i, "io_error"],
  [/unable to open database file/i, "gone"],
  [/no such table|relation "[^"]*" does not exist|TableDoesNotExist/i, "not_migrated"],
  [
    /ECONNREFUSED|ECONNRESET|Can't reach database|Connection terminated|connection (?:is )?closed|server closed the connection|terminating connection|the database system is (?:starting up|shutting down|in recovery)|DatabaseNotReachable|ConnectionClosed/i,
    "unreachable",
  ],
  [
    /SocketTimeout|timeout exceeded when trying to connect|Timed out fetching a new connection|Transaction already closed|Unable to start a transaction in the given time/i,
    "timeout",
  ],
];

const NODE_POSTGRES_TIMEOUTS = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);

/** What kind of database fault `error` is, or null when it is something else (a bug, bad input). */
export function databaseFault(error: unknown, depth = 0): DatabaseFault | null {
  if (!error || typeof error !== "object" || depth > 5) return null;
  if (error instanceof DatabaseUnavailableError) return error.fault;
  const e = error as {
    code?: unknown;
    errno?: unknown;
    kind?: unknown;
    cause?: unknown;
    message?: unknown;
    name?: unknown;
    fault?: unknown;
  };
  // The same error from another copy of this module: each Next.js bundle (a page's, instrumentation.ts's) has its own.
  if (e.name === "DatabaseUnavailableError" && (DATABASE_FAULTS as readonly unknown[]).includes(e.fault)) {
    return e.fault as DatabaseFault;
  }

  if (typeof e.kind === "string") {
    if (e.kind === "sqlite") {
      const ext = (error as { extendedCode?: unknown }).extendedCode;
      if (typeof ext === "number" && SQLITE_FAULTS[ext & 0xff]) return SQLITE_FAULTS[ext & 0xff];
    }
    if (e.kind === "postgres" && typeof e.code === "string") {
      const fault = postgresFault(e.code);
      if (fault) return fault;
    }
    if (ADAPTER_KINDS[e.kind]) return ADAPTER_KINDS[e.kind];
  }
  if (typeof e.code === "string") {
    for (const [pattern, fault] of SQLITE_CODE_FAULTS) if (pattern.test(e.code)) return fault;
    if (PRISMA_CODES[e.code]) return PRISMA_CODES[e.code];
    if (NODE_NET_CODES.has(e.code)) return "unreachable";
    if (/^[0-9A-Z]{5}$/.test(e.code)) {
      const fault = postgresFault(e.code);
      if (fault) return fault;
    }
  }
  const nested = databaseFault(e.cause, depth + 1);
  if (nested) return nested;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const fault = databaseFault(inner, depth + 1);
      if (fault) return fault;
    }
  }
  // node-postgres's pool throws plain Errors without a code: no connection of a full pool came free in time,
  // or a new connection was not made in time. Its exact words, never any error saying "timeout".
  if (typeof e.message === "string" && NODE_POSTGRES_TIMEOUTS.has(e.message)) return "timeout";
  // Last resort: only Prisma's and the drivers' own errors are read by message, never any error at all
  // (an outside system's "connection refused" is not a database fault). A driver's plain Error that Prisma's
  // client passes on (node-postgres's "Connection terminated unexpectedly" when a pooled connection was cut)
  // keeps its name "Error" but carries Prisma's `clientVersion`.
  const name = typeof e.name === "string" ? e.name : "";
  const fromPrismaClient = typeof (error as { clientVersion?: unknown }).clientVersion === "string";
  if (
    typeof e.message === "string" &&
    (fromPrismaClient || /Prisma|SqliteError|DriverAdapterError|DatabaseError|DatabaseUnavailable/.test(name))
  ) {
    for (const [pattern, fault] of MESSAGE_FAULTS) if (pattern.test(e.message)) return fault;
  }
  return null;
}

/** Words for the problem body; never the driver's message (it can name paths and SQL). */
export const FAULT_DETAIL: Record<DatabaseFault, string> = {
  unreachable: "The service's database is unreachable.",
  locked: "The service's database is locked by another writer past its deadline.",
  read_only: "The service's database cannot be written to right now.",
  io_error: "The service's database answered with an I/O error.",
  gone: "The service's database file is missing.",
  timeout: "The service's database did not answer in time.",
  not_migrated: "The service's database has not been set up (its tables are missing).",
};

const faultState = globalThis as unknown as { __vinscopeReopenDb?: boolean };

/**
 * Called with every error a request failed on (lib/http/problem.ts): an I/O error or a vanished file may have
 * left the SQLite connection unusable, so lib/db/index.ts opens a fresh one on next use (PostgreSQL's pool heals by
 * itself). Returns the fault, or null for an error that is not one.
 */
export function noteDatabaseError(error: unknown): DatabaseFault | null {
  const fault = databaseFault(error);
  if (fault === "io_error" || fault === "gone" || fault === "read_only") faultState.__vinscopeReopenDb = true;
  return fault;
}

/** True once after noteDatabaseError asked for a fresh connection. */
export function takeReopenRequest(): boolean {
  const asked = faultState.__vinscopeReopenDb === true;
  faultState.__vinscopeReopenDb = false;
  return asked;
}
