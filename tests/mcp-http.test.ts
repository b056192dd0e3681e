/**
 * POST /api/mcp against the built app: the SDK client over Streamable HTTP runs the tool contract
 * (tests/support/mcp-contract.ts); raw JSON-RPC POSTs as curl would send them; parse and method errors; 405s; CORS.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { importDeals } from "../lib/pricing";
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import {
  ACCORD_VIN,
  MCP_TOOLS,
  buyerDataEnv,
  fakeFuelEconomy,
  fakeNhtsa,
  mcpToolContract,
} from "./support/mcp-contract";

let app: TestApp;
let nhtsa: FakeServer;
let fueleconomy: FakeServer;
let client: Client;

beforeAll(async () => {
  nhtsa = await startFakeServer();
  fakeNhtsa(nhtsa);
  fueleconomy = await startFakeServer();
  fakeFuelEconomy(fueleconomy);
  // A quota the batch test can read: one POST costs one request, whatever it carries.
  app = await startApp({
    env: {
      NHTSA_API_BASE_URL: nhtsa.url,
      NHTSA_API_TIMEOUT_MS: "1000",
      ...buyerDataEnv(nhtsa, fueleconomy),
      RATE_LIMIT_REQUESTS: "500",
    },
  });
  const imported = await importDeals(app.db(), createReadStream(path.join(__dirname, "fixtures/mcp/deals.csv")));
  expect(imported.ok).toBe(true);
  client = new Client({ name: "vinscope-test", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await app?.stop();
  await nhtsa?.close();
  await fueleconomy?.close();
});

describe("MCP over HTTP: the SDK client", () => {
  mcpToolContract(() => client);

  test("the server identifies itself", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "vinscope" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
  });
});

describe("MCP over HTTP: raw JSON-RPC", () => {
  const rpc = (method: string, params?: unknown, id: number | string = 1) =>
    JSON.stringify({ jsonrpc: "2.0", id, method, params });
  /** What is left of the address's quota, from the IETF `RateLimit` field (`"address";r=42;t=17`). */
  const remaining = (res: Response) => Number(/r=(\d+)/.exec(res.headers.get("ratelimit") ?? "")?.[1] ?? NaN);
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/mcp`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  test.each([
    ["application/json only (curl)", { accept: "application/json" }],
    ["no Accept header", {}],
    ["application/json and text/event-stream", { accept: "application/json, text/event-stream" }],
  ])("tools/list with %s → 200 JSON", async (_, headers) => {
    const res = await post(rpc("tools/list"), headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 1 });
    expect(body.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(MCP_TOOLS);
  });

  test("initialize then tools/call, each in its own request (stateless: no session id)", async () => {
    const init = await post(
      rpc("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "curl", version: "0" },
      }),
    );
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    expect((await init.json()).result).toMatchObject({
      protocolVersion: "2025-06-18",
      serverInfo: { name: "vinscope" },
    });
    const res = await post(
      rpc("tools/call", { name: "validate_vin_check_digit", arguments: { vin: ACCORD_VIN } }, "a"),
    );
    const body = await res.json();
    expect(body.id).toBe("a");
    expect(body.result.structuredContent).toMatchObject({ valid: true, expected: "3" });
    expect(body.result.content[0].text).toMatch(/check digit valid/);
  });

  test("a tool's bad arguments → a result with isError, not a JSON-RPC error", async () => {
    const res = await post(rpc("tools/call", { name: "get_pricing", arguments: { make: "Honda" } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.error).toBeUndefined();
    expect(body.result.isError).toBe(true);
  });

  test("tools/list, every tool included, is under 40 KB on the wire (it was 127 KB with six tools)", async () => {
    const res = await post(rpc("tools/list"));
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(40 * 1024);
  });

  test("a JSON-RPC batch of decode_vins calls is refused whole: one request counted, no VIN decoded", async () => {
    const vins = Array(50).fill(ACCORD_VIN);
    const batch = Array.from({ length: 53 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "decode_vins", arguments: { vins } },
    }));
    const before = remaining(await post(rpc("ping")));
    const res = await post(JSON.stringify(batch));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(body.error.message).toMatch(/batch/);
    expect(JSON.stringify(body)).not.toContain("decoded");
    // The quota went down by one for the batch, as for any POST.
    expect(remaining(res)).toBe(before - 1);
  });

  test("curl -d (form-urlencoded content type) is read as JSON", async () => {
    const res = await post(rpc("tools/list"), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
  });

  test("malformed JSON → 400 with JSON-RPC parse error -32700", async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
  });

  test("valid JSON that is not JSON-RPC → parse error too", async () => {
    const res = await post(JSON.stringify({ hello: "world" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });

  test("unknown method → JSON-RPC method not found -32601", async () => {
    const res = await post(rpc("resources/explode", {}, 9));
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32601 } });
  });

  test("a notification only → 202 without a body", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(res.status).toBe(202);
  });

  test.each(["GET", "DELETE"])("%s → 405 with Allow: POST", async (method) => {
    const res = await fetch(`${app.url}/api/mcp`, { method, headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toMatch(/problem\+json/);
  });

  test("CORS preflight allows POST with the MCP headers", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "OPTIONS",
      headers: {
        origin: "https://agent.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, mcp-protocol-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/i);
  });
});
