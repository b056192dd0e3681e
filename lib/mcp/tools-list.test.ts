import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { MCP_TOOLS, MCP_TOOL_NAMES } from "./tools";
import { toolList } from "./tools-list";

describe("tools/list", () => {
  const tools = toolList();

  test("lists every tool once, in the registry's order, each read-only with a title", () => {
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    expect(new Set(MCP_TOOL_NAMES).size).toBe(MCP_TOOL_NAMES.length);
    for (const t of tools) {
      expect(t.annotations).toMatchObject({ title: t.title, readOnlyHint: true });
      expect(typeof t.annotations?.openWorldHint).toBe("boolean");
    }
  });

  // 40 KB since issue 48 (investigations, service bulletins and Canadian recalls: a tool each).
  test("fits in 40 KB, the budget of what lands in every agent's context", () => {
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(40 * 1024);
  });

  test("descriptions say what a tool returns, and give the agent no instructions", () => {
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.description).not.toMatch(
        /\b(you (must|should)|always|never call|ignore|instead of|use this|call this)\b/i,
      );
    }
  });

  test("every output schema compiles, and the examples the contract holds validate against it", () => {
    const ajv = new AjvJsonSchemaValidator();
    for (const spec of MCP_TOOLS) {
      const listed = tools.find((t) => t.name === spec.name)!;
      expect(listed.outputSchema?.type).toBe("object");
      const validate = ajv.getValidator(listed.outputSchema!);
      for (const example of (spec.output.meta()?.examples as unknown[] | undefined) ?? []) {
        expect({ tool: spec.name, ...validate(example) }).toMatchObject({ tool: spec.name, valid: true });
      }
    }
  });

  test("input schemas are inline (no references), so every client can turn them into parameters", () => {
    for (const t of tools) expect(JSON.stringify(t.inputSchema)).not.toContain("$ref");
  });
});
