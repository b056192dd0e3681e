import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { API_VERSION } from "../version";
import { OPERATIONS } from "../api/operations";
import { buildOpenApiDocument } from "./openapi";

/** The parts of the built document these tests read. */
type DocResponse = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };
type DocOperation = { responses: Record<string, DocResponse>; security?: unknown };

const doc = buildOpenApiDocument({ baseUrl: "https://vinscope.example" });

/** An operation's responses with the shared ones (components/responses) looked up. */
const responsesOf = (op: DocOperation): Record<string, DocResponse> =>
  Object.fromEntries(
    Object.entries(op.responses).map(([status, r]) => [
      status,
      r.$ref ? doc.components.responses[r.$ref.replace("#/components/responses/", "")] : r,
    ]),
  );

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1.0 at the contract version, served from the configured base URL", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(API_VERSION);
    expect(API_VERSION).toBe("1.2.0");
    expect(doc.servers).toEqual([{ url: "https://vinscope.example", description: expect.any(String) }]);
  });

  test("puts every named schema under components and refers to it, never to $defs", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain("#/$defs/");
    expect(text).not.toContain('"$schema"');
    for (const ref of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
      expect(doc.components.schemas).toHaveProperty(ref[1]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "VinDecodeResponse",
        "PricingResponse",
        "PricingNoData",
        "MarketOverview",
        "RecallsResponse",
        "Problem",
      ]),
    );
  });

  test("describes parameters with their patterns, ranges and defaults", () => {
    const params = (p: string) =>
      doc.paths[p].get.parameters as Array<{ name: string; schema: Record<string, unknown>; required: boolean }>;
    const vin = params("/api/public/vin/{vin}");
    expect(vin.find((p) => p.name === "vin")?.schema.pattern).toBe("^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$");
    expect(vin.find((p) => p.name === "insight")).toMatchObject({
      required: false,
      schema: { type: "boolean", default: true },
    });
    expect(params("/api/public/vins").find((p) => p.name === "insight")).toMatchObject({
      schema: { type: "boolean", default: false },
    });
    const year = params("/api/public/pricing/{make}/{model}/{year}").find((p) => p.name === "year");
    expect(year).toMatchObject({ required: true, schema: { type: "integer", minimum: 2020, maximum: 2030 } });
    const state = params("/api/public/pricing/{make}/{model}/{year}/{state}").find((p) => p.name === "state");
    expect(state?.schema.pattern).toBe("^[A-Za-z]{2}$");
    const recalls = params("/api/recalls").map((p) => p.name);
    expect(recalls).toEqual(expect.arrayContaining(["vin", "make", "model", "year", "campaign"]));
  });

  test("every operation documents 405 with Allow and 503 with Retry-After", () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, DocOperation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const responses = responsesOf(op);
        expect({ at: `${method} ${path}`, allow: Object.keys(responses["405"]?.headers ?? {}) }).toEqual({
          at: `${method} ${path}`,
          allow: expect.arrayContaining(["Allow"]),
        });
        expect({ at: `${method} ${path}`, retry: Object.keys(responses["503"]?.headers ?? {}) }).toEqual({
          at: `${method} ${path}`,
          retry: expect.arrayContaining(["Retry-After"]),
        });
        expect(responses["400"].content?.["application/problem+json"]).toBeDefined();
      }
    }
  });

  test("every rate-limited operation documents 429 with Retry-After, and the rate-limit headers on every answer", () => {
    const limited = [
      "/api/public/vin/{vin}",
      "/api/public/vins",
      "/api/public/pricing/{make}/{model}/{year}",
      "/api/public/pricing/{make}/{model}/{year}/{state}",
      "/api/public/openapi.json",
      "/api/market-data",
      "/api/recalls",
      "/api/vin-insights/{year}/{make}/{model}",
      "/api/mcp",
    ];
    const dealer = ["/api/dealer/v1/window-sticker", "/api/dealer/v1/provision"];
    for (const path of [...limited, ...dealer]) {
      for (const [method, op] of Object.entries(doc.paths[path] as Record<string, DocOperation>)) {
        const at = `${method} ${path}`;
        const tooMany = responsesOf(op)["429"];
        expect({
          at,
          problem: !!tooMany?.content?.["application/problem+json"],
          headers: Object.keys(tooMany?.headers ?? {}),
        }).toEqual({
          at,
          problem: true,
          headers: expect.arrayContaining(["Retry-After", "RateLimit-Policy", "RateLimit"]),
        });
        for (const [status, response] of Object.entries(responsesOf(op))) {
          expect({ at, status, headers: Object.keys(response.headers ?? {}) }).toEqual({
            at,
            status,
            headers: expect.arrayContaining(["RateLimit-Policy", "RateLimit"]),
          });
        }
      }
    }
    const paths = doc.paths as Record<string, Record<string, DocOperation>>;
    for (const path of dealer)
      expect(Object.keys(Object.values(paths[path])[0].responses["200"].headers ?? {})).toContain(
        "Vinscope-Daily-Volume",
      );
    expect(paths["/api/health"]?.get?.responses?.["429"]).toBeUndefined();
  });

  test("states security on every operation: none for public ones, the key scheme for the dealer API", () => {
    for (const op of OPERATIONS) {
      const documented = (doc.paths[op.path] as Record<string, DocOperation>)[op.method];
      expect({ at: op.operationId, security: documented.security }).toEqual({
        at: op.operationId,
        security: op.security === "dealerKey" ? [{ dealerKey: [] }] : [],
      });
    }
  });

  test("states a response many operations share once, and refers to it", () => {
    const refs = (p: string) =>
      Object.values((doc.paths[p].get as DocOperation).responses)
        .map((r) => r.$ref)
        .filter(Boolean);
    expect(refs("/api/public/vin/{vin}")).toEqual(refs("/api/recalls"));
    expect(refs("/api/public/vin/{vin}")).toEqual(
      expect.arrayContaining([
        "#/components/responses/MethodNotAllowed",
        "#/components/responses/ServiceUnavailable",
        "#/components/responses/NotModified",
      ]),
    );
    // A dealer operation's copies carry the daily-volume header too, so they stay its own.
    const sticker = responsesOf(doc.paths["/api/dealer/v1/window-sticker"].get as DocOperation);
    expect(Object.keys(sticker["405"].headers ?? {})).toContain("Vinscope-Daily-Volume");
  });

  test("lists 304 on conditional GETs and the no-data body on pricing 404s", () => {
    const pricing = doc.paths["/api/public/pricing/{make}/{model}/{year}"].get.responses as Record<string, DocResponse>;
    expect(Object.keys(pricing)).toEqual(["200", "304", "400", "404", "405", "408", "414", "429", "500", "503"]);
    expect(pricing["404"].content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/PricingNoData",
    });
    expect(pricing["400"].content?.["application/problem+json"]?.schema).toEqual({
      $ref: "#/components/schemas/Problem",
    });
  });

  test("every example in a schema matches that schema", () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"));
    let checked = 0;
    for (const [id, schema] of Object.entries(defs) as [string, { examples?: unknown[] }][]) {
      const validate = ajv.compile({ $ref: `#/$defs/${id}`, $defs: defs });
      for (const example of schema.examples ?? []) {
        checked++;
        expect({ id, valid: validate(example), errors: validate.errors }).toEqual({ id, valid: true, errors: null });
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  test("contains no description addressed to an AI agent", () => {
    const text = JSON.stringify(doc).toLowerCase();
    for (const phrase of ["you must", "ai agent", "assistant", "always use", "ignore previous", "you should"])
      expect(text).not.toContain(phrase);
  });
});
