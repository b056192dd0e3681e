import { expect, test } from "@playwright/test";

test("the home page introduces the service with its navigation and attribution", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/vinscope/);
  await expect(page.getByRole("link", { name: "vinscope home" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["VIN decoder", "Market", "Recalls", "Dealers", "API docs"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Decode any VIN");
  await expect(page.getByLabel("Vehicle identification number")).toBeVisible();
  await expect(page.locator("footer")).toContainText("NHTSA Product Information Catalog and Vehicle Listing (vPIC)");
});

test("an unknown address shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Decode a VIN" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the home page's curl examples have no blank line, at 1280 and 390 px", async ({ page }) => {
  await page.goto("/");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const blocks = page.locator(".copy-block pre code");
    expect(await blocks.count()).toBe(3);
    // Each rendered line of each example, from the layout: every one must show something besides spaces.
    const rendered = await blocks.evaluateAll((codes) =>
      codes.map((code) => {
        const node = code.firstChild!;
        const rows: string[] = [];
        let top: number | null = null;
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (node.textContent![i] === "\n" || rect.height === 0) continue;
          const y = Math.round(rect.top);
          if (top === null || Math.abs(y - top) > 2) rows.push("");
          top = y;
          rows[rows.length - 1] += node.textContent![i];
        }
        return rows;
      }),
    );
    for (const rows of rendered) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect({ width, row, blank: row.trim() === "" }).toEqual({ width, row, blank: false });
    }
  }
});
