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
