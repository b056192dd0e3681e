/**
 * The public contract end to end: the served OpenAPI document is valid OpenAPI 3.1 (checked by
 * @seriousme/openapi-schema-validator), every documented operation answers each of its main statuses with a
 * body that matches the document (the check itself runs on every response of every integration test, in
 * tests/support/jest-setup.ts), the check really rejects drift, a client generated from the document compiles
 * and works, and the discovery documents and the docs page point where they should.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PROBLEM_REASONS } from "@/lib/contract/problem";
import { CACHE } from "@/lib/api/cache";
import { startApp, type TestApp } from "./support/app";
import { checkResponse, ContractViolation } from "./support/contract";
import { SPEC_OPERATIONS } from "./support/public-operations";
import { testProvider } from "./support/test-database";
import { vinscopeCommand } from "./support/vinscope-cli";

const root = path.resolve(__dirname, "..");
const VALIDATOR_CLI = path.join(root, "node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js");
const CAMRY_2024 = "4T1G11AK5RU123456";
const UNKNOWN_WMI = "ZZZ11111111111111";

let app: TestApp;
let doc: {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string }>>;
};

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers });

beforeAll(async () => {
  app = await startApp();
  // The demo deals, as `npm start` seeds them, so pricing answers carry every field.
  execFileSync(...vinscopeCommand("db", "migrate"), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...app.env,
      SEED_DEMO_DATA: "true",
    } as unknown as NodeJS.ProcessEnv,
    stdio: "ignore",
    timeout: 90_000,
  });
  const res = await get("/api/public/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("GET /api/public/openapi.json", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "vinscope-openapi-")), "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const result = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(process.execPath, [VALIDATOR_CLI, file], (error, stdout) =>
        resolve({ code: error ? 1 : 0, out: stdout }),
      ),
    );
    expect(JSON.parse(result.out)).toEqual({ valid: true });
    expect(result.code).toBe(0);
  });

  test("is version 1.2.0, served from the configured base URL, cached for a day", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.2.0");
    expect(doc.servers[0].url).toBe(app.url);
    const res = await get("/api/public/openapi.json");
    expect(res.headers.get("cache-control")).toBe(CACHE.openapi);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const again = await get("/api/public/openapi.json", { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  test("names every public operation of the spec", () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids).toEqual(expect.arrayContaining([...SPEC_OPERATIONS]));
  });
});

// Each request below is validated by the contract check: a status or body the document does not describe
// throws inside fetch and fails the test. The assertions only pin which documented status was exercised.
describe("every operation answers as documented", () => {
  test("decodeVin: 200, 304, 400, 404", async () => {
    const ok = await get(`/api/public/vin/${CAMRY_2024}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).decoded.model).toBe("Camry");
    // Without the live sections the answer is byte-stable, so its ETag comes back as a 304.
    const bare = `/api/public/vin/${CAMRY_2024}?pricing=false&recalls=false&insight=false`;
    const decodedOnly = await get(bare);
    expect(decodedOnly.status).toBe(200);
    expect((await get(bare, { "if-none-match": decodedOnly.headers.get("etag")! })).status).toBe(304);
    const bad = await get("/api/public/vin/1HGCM82633A00435I");
    expect(bad.status).toBe(400);
    const problem = await bad.json();
    expect(problem).toMatchObject({ reason: "invalid_vin", type: `${app.url}/docs#problem-invalid_vin` });
    expect((await get(`/api/public/vin/${CAMRY_2024}?insight=maybe`)).status).toBe(400);
    expect((await get(`/api/public/vin/${UNKNOWN_WMI}`)).status).toBe(404);
  });

  test("decodeVins: 200 with reports and problems, 304, 400", async () => {
    const path = `/api/public/vins?vins=${CAMRY_2024},${UNKNOWN_WMI},1HGCM82633A00435I,${CAMRY_2024}&recalls=true`;
    const ok = await get(path);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.results.map((r: { status: number }) => r.status)).toEqual([200, 404, 400, 200]);
    const bare = `/api/public/vins?vins=${CAMRY_2024},${UNKNOWN_WMI}`;
    const decodedOnly = await get(bare);
    expect((await get(bare, { "if-none-match": decodedOnly.headers.get("etag")! })).status).toBe(304);
    expect((await get(`/api/public/vins?vins=${Array(51).fill(CAMRY_2024).join(",")}`)).status).toBe(400);
    expect((await get(`/api/public/vins?vins=${CAMRY_2024}&pricing=maybe`)).status).toBe(400);
  });

  test("getVehiclePricing and getVehiclePricingByState: 200, 304, 400, 404", async () => {
    const ok = await get("/api/public/pricing/toyota/camry/2024");
    expect(ok.status).toBe(200);
    expect(
      (await get("/api/public/pricing/toyota/camry/2024", { "if-none-match": ok.headers.get("etag")! })).status,
    ).toBe(304);
    expect((await get("/api/public/pricing/toyota/camry/2024?state=ca")).status).toBe(200);
    expect((await get("/api/public/pricing/toyota/camry/2024/TX")).status).toBe(200);
    expect((await get("/api/public/pricing/toyota/camry/2019")).status).toBe(400);
    expect((await get("/api/public/pricing/toyota/camry/2024?state=ZZ")).status).toBe(400);
    expect((await get("/api/public/pricing/toyota/camry/2024/zz")).status).toBe(400);
    const none = await get("/api/public/pricing/nosuch/car/2024");
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ dataStatus: "none", sampleSize: 0 });
    expect((await get("/api/public/pricing/nosuch/car/2024/CA")).status).toBe(404);
  });

  test("getMarketOverview: 200, 304", async () => {
    const ok = await get("/api/market-data");
    expect(ok.status).toBe(200);
    expect((await get("/api/market-data", { "if-none-match": ok.headers.get("etag")! })).status).toBe(304);
  });

  test("getRecalls: 200 by vehicle and by VIN, 400, 404", async () => {
    expect((await get("/api/recalls?make=toyota&model=camry&year=2024")).status).toBe(200);
    expect((await get(`/api/recalls?vin=${CAMRY_2024}`)).status).toBe(200);
    expect((await get("/api/recalls?make=toyota")).status).toBe(400);
    expect((await get(`/api/recalls?vin=${CAMRY_2024}&campaign=24V436000`)).status).toBe(400);
    expect((await get(`/api/recalls?vin=${UNKNOWN_WMI}`)).status).toBe(404);
    expect((await get("/api/recalls?campaign=24V436000")).status).toBe(404);
  });

  test("getVehicleInsight: 200, 400, 404", async () => {
    const ok = await get("/api/vin-insights/2024/toyota/camry");
    expect(ok.status).toBe(200);
    expect((await ok.json()).insight.model).toBe("vinscope-facts-v1");
    expect((await get("/api/vin-insights/24/toyota/camry")).status).toBe(400);
    expect((await get("/api/vin-insights/2024/nosuchmake/nosuchmodel")).status).toBe(404);
  });

  test("the dealer API without a key: 401 problems", async () => {
    const sticker = await get(`/api/dealer/v1/window-sticker?vin=${CAMRY_2024}&format=check`);
    expect(sticker.status).toBe(401);
    expect(sticker.headers.get("www-authenticate")).toBe('ApiKey header="x-api-key"');
    const provision = await fetch(`${app.url}/api/dealer/v1/provision`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "vsk_not_a_key" },
      body: JSON.stringify({ vins: [CAMRY_2024] }),
    });
    expect(provision.status).toBe(401);
    expect((await provision.json()).reason).toBe("invalid_key");
  });

  test("mcp: a JSON-RPC answer", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result.tools.length).toBeGreaterThan(0);
  });
});

// What an integrator does: generate types from the served document (openapi-typescript), write calls with
// openapi-fetch (tests/generated-client/client.mts), compile them with tsc and run them. The document is the
// same on either database, so this runs on SQLite only.
(testProvider() === "sqlite" ? describe : describe.skip)("a client generated from the document", () => {
  const run = promisify(execFile);
  const tool = (relative: string) => path.join(root, "node_modules", relative);
  let dir: string;

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("compiles against the generated types and reads the answers they describe", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-generated-client-"));
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(doc));
    copyFileSync(path.join(root, "tests/generated-client/client.mts"), path.join(dir, "client.mts"));
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "nodenext",
          strict: true,
          skipLibCheck: true,
          types: ["node"],
          lib: ["ES2022"],
        },
        files: ["client.mts"],
      }),
    );
    await run(process.execPath, [tool("openapi-typescript/bin/cli.js"), "openapi.json", "-o", "schema.d.ts"], {
      cwd: dir,
    });
    // A type drift between the document and the calls fails here, with tsc's message.
    const compiled = await run(process.execPath, [tool("typescript/bin/tsc"), "-p", dir], { cwd: dir }).catch(
      (e: { stdout: string }) => e,
    );
    expect(compiled.stdout).toBe("");

    const { stdout } = await run(process.execPath, [path.join(dir, "client.mjs"), app.url, CAMRY_2024, UNKNOWN_WMI], {
      cwd: dir,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual({
      decode: {
        status: 200,
        make: "Toyota",
        year: "2024",
        sections: { pricing: false, insight: false, recalls: true },
      },
      pricing: { status: 200, make: "Toyota", year: 2024, sampleSize: expect.any(Number) },
      recalls: { status: 200, make: "Toyota", year: 2024 },
      batch: {
        status: 200,
        sections: { pricing: false, recalls: true, insight: false },
        results: [
          { ok: true, make: "Toyota" },
          { ok: false, reason: "unknown_manufacturer" },
        ],
      },
      notFound: { status: 404, problemStatus: 404, reason: "unknown_manufacturer" },
    });
  }, 120_000);
});

describe("the contract check", () => {
  const market = () => `${app.url}/api/market-data`;
  const jsonResponse = (body: unknown, status = 200, type = "application/json") =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

  test("rejects a body that drifts from the document", async () => {
    const real = await (await get("/api/market-data")).json();
    await expect(checkResponse("GET", market(), jsonResponse(real), fetch)).resolves.toBeUndefined();
    const drifted = { ...real, totalDeals: String(real.totalDeals) };
    await expect(checkResponse("GET", market(), jsonResponse(drifted), fetch)).rejects.toThrow(ContractViolation);
    const { updated: _dropped, ...missing } = real;
    await expect(checkResponse("GET", market(), jsonResponse(missing), fetch)).rejects.toThrow(/updated/);
    await expect(checkResponse("GET", market(), jsonResponse({ ...real, extra: 1 }), fetch)).rejects.toThrow(
      ContractViolation,
    );
  });

  test("rejects an undocumented status or content type, and a problem with an undocumented reason", async () => {
    await expect(checkResponse("GET", market(), jsonResponse({}, 418), fetch)).rejects.toThrow(/418/);
    await expect(
      checkResponse(
        "GET",
        market(),
        new Response("<html></html>", { headers: { "content-type": "text/html" } }),
        fetch,
      ),
    ).rejects.toThrow(/text\/html/);
    const problem = {
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "x",
      requestId: "abcdefgh",
      reason: "no_such_reason",
    };
    await expect(
      checkResponse(
        "GET",
        `${app.url}/api/public/vin/x`,
        jsonResponse(problem, 400, "application/problem+json"),
        fetch,
      ),
    ).rejects.toThrow(/reason/);
  });

  test("leaves undocumented paths and other hosts alone", async () => {
    await expect(
      checkResponse("GET", `${app.url}/api/health`, jsonResponse({ anything: true }, 418), fetch),
    ).resolves.toBeUndefined();
    await expect(
      checkResponse("GET", "http://127.0.0.1:9/api/market-data", jsonResponse({}, 418), fetch),
    ).resolves.toBeUndefined();
  });
});

describe("discovery", () => {
  test("/.well-known/api-catalog is an RFC 9727 linkset pointing to the document and the docs", async () => {
    const res = await get("/.well-known/api-catalog");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/linkset\+json/);
    expect(res.headers.get("cache-control")).toBe(CACHE.discovery);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("link")).toBe(`<${app.url}/.well-known/api-catalog>; rel="api-catalog"`);
    const { linkset } = await res.json();
    // The catalog lists the HTTP API and the MCP server.
    expect(linkset[0]).toMatchObject({
      anchor: `${app.url}/.well-known/api-catalog`,
      item: [
        { href: expect.any(String), title: "vinscope API" },
        { href: `${app.url}/api/mcp`, title: expect.stringMatching(/^vinscope MCP server/) },
      ],
    });
    const api = linkset.find((l: { anchor: string }) => l.anchor === linkset[0].item[0].href);
    expect(api["service-desc"][0].href).toBe(`${app.url}/api/public/openapi.json`);
    expect(api["service-doc"][0].href).toBe(`${app.url}/docs`);
    for (const link of [api["service-desc"][0].href, api["service-doc"][0].href]) {
      expect((await fetch(link)).status).toBe(200);
    }
  });

  test("/llms.txt says what the service offers and where", async () => {
    const res = await get("/llms.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe(CACHE.discovery);
    const text = await res.text();
    expect(text).toMatch(/^# vinscope\n/);
    for (const where of [
      "/api/public/openapi.json",
      "/docs",
      "/api/public/vin/{vin}",
      "/api/recalls",
      "/api/market-data",
      "/api/mcp",
    ]) {
      expect(text).toContain(`${app.url}${where}`);
    }
  });

  test("/docs has an anchor for every problem reason, and serves its renderer itself", async () => {
    const res = await get("/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const reason of Object.keys(PROBLEM_REASONS)) expect(html).toContain(`id="problem-${reason}"`);
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
    const js = await get("/docs/assets/swagger-ui-bundle.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await get("/docs/assets/swagger-ui.css")).headers.get("content-type")).toMatch(/text\/css/);
    expect((await get("/docs/assets/package.json")).status).toBe(404);
  });
});
