/**
 * The stdio server as a user's MCP client starts it: the package bin (`bin/vinscope.mjs mcp`, cli/server/mcp-stdio.ts)
 * spawned by the SDK's StdioClientTransport, on its own fresh database, with NHTSA faked on loopback. The bin
 * prepares the data itself (migrations; demo seed off here), and stdout carries nothing but protocol messages.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createDb, type Db } from "../lib/db";
import { parseConfig } from "../lib/config";
import { importDeals } from "../lib/pricing";
import { baseTestEnv } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { buyerDataEnv, fakeFuelEconomy, fakeNhtsa, mcpToolContract } from "./support/mcp-contract";
import { createTestDatabase, type TestDatabase } from "./support/test-database";

const root = path.resolve(__dirname, "..");
let nhtsa: FakeServer;
let fueleconomy: FakeServer;
let database: TestDatabase;
let db: Db;
let client: Client;
let stderr = "";

beforeAll(async () => {
  nhtsa = await startFakeServer();
  fakeNhtsa(nhtsa);
  fueleconomy = await startFakeServer();
  fakeFuelEconomy(fueleconomy);
  database = await createTestDatabase();
  const env = {
    ...baseTestEnv(3999, database.url),
    NHTSA_API_BASE_URL: nhtsa.url,
    NHTSA_API_TIMEOUT_MS: "1000",
    ...buyerDataEnv(nhtsa, fueleconomy),
    LOG_LEVEL: "info",
  };
  db = createDb(parseConfig(env, root).database);
  const imported = await importDeals(db, createReadStream(path.join(__dirname, "fixtures/mcp/deals.csv")));
  expect(imported.ok).toBe(true);

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, "bin/vinscope.mjs"), "mcp"],
    // Started from another directory, as an MCP client would.
    cwd: "/",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: "vinscope-test", version: "0" });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await db?.$disconnect();
  await database?.drop();
  await nhtsa?.close();
  await fueleconomy?.close();
});

describe("MCP over stdio: the SDK client", () => {
  mcpToolContract(() => client);

  test("logs go to stderr as JSON lines (stdout is the protocol's alone)", () => {
    expect(stderr).toMatch(/"msg":"mcp server ready"/);
    expect(stderr).toMatch(/"tool":"check_recalls"/);
  });
});
