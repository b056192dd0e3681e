/**
 * The make → model → year picker and the vehicle pages in Chromium: without JavaScript the picker is two plain
 * forms (make, then model and year) and lands on the vehicle's page; with JavaScript choosing a make fills the
 * models and years from the catalog API, one submit away. The year page shows NCAP and EPA figures per variant
 * and complaints by component as a chart.
 */
import { expect, test } from "@playwright/test";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home page: make, then model and year, leads to the vehicle's page", async ({ page }) => {
    await page.goto("/");
    const picker = page.getByTestId("vehicle-picker");
    await picker.getByLabel("Make", { exact: true }).selectOption("honda");
    await picker.getByRole("button", { name: "Show models" }).click();
    await expect(page).toHaveURL(/\/vehicles\/honda$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Honda models");
    const next = page.getByTestId("vehicle-picker");
    await next.getByLabel("Model", { exact: true }).selectOption("civic");
    await next.getByLabel("Year", { exact: true }).selectOption("2022");
    await next.getByRole("button", { name: "Show vehicle" }).click();
    await expect(page).toHaveURL(/\/vehicles\/honda\/civic\/2022$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2022 Honda Civic");
    // The e2e NHTSA fake lists two recalls for the 2022 Civic.
    await expect(page.getByTestId("recalls-count")).toContainText("2 recall campaigns");
  });
});

test("with JavaScript the picker fills the models and years of the make chosen", async ({ page }) => {
  await page.goto("/");
  const picker = page.getByTestId("vehicle-picker");
  await picker.getByLabel("Make", { exact: true }).selectOption("audi");
  await expect(picker.getByLabel("Model", { exact: true }).locator("option", { hasText: /^A3$/ })).toHaveCount(1);
  await picker.getByLabel("Model", { exact: true }).selectOption("a3");
  await picker.getByLabel("Year", { exact: true }).selectOption("2015");
  await picker.getByRole("button", { name: "Show vehicle" }).click();
  await expect(page).toHaveURL(/\/vehicles\/audi\/a3\/2015$/);
  await expect(page.getByTestId("ratings-table").locator("tbody tr").first()).toContainText("★");
  await expect(page.getByTestId("complaints-chart")).toContainText("ENGINE");
  await expect(page.getByTestId("fuel-table").locator("tbody tr")).toHaveCount(2);
});
