/**
 * The documents' lists of things the code defines, checked against the code so they cannot drift: the MCP tools
 * (lib/mcp/tools/index.ts) in docs/mcp.md and the scheduled jobs (lib/jobs/registry.ts) in docs/syncs-and-data.md.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { MCP_TOOL_NAMES } from "../../lib/mcp";
import { JOBS } from "../../lib/jobs/registry";

const read = (file: string) => readFileSync(path.join(__dirname, "../..", file), "utf8");

/** The first-column names (`name`) of the tables in `file`'s section under `heading` (## or deeper). */
function tableNames(file: string, heading: string): string[] {
  const text = read(file);
  const start = text.indexOf(`## ${heading}`);
  expect(start).toBeGreaterThan(0);
  const section = text.slice(start).split(/\n## /)[0];
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

test("docs/mcp.md's tool table lists every tool, in the registry's order", () => {
  expect(tableNames("docs/mcp.md", "Tools")).toEqual(MCP_TOOL_NAMES);
});

test("docs/syncs-and-data.md's job table lists every scheduled job", () => {
  expect(tableNames("docs/syncs-and-data.md", "Scheduled syncs").sort()).toEqual(JOBS.map((j) => j.name).sort());
});
