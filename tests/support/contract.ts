/**
 * The contract check behind every integration test: each response a started test app gives is validated
 * against the build's OpenAPI document (fetched once per build from /api/public/openapi.json): the operation must list
 * the status, the content type must be documented for it, and a JSON body must match the documented schema.
 * jest-setup.ts wraps `fetch` with `checkResponse`, so a response that drifts from the document fails the test
 * that received it. Only responses are checked: tests may send any garbage they like.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

type Json = Record<string, unknown>;

interface Operation {
  operationId: string;
  pattern: RegExp;
  method: string;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

interface Contract {
  operations: Operation[];
  validator(op: Operation, status: string, mediaType: string): ValidateFunction | null;
}

const APPS = Symbol.for("vinscope.contract.apps");
const CHECKED = Symbol.for("vinscope.contract.checked");
const CONTRACTS = Symbol.for("vinscope.contract.documents");

type Registry = typeof globalThis & {
  [APPS]?: Set<string>;
  [CONTRACTS]?: Map<string, Promise<Contract>>;
  [CHECKED]?: Map<string, number>;
};
const registry = globalThis as Registry;
const apps = () => (registry[APPS] ??= new Set());
const contracts = () => (registry[CONTRACTS] ??= new Map());

/** How many responses were checked, per "operationId status" (printed with CONTRACT_STATS=1). */
export const checkedResponses = (): Map<string, number> => (registry[CHECKED] ??= new Map());

/** startApp calls this: responses from this origin are checked from now on. */
export function registerApp(origin: string): void {
  apps().add(new URL(origin).origin);
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContractViolation";
  }
}

export async function checkResponse(
  method: string,
  url: string,
  response: Response,
  rawFetch: typeof fetch,
): Promise<void> {
  const target = new URL(url);
  if (!apps().has(target.origin)) return;
  const verb = method.toLowerCase();
  if (verb === "head" || verb === "options") return;
  const contract = await contractOf(target.origin, rawFetch);
  const op = contract.operations.find((o) => o.method === verb && o.pattern.test(target.pathname));
  if (!op) return;

  const where = `${method.toUpperCase()} ${target.pathname}${target.search} (${op.operationId})`;
  const status = String(response.status);
  const counted = `${op.operationId} ${status}`;
  checkedResponses().set(counted, (checkedResponses().get(counted) ?? 0) + 1);
  const documented = op.responses[status] ?? op.responses.default;
  if (!documented) {
    throw new ContractViolation(
      `${where} answered ${status}, a status the OpenAPI document does not list for this operation`,
    );
  }
  const body = await response.clone().arrayBuffer();
  if (!documented.content) {
    if (body.byteLength > 0)
      throw new ContractViolation(`${where} answered ${status} with a body where the document lists none`);
    return;
  }
  const mediaType = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!documented.content[mediaType]) {
    throw new ContractViolation(
      `${where} answered ${status} as "${mediaType}"; the document lists ${Object.keys(documented.content).join(", ")}`,
    );
  }
  const validate = contract.validator(op, status, mediaType);
  if (!validate) return;
  const text = new TextDecoder().decode(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ContractViolation(`${where} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (!validate(parsed)) {
    const issues = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `  ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
    throw new ContractViolation(
      `${where} answered ${status} with a body that does not match the OpenAPI document:\n${issues.join("\n")}\nbody: ${text.slice(0, 600)}`,
    );
  }
}

async function contractOf(origin: string, rawFetch: typeof fetch): Promise<Contract> {
  let contract = contracts().get(origin);
  if (!contract) {
    contract = documentOfBuild(origin, rawFetch).then(compileContract);
    contracts().set(origin, contract);
  }
  return contract;
}

/**
 * The OpenAPI document of the build every test app serves: asked of the first app that answers, then kept in a
 * file named for the build. Its paths and schemas are the build's (only `servers` names the app); building it
 * costs a new app almost a second of CPU, and a run starts about a hundred apps.
 */
async function documentOfBuild(origin: string, rawFetch: typeof fetch): Promise<Json> {
  const root = path.resolve(__dirname, "../..");
  const buildId = readFileSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"), "utf8").trim();
  const file = path.join(os.tmpdir(), `vinscope-openapi-${buildId}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Json;
  } catch {
    const res = await rawFetch(`${origin}/api/public/openapi.json`);
    if (res.status !== 200) throw new ContractViolation(`${origin}/api/public/openapi.json answered ${res.status}`);
    const text = await res.text();
    // Written whole, then renamed into place: a test process reading it at the same time sees all or nothing.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
    return JSON.parse(text) as Json;
  }
}

/** The document's paths as matchers, and lazily compiled validators (components become $defs). */
function compileContract(doc: Json): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const defs = toDefs(schemas) as Json;
  // A response shared by many operations is stated once under components/responses and referred to.
  const shared = ((doc.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
  const resolve = (responses: Record<string, Json>): Operation["responses"] =>
    Object.fromEntries(
      Object.entries(responses).map(([status, r]) => [
        status,
        typeof r.$ref === "string" ? shared[r.$ref.replace("#/components/responses/", "")] : r,
      ]),
    ) as Operation["responses"];
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    const literal = (part: string) => part.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
    const pattern = new RegExp(
      `^${path
        .split(/\{[^}]+\}/)
        .map(literal)
        .join("[^/]+")}$`,
    );
    for (const [method, op] of Object.entries(item)) {
      operations.push({
        operationId: String(op.operationId),
        pattern,
        method,
        responses: resolve(op.responses as Record<string, Json>),
      });
    }
  }
  const cache = new Map<string, ValidateFunction | null>();
  return {
    operations,
    validator(op, status, mediaType) {
      const key = `${op.operationId} ${status} ${mediaType}`;
      if (!cache.has(key)) {
        const schema = (op.responses[status] ?? op.responses.default)?.content?.[mediaType]?.schema;
        cache.set(key, schema ? ajv.compile({ ...(toDefs(schema) as Json), $defs: defs }) : null);
      }
      return cache.get(key)!;
    },
  };
}

/** `#/components/schemas/X` → `#/$defs/X`, so one compiled schema carries everything it refers to. */
function toDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDefs);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", "#/$defs/") : toDefs(v),
    ]),
  );
}
