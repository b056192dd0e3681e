/**
 * Validates the OpenAPI document this code generates (the one /api/public/openapi.json serves) against the
 * OpenAPI 3.1 schema, with @seriousme/openapi-schema-validator. `--print` writes the document to stdout instead.
 *
 *   npm run check:openapi            → "valid OpenAPI 3.1.0 document: 10 operations, 21 schemas" or the errors
 *   npm run check:openapi -- --print > openapi.json
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApiDocument } from "../../lib/openapi";
import { config } from "../../lib/config";

async function main() {
  const doc = buildOpenApiDocument({ baseUrl: config().publicBaseUrl });
  if (process.argv.includes("--print")) {
    process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  if (!result.valid) {
    console.error(JSON.stringify(result.errors, null, 2));
    process.exit(1);
  }
  console.log(
    `valid OpenAPI ${doc.openapi} document: ${operations} operations, ${Object.keys(doc.components.schemas).length} schemas`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
