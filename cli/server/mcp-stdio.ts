/**
 * `vinscope mcp` (also `npm run mcp` and the `vinscope-mcp` bin): the MCP server over stdio, in-process on the local data.
 *
 * stdout carries the protocol and nothing else: logs go to stderr (`sendLogsToStderr`), and so does any
 * console output of the modules it loads. Before serving it does what `npm start` does for the data: unpack
 * the bundled vPIC file if missing, migrate the database, seed the labelled demo data into an empty one.
 */
import { existsSync } from "node:fs";
import { config, ConfigError } from "../../lib/config";
import { disconnectDb } from "../../lib/db";
import { log, sendLogsToStderr } from "../../lib/log";
import { createMcpServer, createStdioTransport } from "../../lib/mcp";
import { seedDemoData } from "../../lib/seed";
import { SERVICE_VERSION } from "../../lib/version";
import { ensureBundledVpic } from "../../lib/vin";
import { migrate } from "../db/prepare";

async function prepareData(): Promise<void> {
  const cfg = config();
  if (!existsSync(cfg.vpic.dbPath)) {
    if (process.env.VPIC_DB_PATH) throw new Error(`vPIC database not found at ${cfg.vpic.dbPath} (VPIC_DB_PATH)`);
    await ensureBundledVpic(cfg.vpic.dbPath);
  }
  // A desktop MCP client starts this server while `npm start` runs: migrate() leaves an up-to-date database alone.
  await migrate();
  if (cfg.seedDemoData) {
    for (const line of await seedDemoData()) log().info({ seed: line }, "demo data");
  }
}

/** Serves until stdin closes or a signal comes. Exit 2 on invalid configuration, 1 when it cannot start. */
export async function serveMcpStdio(): Promise<void> {
  sendLogsToStderr();
  // A stray console.log anywhere would corrupt the JSON-RPC stream.
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[vinscope-mcp] ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  try {
    await prepareData();
  } catch (error) {
    console.error(`[vinscope-mcp] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    await disconnectDb().catch(() => undefined);
    process.exit(1);
  }
  if (!process.env.PUBLIC_BASE_URL) {
    // Started by an MCP client, this process rarely shares the web app's environment: say where links will point.
    log().warn(
      { publicBaseUrl: config().publicBaseUrl },
      "PUBLIC_BASE_URL is not set: permalinks and citations point at this default; set it to the web app's address",
    );
  }

  const server = createMcpServer();
  const transport = createStdioTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await disconnectDb().catch(() => undefined);
    process.exit(0);
  };
  transport.onclose = () => void shutdown();
  process.stdin.on("end", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());

  await server.connect(transport);
  log().info(
    { version: SERVICE_VERSION, transport: "stdio", database: config().database.provider },
    "mcp server ready",
  );
}
