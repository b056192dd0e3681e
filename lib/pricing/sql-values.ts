/**
 * Values as the two databases hand them back from raw SQL: SQLite returns DATETIME as ISO text or epoch
 * milliseconds (depending on the writer), PostgreSQL a Date; COUNT is a bigint on PostgreSQL.
 */
export type SqlDate = Date | string | number;

export function toDate(value: SqlDate): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  return new Date(/^\d+$/.test(value) ? Number(value) : value);
}
