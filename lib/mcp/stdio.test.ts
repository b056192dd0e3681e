/**
 * The stdio transport as `vinscope mcp` serves it, over in-memory streams: whatever a client writes on stdin is
 * answered on stdout, and the server keeps serving after it.
 */
import { PassThrough } from "node:stream";
import { createMcpServer } from "./server";
import { createStdioTransport } from "./stdio";

let stdin: PassThrough;
let stdout: PassThrough;
let lines: string[];
let close: () => Promise<void>;

beforeEach(async () => {
  stdin = new PassThrough();
  stdout = new PassThrough();
  lines = [];
  let partial = "";
  stdout.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  });
  const server = createMcpServer();
  await server.connect(createStdioTransport(stdin, stdout));
  close = () => server.close();
});

afterEach(async () => {
  await close();
});

/** The next line the server writes, parsed. */
async function answer(): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  const line = lines.shift();
  if (line === undefined) throw new Error("no answer on stdout");
  return JSON.parse(line);
}

const call = (id: number, args: unknown) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "validate_vin_check_digit", arguments: args },
  });

async function stillServes(id: number): Promise<void> {
  stdin.write(`${call(id, { vin: "1HGCM82633A004352" })}\n`);
  expect(await answer()).toMatchObject({ id, result: { structuredContent: { valid: true } } });
}

test("arguments nested 10,000 deep (a 60 KB line) are refused as an invalid request, not a stack overflow", async () => {
  const deep = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
  const line = call(1, { vin: "1HGCM82633A004352", nested: "DEEP" }).replace('"DEEP"', deep);
  expect(line.length).toBeGreaterThan(60_000);
  stdin.write(`${line}\n`);
  expect(await answer()).toEqual({
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: expect.stringMatching(/nested more than 64 levels deep/) },
  });
  await stillServes(2);
});

test("arguments nested a few levels deep still reach the tool", async () => {
  stdin.write(`${call(3, { vin: "1HGCM82633A004352", extra: [[[[[[[[1]]]]]]]] })}\n`);
  expect(await answer()).toMatchObject({ id: 3, result: { structuredContent: { valid: true } } });
});

test("invalid JSON, a batch and a non-message are answered with JSON-RPC errors; the server keeps serving", async () => {
  stdin.write("{ not json\n");
  expect(await answer()).toMatchObject({ id: null, error: { code: -32700 } });
  stdin.write(`[${call(4, {})}]\n`);
  expect(await answer()).toMatchObject({ id: null, error: { code: -32600, message: /one message per request/ } });
  stdin.write(`${JSON.stringify({ id: 5, method: 7 })}\n`);
  expect(await answer()).toMatchObject({ id: 5, error: { code: -32600 } });
  await stillServes(6);
});

test("a line over 64 KiB is refused once, in however many chunks it comes; the next line is served", async () => {
  const huge = call(7, { vin: "x".repeat(100 * 1024) });
  stdin.write(huge.slice(0, 50_000));
  stdin.write(huge.slice(50_000));
  stdin.write("\n");
  expect(await answer()).toMatchObject({ id: null, error: { code: -32000, message: /at most 65536 bytes/ } });
  await stillServes(8);
  expect(lines).toEqual([]);
});
