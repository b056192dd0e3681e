/**
 * The error body of every endpoint (RFC 9457 problem details, `application/problem+json`), as lib/http/problem.ts
 * builds it. `reason` is the machine-readable cause; each reason has a section on the docs page
 * (`/docs#problem-<reason>`), which is what `type` points to. This list is the one source of the reasons: it
 * types `ApiError`'s `reason` (`ProblemReason`, lib/contract/errors.ts), so a reason missing here does not compile,
 * and it builds the schema's enum in the OpenAPI document and the /docs sections.
 */
import { z } from "zod";
import { DATABASE_FAULTS } from "../db/faults";

/** Every reason the API answers with, and what it means (rendered on /docs under `problem-<reason>`). */
export const PROBLEM_REASONS = {
  invalid_parameter:
    "A path or query parameter (or a body field) is malformed; `param` names it and `errors` lists every issue.",
  invalid_request: "The request as a whole is malformed.",
  invalid_vin:
    "The VIN is not 17 characters of A-Z (except I, O, Q) and 0-9; `vinError` says which rule failed where given.",
  invalid_json: "The request body is not JSON.",
  batch_too_large:
    "More VINs than one request may carry (provision: 500, or 25 with live: true; the batch decode GET /api/public/vins: 50); `limit` gives the limit.",
  not_found: "The resource does not exist (e.g. a recall campaign number NHTSA does not know, or no window sticker).",
  unknown_manufacturer:
    "The VIN's first three characters (WMI) name no manufacturer in NHTSA's vPIC data, so it cannot be decoded.",
  undecodable_vin: "The manufacturer is known but no vPIC pattern matches the rest of the VIN.",
  vin_not_decodable:
    "The VIN could not be decoded to a model year, make and model, so its recalls cannot be looked up.",
  unknown_vehicle: "NHTSA's vPIC data knows no vehicle of this model year, make and model.",
  watchlist_full:
    "Adding these VINs would take the key's watchlist past its limit (`limit`, WATCHLIST_MAX_VINS); nothing was added.",
  webhook_url_refused:
    "The webhook URL cannot be used: it must be https, carry no user name or password, and resolve only to public addresses (not loopback, private, link-local or metadata ones).",
  unknown_make:
    "NHTSA's vPIC data knows no make of this name; `GET /api/public/makes` lists those it knows, with their slugs.",
  unknown_wmi: "Neither NHTSA's vPIC data nor vinscope's list of well-known manufacturer codes names this WMI.",
  not_supported: "No manufacturer source serves window stickers for this make, and no copy is archived.",
  missing_key: "The dealer API needs an API key in the `x-api-key` header.",
  invalid_key: "The API key is not valid.",
  revoked_key: "The API key has been revoked.",
  expired_key: "The API key's trial has ended; `detail` links the account page, where the dealer subscribes.",
  subscription_inactive:
    "The subscription of the key's account has been cancelled or has lapsed; `detail` links the account page, where the dealer resubscribes.",
  invalid_signature:
    "A webhook's signature does not verify against its body (forged, altered, or signed with another secret).",
  method_not_allowed: "The endpoint does not accept this HTTP method; the `Allow` header lists the methods it does.",
  payload_too_large: "The request body is larger than the endpoint accepts.",
  unsupported_media_type: "The request body's content type is not one the endpoint accepts.",
  manufacturer_busy:
    "Too many window-sticker requests already wait for this manufacturer's service; it was not asked. Retry after the `Retry-After` seconds.",
  manufacturer_unavailable:
    "This manufacturer's service failed repeatedly and is given a rest (its circuit breaker is open); it was not asked. Retry after the `Retry-After` seconds.",
  fetch_error: "An outside system (NHTSA or a manufacturer) could not be reached or answered unusably; retry later.",
  database_unavailable:
    "The service's database cannot serve right now: unreachable, locked past its deadline, read-only, failing with I/O errors, or its file gone (`fault` says which). The service recovers by itself when the fault clears; retry after the `Retry-After` seconds.",
  answer_unknown:
    'The answer is not known right now: its source could not be reached and nothing stored covers it (the recall feed of a vehicle whose recalls are unknown; an empty feed would read as "no recalls"). Retry after the `Retry-After` seconds.',
  internal_error: "An unexpected error on the service's side; quote the `requestId` when reporting it.",
  bad_encoding:
    "The path or query string has a malformed percent-escape: a `%` must be followed by two hex digits, and the escapes must spell UTF-8.",
  control_characters:
    "The path or query string contains NUL or other control characters (U+0000 to U+001F, U+007F), which no parameter accepts.",
  cross_site_post:
    "A form was posted to this site from another site's page (its Origin is not this host); refused to protect against cross-site request forgery.",
  uri_too_long: "The request target (path and query string) is longer than 8,192 characters.",
  rate_limited:
    "Too many requests from this client address (or with this dealer key) within the window: `limit` requests per `windowSeconds` seconds. Retry after the `Retry-After` seconds; the `RateLimit` and `RateLimit-Policy` headers on every answer show the quota and what is left of it.",
  deadline_exceeded:
    "The request could not be answered within the service's overall deadline (REQUEST_DEADLINE_MS); retry after the `Retry-After` seconds.",
  request_timeout:
    "The request declared a body that did not arrive within the service's overall deadline (REQUEST_DEADLINE_MS); the connection is closed.",
} as const satisfies Record<string, string>;

export type ProblemReason = keyof typeof PROBLEM_REASONS;
export const PROBLEM_REASON_LIST = Object.keys(PROBLEM_REASONS) as [ProblemReason, ...ProblemReason[]];

const ParameterIssue = z
  .object({
    param: z.string().optional().meta({ description: "the parameter or body field at fault (dotted path)" }),
    detail: z.string(),
  })
  .meta({ id: "ParameterIssue" });

export const Problem = z
  .looseObject({
    type: z.string().meta({
      format: "uri",
      description: "URI of the documentation of this kind of problem: `<base>/docs#problem-<reason>`",
    }),
    title: z.string().meta({ description: "the HTTP status text" }),
    status: z.int().min(400).max(599),
    detail: z.string().meta({ description: "what went wrong with this request, in words" }),
    instance: z.string().optional().meta({ description: "the request path" }),
    requestId: z.string().meta({ description: "the request id (also in the x-request-id header)" }),
    reason: z
      .enum(PROBLEM_REASON_LIST)
      .meta({
        id: "ProblemReason",
        description: "machine-readable cause; each is explained at `/docs#problem-<reason>`",
      })
      .optional(),
    param: z.string().optional().meta({ description: "the request parameter at fault, when there is one" }),
    errors: z.array(ParameterIssue).optional().meta({ description: "every input issue found (invalid_parameter)" }),
    vinError: z
      .enum(["length", "forbidden_letters", "invalid_characters"])
      .optional()
      .meta({ description: "which VIN format rule failed (invalid_vin)" }),
    errorCodes: z.array(z.string()).optional().meta({ description: "NHTSA vPIC error codes of a failed decode" }),
    limit: z
      .int()
      .optional()
      .meta({ description: "the limit that was crossed (batch_too_large; rate_limited: requests per window)" }),
    windowSeconds: z.int().optional().meta({ description: "the rate-limit window in seconds (rate_limited)" }),
    retryAfterSeconds: z
      .int()
      .optional()
      .meta({ description: "seconds until the quota resets, as in Retry-After (rate_limited)" }),
    fault: z
      .enum(DATABASE_FAULTS)
      .optional()
      .meta({ description: "how the database cannot serve (database_unavailable)" }),
  })
  .meta({
    id: "Problem",
    description:
      "RFC 9457 problem details (content type application/problem+json). Extension members other than those " +
      "listed may be added; clients should ignore members they do not know.",
    examples: [
      {
        type: "http://localhost:3000/docs#problem-invalid_vin",
        title: "Bad Request",
        status: 400,
        detail: "a VIN has 17 characters, got 16",
        instance: "/api/public/vin/1FTFW1E50NFA0000",
        reason: "invalid_vin",
        param: "vin",
        vinError: "length",
        requestId: "5f0c1e9a-3b7d-4c2e-9a41-7d2b8e6f1c30",
      },
    ],
  });
export type Problem = z.infer<typeof Problem>;
