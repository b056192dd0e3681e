/**
 * Every example VIN on the home page, on /docs (and in the OpenAPI document it renders) and in the README decodes, and the one whose text promises
 * pricing has it. The README is read from the checkout; the pages as served.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";

const VIN_LIKE = /\b[A-HJ-NPR-Z0-9]{17}\b/g;
// Strings of 17 such characters that are not VINs: hex digests, key prefixes and the like would go here.
const vinsIn = (text: string) =>
  [...new Set(text.match(VIN_LIKE) ?? [])].filter((v) => /[A-Z]/.test(v) && /\d/.test(v));

test("every example VIN decodes, and the pricing example has pricing", async ({ page, request }) => {
  const found = new Map<string, string>();
  for (const url of ["/", "/docs"]) {
    await page.goto(url);
    // The layout's <main>: on /docs, Swagger UI adds <main> elements of its own once its script has run, and a bare
    // "main" would then match several.
    for (const vin of vinsIn(await page.locator("main#main").innerText())) found.set(vin, url);
  }
  // The OpenAPI document's examples, which Swagger UI on /docs shows.
  const openapi = await (await request.get("/api/public/openapi.json")).text();
  for (const vin of vinsIn(openapi)) found.set(vin, "openapi.json");
  const readme = readFileSync(path.join(__dirname, "..", "README.md"), "utf8");
  for (const vin of vinsIn(readme)) found.set(vin, "README.md");
  expect(found.size).toBeGreaterThanOrEqual(3);

  for (const [vin, where] of found) {
    const res = await request.get(`/api/public/vin/${vin}?insight=false&recalls=false`);
    expect(res.status(), `${vin} (${where})`).toBe(200);
    const body = await res.json();
    expect(body.vinCheck.checkDigit.valid, `${vin} (${where}) check digit`).toBe(true);
    expect(body.decoded.model, `${vin} (${where}) model`).not.toBeNull();
  }

  // The example has demo pricing and (from the e2e NHTSA fake) recalls; the README promises demo pricing for it.
  const example = await (await request.get("/api/public/vin/4T1G11AK7RU000001?insight=false")).json();
  expect(example.pricing.available).toBe(true);
  expect(example.recalls.count).toBeGreaterThan(0);
  expect(readme).toContain("4T1G11AK7RU000001` (a 2024 Toyota Camry SE with demo pricing");
  await page.goto("/");
  // The home page promises only what the server holds itself: demo pricing (recalls would need a fresh recall
  // mirror; this server asks NHTSA live, which an outage would take away).
  await expect(page.locator("main#main")).toContainText(
    "4T1G11AK7RU000001 (a 2024 Toyota Camry SE, with demo pricing)",
  );
});
