/**
 * Parsing request input with the operations' zod schemas. A failure becomes one 400 problem that names the
 * parameter and says what is wrong with it; `errors` lists every problem found (RFC 9457 extension member).
 */
import type { z } from "zod";
import { badRequest, payloadTooLarge, type ProblemExtensions, type ProblemReason } from "../contract/errors";

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  opts: { reason?: ProblemReason } = {},
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    param: issue.path.map(String).join(".") || undefined,
    detail: issue.message,
  }));
  const first = errors[0];
  // A parameter whose schema names its own problem (a VIN: invalid_vin and the rule that failed) answers it,
  // with its sentence as the detail.
  const own = (result.error.issues[0] as { params?: { problem?: ProblemExtensions & { reason: ProblemReason } } })
    .params?.problem;
  if (own) return failWith(first.detail, { ...own, param: first.param, errors });
  const detail = first.param ? `${first.param}: ${first.detail}` : first.detail;
  return failWith(detail, { reason: opts.reason ?? "invalid_parameter", param: first.param, errors });
}

function failWith(detail: string, extensions: ProblemExtensions): never {
  throw badRequest(detail, extensions);
}

/** URLSearchParams → a plain object; a repeated parameter keeps every value so schemas can reject it. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** A dynamic path segment as the client meant it: percent-decoded when it is well-formed, as it came otherwise. */
export function pathParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A JSON request body of at most `maxBytes` (413 payload_too_large past it, by Content-Length or by what came);
 * 400 invalid_json, with `shape` as the hint, when it is not JSON.
 */
export async function readJsonBody(req: Request, maxBytes: number, shape: string): Promise<unknown> {
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) {
    throw payloadTooLarge(`The body may hold at most ${maxBytes} bytes.`);
  }
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) throw payloadTooLarge(`The body may hold at most ${maxBytes} bytes.`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`The body must be JSON: ${shape}.`, { reason: "invalid_json" });
  }
}
