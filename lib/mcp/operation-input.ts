/**
 * A tool's arguments parsed with the schemas of the HTTP operation it mirrors: each value is sent as an HTTP
 * client would send it (numbers and booleans as text, a name where the path takes a slug slugified), so the
 * rules and their messages are the operation's, stated once.
 */
import { MakeSlug, ModelSlug } from "../contract/params";
import type { RouteSpec } from "../api/operations";
import { parseInput } from "../http/params";
import type { RouteInput } from "../http/route";
import { slugify } from "../vehicle";

const SLUG_PARAMS = new Set<unknown>([MakeSlug, ModelSlug]);

function asSent(shape: Record<string, unknown>, args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    const text = String(value);
    out[name] = SLUG_PARAMS.has(field) ? slugify(text) : text;
  }
  return out;
}

export function operationInput<R extends RouteSpec>(op: R, args: Record<string, unknown>): RouteInput<R> {
  const params = op.pathParams ? parseInput(op.pathParams, asSent(op.pathParams.shape, args)) : undefined;
  const query = op.query ? parseInput(op.query, asSent(op.query.shape, args)) : undefined;
  return { params, query } as RouteInput<R>;
}
