/**
 * docs/configuration.md's table and .env.example are what `npm run docs:config` writes from lib/config.ts's
 * settings table, and each documented default is the one the schema applies.
 */
import { readFileSync } from "node:fs";
import { documentedVariables } from "../../lib/config";
import {
  CONFIGURATION_DOC,
  configurationTable,
  defaultLiteral,
  ENV_EXAMPLE,
  envExample,
  TABLE_END,
  TABLE_START,
  withConfigurationTable,
} from "./config-docs";

const FIX = "run `npm run docs:config` after changing lib/config.ts";

test("docs/configuration.md's table is the one lib/config.ts's settings make", () => {
  const doc = readFileSync(CONFIGURATION_DOC, "utf8");
  expect(doc).toContain(TABLE_START);
  expect(doc).toContain(TABLE_END);
  expect({ file: "docs/configuration.md", text: doc, fix: FIX }).toEqual({
    file: "docs/configuration.md",
    text: withConfigurationTable(doc),
    fix: FIX,
  });
});

test(".env.example is the one lib/config.ts's settings make", () => {
  expect({ file: ".env.example", text: readFileSync(ENV_EXAMPLE, "utf8"), fix: FIX }).toEqual({
    file: ".env.example",
    text: envExample(),
    fix: FIX,
  });
});

test("every variable is documented once, in the table and in .env.example", () => {
  const variables = documentedVariables().map((v) => v.variable);
  expect(new Set(variables).size).toBe(variables.length);
  const table = configurationTable();
  const example = envExample();
  for (const variable of variables) {
    expect(table).toContain(`| \`${variable}\` |`);
    expect(example).toContain(`\n# ${variable}=`);
  }
});

test("the generated text is the same on every run", () => {
  expect(configurationTable()).toBe(configurationTable());
  expect(envExample()).toBe(envExample());
});

/** What an unset value parses to: nothing (undefined, null, an empty list) or a value. */
const isNothing = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

test.each(documentedVariables().map((v) => [v.variable, v] as const))(
  "%s: the documented default is the schema's",
  (_, { schema, doc }) => {
    expect(doc.about.trim()).not.toBe("");
    const unset = schema.parse(undefined);
    const literal = defaultLiteral(doc.default);
    if (literal !== null) expect(schema.parse(literal)).toEqual(unset);
    // A variable with a default value states it as a literal; one without says in words what happens unset.
    else expect(isNothing(unset)).toBe(true);
  },
);
