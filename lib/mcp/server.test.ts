/**
 * The MCP server definition and its HTTP handler, without the network or a database: listing, the offline
 * check-digit tool, argument errors as tool results, and the JSON-RPC edge (Accept normalisation, parse and
 * method errors). Tools that read data are exercised against the built app in tests/mcp-*.test.ts.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { sectionFlags } from "./arguments";
import { BatchSectionQuery, CheckDigitResult } from "./tools/vin";
import { VinReportQuery } from "../report";
import { handleMcpRequest } from "./http";
import { MCP_TOOL_NAMES as TOOL_NAMES } from "./tools";
import { createMcpServer } from "./server";

async function connectedClient(): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer().connect(serverSide);
  const client = new Client({ name: "unit", version: "0" });
  await client.connect(clientSide);
  return client;
}

const text = (result: Record<string, unknown>) => (result.content as { type: string; text: string }[])[0].text;

describe("createMcpServer", () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectedClient();
  });
  afterAll(async () => {
    await client.close();
  });

  test("lists every tool with an object input schema, an object output schema and a description", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
  });

  test("validate_vin_check_digit: a consistent VIN, in any case", async () => {
    const result = await client.callTool({
      name: "validate_vin_check_digit",
      arguments: { vin: " 1hgcm82633a004352 " },
    });
    expect(result.isError).toBeFalsy();
    const data = CheckDigitResult.parse(result.structuredContent);
    expect(data).toMatchObject({
      vin: "1HGCM82633A004352",
      valid: true,
      expected: "3",
      actual: "3",
      reason: "check_digit_matches",
    });
    expect(text(result)).toContain("valid");
    // The data once, in structuredContent; the text is a summary, not the data again.
    expect(result.content).toHaveLength(1);
  });

  test("validate_vin_check_digit: a mistyped VIN names the expected digit; X stands for 10", async () => {
    const wrong = await client.callTool({ name: "validate_vin_check_digit", arguments: { vin: "1HGCM82643A004352" } });
    expect(CheckDigitResult.parse(wrong.structuredContent)).toMatchObject({
      valid: false,
      expected: "3",
      actual: "4",
      reason: "check_digit_mismatch",
    });
    const x = await client.callTool({ name: "validate_vin_check_digit", arguments: { vin: "1M8GDM9AXKP042788" } });
    expect(CheckDigitResult.parse(x.structuredContent)).toMatchObject({ valid: true, expected: "X", actual: "X" });
  });

  test.each([
    [{ vin: "1HGCM8263" }, /17 characters, got 9/],
    [{ vin: "1HGCM82633A00435O" }, /I, O|letters/],
    [{ vin: "1HGCM8263-A004352" }, /invalid character/],
    [{}, /vin/],
    [{ vin: 12345678901234567 }, /expected string/],
  ])("validate_vin_check_digit %j is an error result, not a protocol error", async (args, message) => {
    const result = await client.callTool({ name: "validate_vin_check_digit", arguments: args });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(text(result)).toMatch(message);
  });

  test("check_recalls without a complete vehicle and get_pricing outside 2020-2030 fail before any lookup", async () => {
    const recalls = await client.callTool({ name: "check_recalls", arguments: { year: 2022, make: "Ford" } });
    expect(recalls.isError).toBe(true);
    expect(text(recalls)).toMatch(/model: is required/);
    const both = await client.callTool({ name: "check_recalls", arguments: { vin: "1HGCM82633A004352", year: 2003 } });
    expect(both.isError).toBe(true);
    expect(text(both)).toMatch(/exactly one/);
    const pricing = await client.callTool({
      name: "get_pricing",
      arguments: { make: "Toyota", model: "Camry", year: 1999 },
    });
    expect(pricing.isError).toBe(true);
    expect(text(pricing)).toMatch(/between 2020 and 2030/);
    const state = await client.callTool({
      name: "get_pricing",
      arguments: { make: "Toyota", model: "Camry", year: 2024, state: "XX" },
    });
    expect(text(state)).toMatch(/US state code/);
  });

  test("a tool taking a whole number takes a string of digits too, and its schema says so", async () => {
    const { tools } = await client.listTools();
    for (const name of ["get_pricing", "check_recalls"]) {
      const year = (
        tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { anyOf?: { type: string }[] }>
      ).year;
      expect(year.anyOf?.map((s) => s.type)).toEqual(["integer", "string"]);
    }
    const early = await client.callTool({
      name: "get_pricing",
      arguments: { make: "Toyota", model: "Camry", year: "1999" },
    });
    expect(text(early)).toMatch(/between 2020 and 2030/);
    const words = await client.callTool({
      name: "get_pricing",
      arguments: { make: "Toyota", model: "Camry", year: "twenty" },
    });
    expect(words.isError).toBe(true);
    expect(text(words)).toMatch(/string of digits/);
    const recalls = await client.callTool({ name: "check_recalls", arguments: { year: "2022", make: "Ford" } });
    expect(text(recalls)).toMatch(/model: is required/);
  });

  test("decode_vin and decode_vins take the section flags of their HTTP queries, with the same defaults", async () => {
    const { tools } = await client.listTools();
    const properties = (name: string) => Object.keys(tools.find((t) => t.name === name)!.inputSchema.properties ?? {});
    expect(properties("decode_vin")).toEqual(["vin", ...Object.keys(VinReportQuery.shape)]);
    expect(properties("decode_vins")).toEqual(["vins", ...Object.keys(BatchSectionQuery.shape)]);
    // A tool argument is a real boolean with the query's default; its name says which section (no prose per flag).
    const pricing = tools.find((t) => t.name === "decode_vin")!.inputSchema.properties!.pricing;
    expect(pricing).toEqual({ type: "boolean", default: true });
    expect(sectionFlags(VinReportQuery, { pricing: false })).toEqual({
      pricing: false,
      recalls: true,
      insight: true,
      safetyRatings: true,
      complaints: true,
      fuelEconomy: true,
      investigations: true,
      bulletins: true,
      canadaRecalls: true,
    });
    expect(sectionFlags(BatchSectionQuery, { recalls: true, vin: "x" })).toEqual({
      pricing: false,
      recalls: true,
      insight: false,
    });
  });

  test("decode_vin: a malformed VIN is an error result before any lookup", async () => {
    const result = await client.callTool({ name: "decode_vin", arguments: { vin: "5J8YE1H8XNL0523" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/17 characters, got 15/);
  });

  test.each(["constructor", "toString", "__proto__", "hasOwnProperty", "year "])(
    "completing the vehicle template's argument %j, which it does not have, is an empty completion",
    async (name) => {
      const result = await client.complete({
        ref: { type: "ref/resource", uri: "vinscope://vehicle/{year}/{make}/{model}" },
        argument: { name, value: "ho" },
        context: { arguments: { make: "honda", model: "civic" } },
      });
      expect(result.completion).toEqual({ values: [], hasMore: false });
    },
  );

  test("the vehicle template's own arguments still complete", async () => {
    const make = await client.complete({
      ref: { type: "ref/resource", uri: "vinscope://vehicle/{year}/{make}/{model}" },
      argument: { name: "make", value: "hon" },
    });
    expect(make.completion.values).toContain("honda");
    const model = await client.complete({
      ref: { type: "ref/resource", uri: "vinscope://vehicle/{year}/{make}/{model}" },
      argument: { name: "model", value: "civ" },
      context: { arguments: { make: "honda" } },
    });
    expect(model.completion.values).toContain("civic");
  });

  test("an unknown tool is an error result", async () => {
    const result = await client.callTool({ name: "no_such_tool", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/no_such_tool not found/);
  });
});

describe("handleMcpRequest (stateless HTTP)", () => {
  const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
    handleMcpRequest(new Request("http://localhost/api/mcp", { method: "POST", headers, body }));
  const rpc = (method: string, params?: unknown, id = 1) => JSON.stringify({ jsonrpc: "2.0", id, method, params });

  test("tools/list from a plain JSON client (no Accept header, no initialize)", async () => {
    const res = await post(rpc("tools/list"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body.id).toBe(1);
    expect(body.result.tools).toHaveLength(TOOL_NAMES.length);
  });

  test("initialize with the SSE accept type still answers JSON", async () => {
    const res = await post(
      rpc("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } }),
      { "content-type": "application/json", accept: "application/json, text/event-stream" },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.serverInfo.name).toBe("vinscope");
    expect(body.result.capabilities.tools).toBeDefined();
  });

  test("a body sent as text/plain or form-urlencoded (curl -d) is read as JSON; other types are refused", async () => {
    expect((await post(rpc("tools/list"), { "content-type": "text/plain;charset=UTF-8" })).status).toBe(200);
    expect((await post(rpc("tools/list"), { "content-type": "application/x-www-form-urlencoded" })).status).toBe(200);
    expect((await post(rpc("tools/list"), { "content-type": "application/xml" })).status).toBe(415);
  });

  test("a body over 64 KiB → 413; arguments with too many elements → an error result", async () => {
    const huge = rpc("tools/call", { name: "validate_vin_check_digit", arguments: { vin: "x".repeat(70 * 1024) } });
    expect((await post(huge)).status).toBe(413);
    const many = rpc("tools/call", {
      name: "validate_vin_check_digit",
      arguments: { vin: "1HGCM82633A004352", extra: Array(100).fill(1) },
    });
    const body = await (await post(many)).json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toMatch(/maximum of 64 elements/);
  });

  test("arguments nested 10,000 deep (a 60 KB body) → invalid request -32600, HTTP 400, not a stack overflow", async () => {
    const deep = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
    const body = rpc("tools/call", {
      name: "validate_vin_check_digit",
      arguments: { vin: "1HGCM82633A004352", nested: "DEEP" },
    }).replace('"DEEP"', deep);
    expect(body.length).toBeGreaterThan(60_000);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/nested more than 64 levels deep/) },
    });
    // Brackets inside a string are text, not nesting.
    const quoted = rpc("tools/call", {
      name: "validate_vin_check_digit",
      arguments: { vin: "1HGCM82633A004352", note: "[".repeat(10_000) },
    });
    expect((await (await post(quoted)).json()).result.structuredContent).toMatchObject({ valid: true });
  });

  test("a JSON-RPC batch is refused whole (-32600, HTTP 400): none of its calls runs", async () => {
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "no_such_tool_to_prove_nothing_ran", arguments: {} },
    });
    const res = await post(JSON.stringify([call(1), call(2)]));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(body.error.message).toMatch(/one message per request/);
    expect(Array.isArray(body)).toBe(false);
  });

  test("malformed JSON → parse error -32700", async () => {
    const res = await post("{ not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
  });

  test("unknown method → method not found -32601", async () => {
    const res = await post(rpc("tools/explode", {}, 7));
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
  });

  test("a tool call over HTTP", async () => {
    const res = await post(
      rpc("tools/call", { name: "validate_vin_check_digit", arguments: { vin: "1HGCM82633A004352" } }),
    );
    const body = await res.json();
    expect(body.result.structuredContent).toMatchObject({ valid: true });
  });
});
