import { z } from "zod";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { toolInputSchema, toolOutputSchema } from "./compact-schema";

const Item = z
  .object({ code: z.int().meta({ description: "the code" }), label: z.string().nullable() })
  .meta({ id: "Item", description: "an item" });
const Answer = z.object({
  first: Item,
  second: Item,
  state: z.enum(["ok", "stale"]).nullable(),
  when: z.iso.datetime(),
  detail: z.object({ a: z.string(), b: z.string(), c: z.string() }),
});

describe("toolOutputSchema", () => {
  const schema = toolOutputSchema(Answer);

  test("keeps the shape only: no prose, no additionalProperties false, no regex behind a format", () => {
    const text = JSON.stringify(schema);
    expect(text).not.toMatch(/description|additionalProperties|"id"|9007199254740991/);
    expect(schema.properties).toMatchObject({ when: { type: "string", format: "date-time" } });
    expect(JSON.stringify((schema.properties as Record<string, unknown>).when)).not.toMatch(/pattern/);
  });

  test("a repeated subschema is written once under $defs, named by its zod id", () => {
    expect(schema.properties).toMatchObject({ first: { $ref: "#/$defs/Item" }, second: { $ref: "#/$defs/Item" } });
    expect(schema.$defs).toEqual({
      Item: {
        type: "object",
        properties: { code: { type: "integer" }, label: { type: ["string", "null"] } },
        required: ["code", "label"],
      },
    });
  });

  test("a nullable enum is one enum with null; required lists stay", () => {
    expect((schema.properties as Record<string, unknown>).state).toEqual({ enum: ["ok", "stale", null] });
    expect(schema.required).toEqual(["first", "second", "state", "when", "detail"]);
  });

  test("a brief replaces a part, and the answer still validates against it", () => {
    const brief = toolOutputSchema(Answer, [[Answer.shape.detail, z.record(z.string(), z.string())]]);
    expect((brief.properties as Record<string, unknown>).detail).toEqual({
      type: "object",
      additionalProperties: { type: "string" },
    });
    const validate = new AjvJsonSchemaValidator().getValidator(brief);
    const answer = {
      first: { code: 1, label: null },
      second: { code: 2, label: "x" },
      state: "ok",
      when: "2026-11-26T00:00:00Z",
      detail: { a: "1", b: "2", c: "3" },
    };
    expect(validate(answer).valid).toBe(true);
    expect(validate({ ...answer, state: "gone" }).valid).toBe(false);
    expect(validate({ ...answer, first: { code: "1", label: null } }).valid).toBe(false);
  });
});

test("toolInputSchema keeps descriptions once, inline, with no examples or dialect", () => {
  const schema = toolInputSchema(
    z.object({
      year: z
        .union([z.int().meta({ description: "inner" }), z.string()])
        .meta({ description: "model year", examples: [2024] }),
      item: Item,
    }),
  );
  expect(JSON.stringify(schema)).not.toMatch(/\$ref|\$schema|examples|inner/);
  expect(schema.properties).toMatchObject({
    year: { description: "model year" },
    item: { description: "an item", properties: { code: { description: "the code" } } },
  });
});
