/**
 * The OpenAPI 3.1 document, generated from the operation list (lib/api/operations.ts) and the zod schemas it
 * imports: zod 4's own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect), with every schema that
 * carries a `.meta({ id })` placed once under components/schemas and referenced from everywhere else, and the
 * responses many operations give alike placed once under components/responses.
 *
 * Which side of a schema is described: responses as the service produces them (zod "output"); request bodies
 * as a client sends them ("input"); parameters by the value they carry once parsed, which is what a generated
 * client sends: the flags are codecs from text to a boolean and the years from text to an integer, so the
 * document says `boolean` and `integer`. A parameter whose parse is a plain transform JSON Schema cannot express
 * (a VIN in a query) is described by the text accepted.
 *
 * Why not zod-openapi: its 6.x needs Node 22.14 (we support 20.9); 5.4.6 gives the same 37
 * components from the same `.meta({ id })` schemas, but describes parameters only as the text sent (the year as
 * "^\d{4}$", not the integer 2020-2030 the contract documents), repeats each description in the parameter and its
 * schema, and would replace only the schema collection and rewriteRefs (~40 lines): the rest here (problem responses
 * on every operation, rate-limit and conditional-GET headers, cache notes) is this API's own contract.
 */
import { z } from "zod";
import { CACHE } from "../api/cache";
import { API_VERSION } from "../version";
import { isRateLimitedPath } from "../rate-limit";
import {
  KEY_RATE_LIMITED_RESPONSE,
  OPERATIONS,
  PROBLEM_TYPE,
  RATE_LIMITED_RESPONSE,
  SERVICE_RESPONSES,
  type MediaSpec,
  type OperationSpec,
  type ResponseHeader,
  type ResponseSpec,
} from "../api/operations";
import { PROBLEM_REASONS } from "../contract/problem";
import { MCP_TOOLS, toolNamesInWords } from "../mcp";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
  };
  externalDocs: { description: string; url: string };
}

const TAGS = [
  { name: "VIN", description: "VIN decoding with NHTSA's vPIC data." },
  {
    name: "Catalog",
    description:
      "The makes, models and manufacturer codes (WMIs) NHTSA's vPIC data knows, with the slugs the other endpoints take.",
  },
  { name: "Pricing", description: "Aggregate pricing from verified buyer deals, and the market overview." },
  { name: "Recalls", description: "Open NHTSA recall campaigns." },
  { name: "Insights", description: "Short factual insights per model year, make and model." },
  {
    name: "Buyer data",
    description: "NCAP safety ratings, NHTSA owner complaints and EPA fuel economy per model year, make and model.",
  },
  {
    name: "Dealer",
    description: "Key-authenticated dealer API (v1): original window stickers and bulk inventory checks.",
  },
  {
    name: "Alerts",
    description: "Dealer API (v1): watch VINs and receive new recalls by signed webhook (Standard Webhooks).",
  },
  { name: "Billing", description: "Stripe's webhook for dealer subscriptions (called by Stripe)." },
  { name: "MCP", description: "The Model Context Protocol server over HTTP." },
  { name: "Meta", description: "Descriptions of the service itself." },
];

const HEADERS: Record<ResponseHeader, JsonSchema> = {
  etag: {
    description: "Entity tag of the body; send it back in If-None-Match to get a 304 when nothing changed.",
    schema: { type: "string" },
  },
  cacheControl: { description: "How long the answer may be cached (see each operation).", schema: { type: "string" } },
  requestId: {
    description:
      "The request id (the caller's own when it sent a sane x-request-id, otherwise generated); also in problem bodies.",
    schema: { type: "string" },
  },
  wwwAuthenticate: {
    description: 'Names the expected credential: `ApiKey header="x-api-key"`.',
    schema: { type: "string" },
  },
  allow: { description: "The methods the endpoint accepts.", schema: { type: "string" } },
  retryAfter: { description: "Seconds after which a retry may succeed.", schema: { type: "string" } },
  rateLimitPolicy: {
    description:
      'The rate-limit quota (draft-ietf-httpapi-ratelimit-headers): `"address";q=60;w=60` is 60 requests per 60 s per client address ' +
      '(`"key"` for a dealer key\'s limit). Absent for exempt clients.',
    schema: { type: "string" },
  },
  rateLimit: {
    description:
      'What is left of the quota: `"address";r=42;t=17` is 42 more requests, the window resetting in 17 s. Absent when the ' +
      "counters could not be read (the request was let through).",
    schema: { type: "string" },
  },
  dailyVolume: {
    description:
      'Only past the daily VIN volume (DEALER_DAILY_VIN_FLAG, default 10,000): `exceeded;vins=10423;threshold=10000;day="2026-11-23"`. ' +
      "The key keeps working; bulk use at this volume needs the operator's agreement.",
    schema: { type: "string" },
  },
  accountWarning: {
    description:
      "Present while the key's account has a failed payment (`past_due; …`): the key still works, but stops when the subscription lapses.",
    schema: { type: "string" },
  },
};
const HEADER_NAMES: Record<ResponseHeader, string> = {
  etag: "ETag",
  cacheControl: "Cache-Control",
  requestId: "x-request-id",
  wwwAuthenticate: "WWW-Authenticate",
  allow: "Allow",
  retryAfter: "Retry-After",
  rateLimitPolicy: "RateLimit-Policy",
  rateLimit: "RateLimit",
  dailyVolume: "Vinscope-Daily-Volume",
  accountWarning: "x-account-warning",
};

/**
 * Collects what the document states once and refers to: the id'd schemas met while converting (under
 * components/schemas), and the named responses many operations share (under components/responses).
 */
class Components {
  readonly components: Record<string, JsonSchema> = {};
  readonly responses: Record<string, JsonSchema> = {};

  /**
   * A named response as a reference, where this operation's copy is the one stored under the name (the first
   * met, in document order); an operation whose copy differs (other headers, e.g. a dealer operation's) keeps
   * its own inline.
   */
  response(name: string, built: JsonSchema): JsonSchema {
    const known = this.responses[name];
    if (!known) this.responses[name] = built;
    else if (JSON.stringify(known) !== JSON.stringify(built)) return built;
    return { $ref: `#/components/responses/${name}` };
  }

  convert(schema: z.ZodType, io: Io): JsonSchema {
    const {
      $defs,
      $schema: _dialect,
      ...top
    } = z.toJSONSchema(schema, { target: "draft-2020-12", io, override: withoutSafeIntegerBounds }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    void _dialect;
    for (const [id, def] of Object.entries($defs ?? {})) this.add(id, rewriteRefs(def) as JsonSchema);
    return rewriteRefs(top) as JsonSchema;
  }

  private add(id: string, def: JsonSchema) {
    const known = this.components[id];
    if (known && JSON.stringify(known) !== JSON.stringify(def)) {
      // Two different shapes under one id (e.g. a schema used both as input and output with different JSON).
      throw new Error(`OpenAPI: schema id "${id}" describes two different shapes`);
    }
    this.components[id] = def;
  }
}

/** z.int() states JavaScript's safe-integer range as bounds; they tell a client nothing, so they are left out. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === "$ref" && typeof v === "string" ? v.replace(/^#\/\$defs\//, "#/components/schemas/") : rewriteRefs(v);
  }
  return out;
}

/** A parameter's value as parsed if JSON Schema can say it, otherwise the text accepted (see the file comment). */
function parameterSchema(collector: Components, schema: z.ZodType): JsonSchema {
  try {
    return collector.convert(schema, "output");
  } catch {
    return collector.convert(schema, "input");
  }
}

function parameters(collector: Components, op: OperationSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: "path" | "query", object: z.ZodObject | undefined) => {
    for (const [name, prop] of Object.entries(object?.shape ?? {})) {
      const { description, examples, ...schema } = parameterSchema(collector, prop as z.ZodType);
      const optional = (prop as z.ZodType).safeParse(undefined).success;
      out.push({
        name,
        in: where,
        required: where === "path" || !optional,
        ...(description ? { description } : {}),
        schema,
        ...(Array.isArray(examples) && examples.length ? { example: examples[0] } : {}),
      });
    }
  };
  add("path", op.pathParams);
  add("query", op.query);
  if (op.conditional) out.push({ $ref: "#/components/parameters/If-None-Match" });
  return out;
}

function content(collector: Components, media: Record<string, MediaSpec>, io: Io): JsonSchema {
  const out: JsonSchema = {};
  for (const [type, spec] of Object.entries(media))
    out[type] = spec.schema ? { schema: collector.convert(spec.schema, io) } : {};
  return out;
}

/**
 * The operation's own responses plus SERVICE_RESPONSES. Where the operation documents the status already, its
 * description stays and the problem body is added to its media types (e.g. /api/mcp's JSON-RPC 400).
 */
function withServiceResponses(own: Record<string, ResponseSpec>): Record<string, ResponseSpec> {
  const out = { ...own };
  for (const [status, shared] of Object.entries(SERVICE_RESPONSES)) {
    const mine = out[status];
    if (!mine) out[status] = shared;
    else if (!mine.content?.[PROBLEM_TYPE]) {
      out[status] = {
        ...mine,
        description: `${mine.description} ${shared.description}`,
        content: { ...mine.content, ...shared.content },
        headers: [...new Set([...(mine.headers ?? []), ...(shared.headers ?? [])])],
      };
    }
  }
  return out;
}

/**
 * Rate limits: an operation under a limited path answers 429 and carries RateLimit-Policy / RateLimit on
 * every answer; a dealer operation may answer 429 (per-key limit, when set) and carries the daily-volume flag.
 */
function withRateLimits(op: OperationSpec, responses: Record<string, ResponseSpec>): Record<string, ResponseSpec> {
  const limited = isRateLimitedPath(op.path);
  const dealer = op.security === "dealerKey";
  if (!limited && !dealer) return responses;
  const extra: ResponseHeader[] = dealer
    ? ["rateLimitPolicy", "rateLimit", "dailyVolume"]
    : ["rateLimitPolicy", "rateLimit"];
  const out: Record<string, ResponseSpec> = {
    ...responses,
    "429": dealer ? KEY_RATE_LIMITED_RESPONSE : RATE_LIMITED_RESPONSE,
  };
  for (const [status, spec] of Object.entries(out))
    out[status] = { ...spec, headers: [...new Set([...(spec.headers ?? []), ...extra])] };
  return out;
}

function operation(collector: Components, op: OperationSpec): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, spec] of Object.entries(withRateLimits(op, withServiceResponses(op.responses)))) {
    const cacheNote = status === "200" && op.cache ? ` Cache-Control: \`${CACHE[op.cache]}\`.` : "";
    const built: JsonSchema = {
      description: spec.description + cacheNote,
      ...(spec.headers?.length
        ? {
            headers: Object.fromEntries(
              spec.headers.map((h) => [HEADER_NAMES[h], { $ref: `#/components/headers/${HEADER_NAMES[h]}` }]),
            ),
          }
        : {}),
      ...(spec.content ? { content: content(collector, spec.content, "output") } : {}),
    };
    responses[status] = spec.name ? collector.response(spec.name, built) : built;
  }
  if (op.conditional) {
    const limitHeaders =
      isRateLimitedPath(op.path) || op.security === "dealerKey"
        ? {
            "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
            RateLimit: { $ref: "#/components/headers/RateLimit" },
          }
        : {};
    responses["304"] = collector.response("NotModified", {
      description: "Not Modified: the If-None-Match header named the current ETag. No body.",
      headers: {
        ETag: { $ref: "#/components/headers/ETag" },
        "Cache-Control": { $ref: "#/components/headers/Cache-Control" },
        ...limitHeaders,
      },
    });
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return {
    operationId: op.operationId,
    tags: op.tags,
    summary: op.summary,
    description: op.description,
    // Stated on every operation, public ones included (`[]`: no credential), so a tool can tell them apart.
    security: op.security === "dealerKey" ? [{ dealerKey: [] }] : [],
    parameters: parameters(collector, op),
    ...(op.requestBody
      ? {
          requestBody: {
            required: true,
            description: op.requestBody.description,
            content: content(collector, op.requestBody.content, "input"),
          },
        }
      : {}),
    responses: sorted,
  };
}

export function buildOpenApiDocument(opts: { baseUrl: string; operations?: OperationSpec[] }): OpenApiDocument {
  const collector = new Components();
  const paths: OpenApiDocument["paths"] = {};
  for (const op of opts.operations ?? OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = operation(collector, op);
  }
  const usedTags = new Set((opts.operations ?? OPERATIONS).flatMap((op) => op.tags));
  return {
    openapi: "3.1.0",
    info: {
      title: "vinscope API",
      version: API_VERSION,
      summary: "VIN decoding, verified-deal pricing, NHTSA recalls and vehicle insights.",
      description:
        "Public endpoints need no authentication, answer GET requests with JSON and allow any origin (CORS). " +
        "Errors are RFC 9457 problem details (application/problem+json); each `reason` is explained at " +
        "`/docs#problem-<reason>`. Successful GET answers carry an ETag and Cache-Control.\n\n" +
        "The public endpoints and /api/mcp are rate-limited per client address: every answer carries the " +
        "`RateLimit-Policy` (quota) and `RateLimit` (what is left) headers, and past the quota the answer is 429 " +
        "(reason rate_limited) with `Retry-After`.\n\n" +
        "Names and types are the same across answers: a make is written one way (`MakeName`: Toyota, Land Rover, BMW; " +
        "NHTSA's upper-case spelling stays in a decode's `elements.Make`), and a model year is an integer everywhere " +
        "except `decoded.year`, which is text as the decode's contract gives it. Query flags are booleans (`true`/`false`; " +
        "any letter case and `1`/`0` are accepted too).\n\n" +
        "Attribution is requested when the data is shown to people: cite vinscope and NHTSA's vPIC database, " +
        "and link to the VIN's permalink (`permalink` in the decode response).\n\n" +
        `The same capabilities are offered as ${MCP_TOOLS.length} MCP tools (${toolNamesInWords()}): POST one JSON-RPC 2.0 ` +
        "message to `/api/mcp` (stateless, no authentication), or run the stdio server (`vinscope mcp` in a clone).",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: opts.baseUrl, description: "This vinscope instance" }],
    tags: TAGS.filter((t) => usedTags.has(t.name)),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(collector.components).sort(([a], [b]) => a.localeCompare(b))),
      responses: Object.fromEntries(Object.entries(collector.responses).sort(([a], [b]) => a.localeCompare(b))),
      parameters: {
        "If-None-Match": {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "An ETag from an earlier answer; when it still matches, the answer is 304 with no body.",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        dealerKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: "A dealer API key, issued once on starting a trial at /dealers.",
        },
      },
      headers: Object.fromEntries(Object.entries(HEADERS).map(([k, v]) => [HEADER_NAMES[k as ResponseHeader], v])),
    },
    externalDocs: { description: "Documentation, quick start and problem reasons", url: `${opts.baseUrl}/docs` },
  };
}

/** Reasons and their anchors, for the docs page. */
export const problemAnchors = () =>
  Object.entries(PROBLEM_REASONS).map(([reason, meaning]) => ({ reason, meaning, anchor: `problem-${reason}` }));
