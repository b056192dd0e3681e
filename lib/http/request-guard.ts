/**
 * Checks on the request target, run once for every request by the server gate (lib/http/server-gate.ts): input
 * Next.js itself would choke on (a malformed `%` escape in a dynamic segment is a plain-text 500 from Next's
 * param decoding) or that has no business in a URL (NUL and control characters, which PostgreSQL rejects in
 * text and logs would carry raw). Each becomes a 400 problem with its own reason.
 */
import { ApiError } from "../contract/errors";

/** Longer request targets are refused (414); Node's own header limit (16 KB) would close the connection. */
const MAX_TARGET_LENGTH = 8192;

const CONTROL = /[\u0000-\u001f\u007f]/;

const badEncoding = (where: string) =>
  new ApiError(
    400,
    "Bad Request",
    `The ${where} has a malformed percent-escape (a % must be followed by two hex digits of UTF-8).`,
    {
      reason: "bad_encoding",
    },
  );

const controlCharacters = (where: string) =>
  new ApiError(400, "Bad Request", `The ${where} contains NUL or other control characters.`, {
    reason: "control_characters",
  });

function decodes(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The problem with a request's path and query string, or null when they are fine. */
export function requestTargetProblem(pathname: string, search: string): ApiError | null {
  if (pathname.length + search.length > MAX_TARGET_LENGTH) {
    return new ApiError(414, "URI Too Long", `The request target is longer than ${MAX_TARGET_LENGTH} characters.`, {
      reason: "uri_too_long",
    });
  }
  for (const segment of pathname.split("/")) {
    const decoded = decodes(segment);
    if (decoded === null) return badEncoding("path");
    if (CONTROL.test(decoded)) return controlCharacters("path");
  }
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (query) {
    for (const part of query.split("&")) {
      const decoded = decodes(part.replace(/\+/g, " "));
      if (decoded === null) return badEncoding("query string");
      if (CONTROL.test(decoded)) return controlCharacters("query string");
    }
  }
  return null;
}

/** Methods no route of this service answers; refused before routing (TRACE would echo headers back). */
export const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

/**
 * A multipart body without a usable boundary (RFC 2046: 1 to 70 characters). Next.js parses a multipart POST
 * to a page as a form action and throws on it (a 500) before any code of ours runs.
 */
export function multipartProblem(contentType: string | null): ApiError | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const boundary = contentType.match(/;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i);
  const value = boundary ? (boundary[1] ?? boundary[2] ?? "") : "";
  if (value.length >= 1 && value.length <= 70) return null;
  return new ApiError(400, "Bad Request", "A multipart body needs a boundary parameter of 1 to 70 characters.", {
    reason: "invalid_request",
  });
}
