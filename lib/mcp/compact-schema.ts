/**
 * JSON Schemas for `tools/list`, small enough to sit in every agent's context. zod's own JSON Schema output
 * (draft 2020-12), then:
 * - output schemas keep the shape only: no descriptions, examples or titles (the tool's description says what
 *   the answer holds, and the OpenAPI document describes every field), no `additionalProperties: false`, no
 *   integer bounds that only restate JavaScript's safe range;
 * - `anyOf [X, null]` of a plain type becomes `type: [X, "null"]`;
 * - every subschema that occurs more than once is written once under `$defs` and referenced (`$ref`), named by
 *   its zod id where it has one. Input schemas stay inline: some clients turn them into function-calling
 *   parameters and do not follow references there.
 */
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Keys a shape-only schema drops: prose, and bounds that are the producer's business rather than the shape. */
const PROSE = new Set([
  "description",
  "examples",
  "title",
  "$schema",
  "id",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
]);

/** A subschema worth a `$defs` entry when repeated: a reference costs about 20 characters. */
const MIN_SHARED_LENGTH = 48;

/** Input schemas keep each argument's description (examples are in it), once: not again inside an `anyOf` branch. */
export function toolInputSchema(schema: z.ZodObject): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...json
  } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", reused: "inline" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  return withoutBranchProse(tidy(inlineRefs(json, $defs ?? {}), false)) as JsonSchema;
}

function withoutBranchProse(value: unknown, inBranch = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutBranchProse(v, inBranch));
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "examples" || (inBranch && key === "description")) continue;
    out[key] = withoutBranchProse(v, inBranch || key === "anyOf");
  }
  return out;
}

/** `briefly`: parts of the schema described by a shorter one (each tool's definition in lib/mcp/tools/ says which). */
export function toolOutputSchema(
  schema: z.ZodObject,
  briefly: readonly (readonly [z.ZodType, z.ZodType])[] = [],
): JsonSchema {
  const briefs = new Map<unknown, z.ZodType>(briefly);
  const convert = (s: z.ZodType): JsonSchema =>
    z.toJSONSchema(s, {
      target: "draft-2020-12",
      io: "output",
      reused: "inline",
      override: (ctx) => {
        const brief = briefs.get(ctx.zodSchema);
        if (!brief || brief === s) return;
        // The brief is converted with the same briefs: a part of it may have its own.
        const { $schema: _dialect, ...replacement } = convert(brief);
        for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[key];
        Object.assign(ctx.jsonSchema, replacement);
      },
    }) as JsonSchema;
  const { $defs, ...top } = convert(schema) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const shapes = tidy(inlineRefs(top, $defs ?? {}), true) as JsonSchema;
  return shareRepeated(shapes, idsOf($defs ?? {}));
}

/** Replaces every `#/$defs/X` reference with the definition itself (shared again, by shape, below). */
function inlineRefs(value: unknown, defs: Record<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, defs));
  if (!value || typeof value !== "object") return value;
  const ref = (value as JsonSchema).$ref;
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) return inlineRefs(defs[ref.slice(8)], defs);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlineRefs(v, defs)]));
}

/** zod ids by the shape they stand for, so a shared definition keeps a readable name ("RecallItem"). */
function idsOf(defs: Record<string, JsonSchema>): Map<string, string> {
  const names = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const [id, def] of Object.entries(defs)) {
    const shape = JSON.stringify(tidy(inlineRefs(def, defs), true));
    if (names.has(shape)) ambiguous.add(shape);
    names.set(shape, id);
  }
  // A shape several ids share (briefs) is named by none of them.
  for (const shape of ambiguous) names.delete(shape);
  return names;
}

function tidy(value: unknown, shapeOnly: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => tidy(v, shapeOnly));
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$schema") continue;
    if (shapeOnly && PROSE.has(key)) continue;
    if (shapeOnly && key === "additionalProperties" && (v === false || isEmptyObject(v))) continue;
    // A record's keys are strings anyway.
    if (key === "propertyNames" && isEmptyObject(v, ["type"]) && (v as JsonSchema).type === "string") continue;
    if (shapeOnly && key === "properties" && isEmptyObject(v)) continue;
    if ((key === "minimum" && v === SAFE_MIN) || (key === "maximum" && v === SAFE_MAX)) continue;
    // zod spells out a date or date-time `format` as a long regular expression too: the format says it.
    if (key === "pattern" && typeof (value as JsonSchema).format === "string") continue;
    // Property names are data, not schema keywords: tidy each property's schema, keep every name.
    out[key] =
      key === "properties" || key === "$defs"
        ? mapValues(v as JsonSchema, (s) => tidy(s, shapeOnly))
        : tidy(v, shapeOnly);
  }
  const shaped = nullableType(out);
  // An enum lists every value, so its type is implied.
  if (shapeOnly && Array.isArray(shaped.enum) && "type" in shaped) delete shaped.type;
  return shaped;
}

function isEmptyObject(value: unknown, except: string[] = []): boolean {
  return (
    !!value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).every((k) => except.includes(k))
  );
}

const PLAIN_KEYS = new Set([
  "type",
  "enum",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "const",
]);

/** `anyOf: [{ type: "string", … }, { type: "null" }]` → `{ type: ["string", "null"], … }` for plain types. */
function nullableType(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return schema;
  const isNull = (s: JsonSchema) => s.type === "null" && Object.keys(s).length === 1;
  const [a, b] = anyOf as JsonSchema[];
  const other = isNull(b) ? a : isNull(a) ? b : null;
  if (!other || !Object.keys(other).every((k) => PLAIN_KEYS.has(k)) || "const" in other) return schema;
  const { anyOf: _dropped, ...rest } = schema;
  // An enum (its type implied) takes null as one more value; a plain type becomes [type, "null"].
  if (Array.isArray(other.enum))
    return {
      ...rest,
      ...other,
      enum: [...other.enum, null],
      ...(typeof other.type === "string" ? { type: [other.type, "null"] } : {}),
    };
  if (typeof other.type !== "string") return schema;
  return { ...rest, ...other, type: [other.type, "null"] };
}

function mapValues(object: JsonSchema, f: (v: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, f(v)]));
}

/**
 * Writes every object subschema that occurs more than once (and is long enough to gain) once under `$defs`.
 * Larger shapes are shared first, so a repeated object is one reference, not many references to its parts.
 */
function shareRepeated(root: JsonSchema, ids: Map<string, string>): JsonSchema {
  const counts = new Map<string, number>();
  const count = (value: unknown, isSchema: boolean) => {
    if (Array.isArray(value)) return value.forEach((v) => count(v, isSchema));
    if (!value || typeof value !== "object") return;
    const text = JSON.stringify(value);
    if (isSchema && text.length >= MIN_SHARED_LENGTH) counts.set(text, (counts.get(text) ?? 0) + 1);
    for (const [k, v] of Object.entries(value)) {
      if (k === "properties") Object.values(v as JsonSchema).forEach((s) => count(s, true));
      else if (k === "enum" || k === "required" || k === "const") continue;
      else count(v, true);
    }
  };
  count(root, false);

  const defs: Record<string, JsonSchema> = {};
  const nameOf = new Map<string, string>();
  const used = new Set<string>();
  const name = (text: string) => {
    let n = nameOf.get(text);
    if (n) return n;
    const id = ids.get(text);
    n = id && !used.has(id) ? id : `T${nameOf.size + 1}`;
    used.add(n);
    nameOf.set(text, n);
    return n;
  };
  const rewrite = (value: unknown, isSchema: boolean, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, isSchema, false));
    if (!value || typeof value !== "object") return value;
    const text = JSON.stringify(value);
    if (isSchema && !top && (counts.get(text) ?? 0) > 1) {
      const n = name(text);
      if (!(n in defs)) {
        defs[n] = {};
        defs[n] = rewrite(value, true, true) as JsonSchema;
      }
      return { $ref: `#/$defs/${n}` };
    }
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "properties") out[k] = mapValues(v as JsonSchema, (s) => rewrite(s, true, false));
      else if (k === "enum" || k === "required" || k === "const") out[k] = v;
      else out[k] = rewrite(v, true, false);
    }
    return out;
  };
  const shared = rewrite(root, false, true) as JsonSchema;
  return Object.keys(defs).length ? { ...shared, $defs: defs } : shared;
}
