import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { DatabaseUnavailableError, databaseFault } from "./faults";

describe("databaseFault", () => {
  test.each([
    [Object.assign(new Error("disk I/O error"), { name: "SqliteError", code: "SQLITE_IOERR_WRITE" }), "io_error"],
    [Object.assign(new Error("database is locked"), { name: "SqliteError", code: "SQLITE_BUSY" }), "locked"],
    [
      Object.assign(new Error("attempt to write a readonly database"), {
        name: "SqliteError",
        code: "SQLITE_READONLY",
      }),
      "read_only",
    ],
    [new DriverAdapterError({ kind: "sqlite", extendedCode: 778, message: "disk I/O error" }), "io_error"],
    [new DriverAdapterError({ kind: "DatabaseNotReachable", host: "h", port: 1 }), "unreachable"],
    [new DriverAdapterError({ kind: "SocketTimeout" }), "timeout"],
    [
      new DriverAdapterError({
        kind: "postgres",
        code: "57P01",
        severity: "FATAL",
        message: "terminating connection",
        detail: undefined,
        column: undefined,
        hint: undefined,
      }),
      "unreachable",
    ],
    [Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), "unreachable"],
    [Object.assign(new Error("x"), { name: "PrismaClientKnownRequestError", code: "P1001" }), "unreachable"],
    [
      Object.assign(new Error("Invalid `db.x()` invocation: Timed out fetching a new connection"), {
        name: "PrismaClientKnownRequestError",
      }),
      "timeout",
    ],
    // node-postgres's pool, full and no connection freed within connectionTimeoutMillis
    [new Error("timeout exceeded when trying to connect"), "timeout"],
    [
      new Error("Connection terminated due to connection timeout", {
        cause: new Error("Connection terminated unexpectedly"),
      }),
      "timeout",
    ],
    // node-postgres's Error for a pooled connection cut under it, as Prisma's client passes it on to a page
    [Object.assign(new Error("Connection terminated unexpectedly"), { clientVersion: "6.19.3" }), "unreachable"],
    [new DatabaseUnavailableError("gone", "gone"), "gone"],
    // Thrown by another bundle's copy of the class (a page's), classified in instrumentation.ts's.
    [
      Object.assign(new Error("the SQLite file is missing"), { name: "DatabaseUnavailableError", fault: "gone" }),
      "gone",
    ],
    [new DriverAdapterError({ kind: "TableDoesNotExist", table: "main.DealerKey" }), "not_migrated"],
    [Object.assign(new Error("x"), { name: "PrismaClientKnownRequestError", code: "P2021" }), "not_migrated"],
    [
      new DriverAdapterError({
        kind: "postgres",
        code: "42P01",
        severity: "ERROR",
        message: 'relation "Setting" does not exist',
        detail: undefined,
        column: undefined,
        hint: undefined,
      }),
      "not_migrated",
    ],
    [
      Object.assign(new Error("wrapped"), {
        cause: Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }),
      }),
      "locked",
    ],
  ])("%s → %s", (error, fault) => {
    expect(databaseFault(error)).toBe(fault);
  });

  test.each([
    [new Error("connection refused")], // an outside system's words, not a database's error
    [new Error("The operation was aborted due to timeout")],
    [new TypeError("x is undefined")],
    [Object.assign(new Error("Unique constraint failed"), { name: "PrismaClientKnownRequestError", code: "P2002" })],
    [null],
    ["SQLITE_BUSY"],
  ])("not a database fault: %s", (error) => {
    expect(databaseFault(error)).toBeNull();
  });
});
