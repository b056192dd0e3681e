/**
 * RFC 9457 problem details: the only way an error leaves the service. `ApiError`s keep their status, title,
 * detail and extension members; anything else is logged with the request id and answered as a bare 500.
 */
import { ApiError } from "../contract/errors";
import { problemBody } from "../contract/problem-body";
import { config } from "../config";
import { FAULT_DETAIL, noteDatabaseError } from "../db/faults";
import { log } from "../log";
import { CACHE } from "../api/cache";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function problemResponse(error: unknown, requestId: string, instance?: string): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : (databaseUnavailable(error, requestId, instance) ?? internalError(error, requestId, instance));
  return new Response(JSON.stringify(problemBody(apiError, requestId, instance)), {
    status: apiError.status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": CACHE.none, ...apiError.headers },
  });
}

/** Retry-After for a database fault: the service heals by itself once the fault clears. */
export function databaseRetryAfterSeconds(): number {
  try {
    return config().databaseFaults.retryAfterSeconds;
  } catch {
    return 5;
  }
}

/** A database that cannot serve is a 503 the client may retry, not a bug: logged as a warning, with its cause. */
function databaseUnavailable(error: unknown, requestId: string, instance?: string): ApiError | null {
  const fault = noteDatabaseError(error);
  if (!fault) return null;
  log().warn({ requestId, instance, fault, err: error }, "database unavailable");
  const retryAfter = databaseRetryAfterSeconds();
  return new ApiError(
    503,
    "Service Unavailable",
    `${FAULT_DETAIL[fault]} Retry in ${retryAfter} s.`,
    { reason: "database_unavailable", fault },
    { "Retry-After": String(retryAfter) },
  );
}

function internalError(error: unknown, requestId: string, instance?: string): ApiError {
  log().error({ requestId, instance, err: error }, "unhandled error");
  return new ApiError(
    500,
    "Internal Server Error",
    `Something went wrong on our side. Quote request id ${requestId} if you report it.`,
    { reason: "internal_error" },
  );
}
