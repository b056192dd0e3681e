/**
 * The README's lists of things the code defines, checked against the code so they cannot drift: the MCP tools
 * (lib/api/mcp-tools.ts) and the scheduled jobs (lib/jobs/registry.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { MCP_TOOL_NAMES } from "../../lib/api/mcp-tools";
import { JOBS } from "../../lib/jobs/registry";

const readme = readFileSync(path.join(__dirname, "../../README.md"), "utf8");

/** The first-column names (`name`) of the tables in the README section under `heading`. */
function tableNames(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}`);
  expect(start).toBeGreaterThan(0);
  const section = readme.slice(start + 1).split(/\n## /)[0];
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

test("the README's MCP tool table lists every tool, in the registry's order", () => {
  expect(tableNames("MCP server")).toEqual(MCP_TOOL_NAMES);
});

test("the README's job table lists every scheduled job", () => {
  expect(tableNames("Scheduled syncs").sort()).toEqual(JOBS.map((j) => j.name).sort());
});
