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

test("at 1280 px each MCP tool name stays whole or breaks only after an underscore", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/docs");
  const names = page.getByTestId("mcp-tools").locator("tbody td:first-child code");
  expect(await names.count()).toBeGreaterThan(10);
  // Each rendered line of each name, read from the layout: a line may end only at the name's end or after "_".
  const lines = await names.evaluateAll((codes) =>
    codes.map((code) => {
      const text = code.textContent ?? "";
      const rows: string[] = [];
      let top: number | null = null;
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const y = Math.round(range.getBoundingClientRect().top);
          if (top === null || Math.abs(y - top) > 2) rows.push("");
          top = y;
          rows[rows.length - 1] += node.textContent![i];
        }
      }
      return { text, rows };
    }),
  );
  for (const { text, rows } of lines) {
    expect(rows.join("")).toBe(text);
    for (const row of rows.slice(0, -1)) expect({ text, row }).toEqual({ text, row: expect.stringMatching(/_$/) });
  }
  // The name that broke mid-word here: whole, or split after an underscore.
  expect(lines.find((l) => l.text === "get_recall_campaign")?.rows.join("|")).toMatch(
    /^(get_recall_campaign|get_recall_\|campaign|get_\|recall_campaign)$/,
  );
});
