import { expect, test } from "@playwright/test";
import { SPEC_OPERATIONS } from "../tests/support/public-operations";

test("the docs page renders the API reference from the live document, loading nothing from another host", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));

  const response = await page.goto("/docs");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "API documentation" })).toBeVisible();

  const reference = page.getByTestId("api-reference");
  for (const id of SPEC_OPERATIONS) await expect(reference.getByText(id, { exact: true })).toBeVisible();
  await expect(reference.locator(".opblock-summary-path").first()).toBeVisible();
  // No blank band under the title: the reference's header is only as tall as its title and link.
  const header = await reference.locator(".info hgroup.main").boundingBox();
  expect(header!.height).toBeLessThan(120);

  // Open one operation: its parameters come from the document.
  await reference.getByText("decodeVin", { exact: true }).click();
  await expect(
    reference.getByText("17-character VIN; letters I, O and Q are not allowed", { exact: false }).first(),
  ).toBeVisible();
  await expect(reference.getByText("4T1G11AK7RU000001").first()).toBeVisible();

  // Next keeps prefetching links, so the network never goes idle: give late requests (fonts, images) a moment.
  await page.waitForTimeout(1500);
  expect(requested.length).toBeGreaterThan(2);
  expect(requested).toContainEqual(expect.stringContaining("/api/public/openapi.json"));
  const offsite = requested.filter((url) => {
    const { protocol, hostname } = new URL(url);
    if (protocol === "data:" || protocol === "blob:") return false;
    return hostname !== "127.0.0.1" && hostname !== "localhost";
  });
  expect(offsite).toEqual([]);
});

test("each problem reason has its own anchor with the quick start and setup sections", async ({ page }) => {
  await page.goto("/docs#problem-invalid_vin");
  await expect(page.locator("#problem-invalid_vin")).toBeVisible();
  await expect(page.locator("#problem-invalid_vin")).toContainText("17 characters");
  for (const id of ["quick-start", "attribution", "mcp", "dealer", "problems"])
    await expect(page.locator(`#${id}`)).toBeVisible();
  await expect(page.locator("#mcp")).toContainText("npx vinscope mcp");
  await expect(page.getByTestId("mcp-stdio-config")).toContainText(
    '["/absolute/path/to/vinscope/bin/vinscope.mjs", "mcp"]',
  );
  await expect(page.locator("#mcp")).toContainText("/api/mcp");
});
