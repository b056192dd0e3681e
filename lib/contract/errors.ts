/**
 * The one typed error of the service. Domain code throws `ApiError` (or returns a typed "not found" result
 * that a route turns into one); lib/http/problem.ts maps it to an RFC 9457 problem-details response. Nothing
 * else decides a status code or an error body.
 */
import type { ProblemReason } from "./problem";

export type { ProblemReason };

export interface ProblemExtensions {
  /** Machine-readable cause: one of the documented reasons (lib/contract/problem.ts), each with a /docs anchor. */
  reason?: ProblemReason;
  /** The request parameter at fault, when there is one. */
  param?: string;
  [member: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }

  get reason(): ProblemReason | undefined {
    return this.extensions.reason;
  }
}

export const badRequest = (detail: string, extensions: ProblemExtensions = {}) =>
  new ApiError(400, "Bad Request", detail, { reason: "invalid_request", ...extensions });

export const unauthorized = (detail: string, reason: ProblemReason) =>
  new ApiError(401, "Unauthorized", detail, { reason }, { "WWW-Authenticate": 'ApiKey header="x-api-key"' });

export const notFound = (detail: string, extensions: ProblemExtensions = {}) =>
  new ApiError(404, "Not Found", detail, { reason: "not_found", ...extensions });

export const methodNotAllowed = (allow: string[]) =>
  new ApiError(
    405,
    "Method Not Allowed",
    `This endpoint accepts ${allow.join(", ")}.`,
    { reason: "method_not_allowed" },
    {
      Allow: allow.join(", "),
    },
  );

export const payloadTooLarge = (detail: string) =>
  new ApiError(413, "Content Too Large", detail, { reason: "payload_too_large" });

export const badGateway = (detail: string, reason: ProblemReason = "fetch_error") =>
  new ApiError(502, "Bad Gateway", detail, { reason });

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
