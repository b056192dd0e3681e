import { expect, test } from "@playwright/test";

test("a recall page lists campaigns newest first with severity badges", async ({ page }) => {
  const response = await page.goto("/recalls/2022/honda/civic");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Safety recalls: 2022 Honda Civic/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Safety recalls: 2022 Honda Civic");
  await expect(page.getByTestId("recalls-count")).toHaveText("2 recall campaigns for the 2022 Honda Civic");
  const items = page.getByTestId("recall-item");
  await expect(items).toHaveCount(2);
  // Newest report first: 22V002000 (21 July 2022) before 22V001000 (4 January 2022).
  await expect(items.nth(0)).toContainText("22V002000");
  await expect(items.nth(0)).toContainText("report received July 21, 2022");
  await expect(items.nth(0).getByText("Do not drive")).toBeVisible();
  await expect(items.nth(0).getByText("Over-the-air fix")).toBeVisible();
  await expect(items.nth(1)).toContainText("22V001000");
  await expect(items.nth(1).getByText("Do not drive")).toHaveCount(0);
  for (const label of ["Summary", "Consequence", "Remedy"])
    await expect(items.nth(0).getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText(/Whether the remedy has already been carried out/)).toBeVisible();
});

test("checking by VIN decodes it and lists its year/make/model's recalls", async ({ page }) => {
  await page.goto("/recalls");
  await page.getByRole("textbox", { name: "VIN" }).fill("1HGCM82633A004352");
  await page.getByRole("button", { name: "Check VIN" }).click();
  await expect(page).toHaveURL(/\/recalls\?vin=1HGCM82633A004352/);
  await expect(page.getByRole("heading", { name: /1HGCM82633A004352: 2003 Honda Accord/ })).toBeVisible();
  await expect(page.getByTestId("recall-item")).toHaveCount(1);
  await expect(page.getByTestId("recall-item").getByText("Park outside")).toBeVisible();
  await page.getByRole("link", { name: "Recall page for the 2003 Honda Accord" }).click();
  await expect(page).toHaveURL(/\/recalls\/2003\/honda\/accord$/);
});

test("a malformed VIN is explained on the form page", async ({ page }) => {
  await page.goto("/recalls?vin=1HGCM82633A00435O");
  await expect(page.getByTestId("recalls-error")).toContainText(
    "the letters I, O and Q never appear in a VIN; found at position 17",
  );
});

test("when NHTSA is down and nothing is known, the page says recalls are unavailable, not zero", async ({ page }) => {
  await page.goto("/recalls/2021/tesla/model-3");
  const notice = page.locator("[data-source-notice]");
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText("does not show open recalls");
  await expect(notice).not.toContainText(/[a-z]+_[a-z_]+|within \d+ ms/);
  await expect(page.getByTestId("recalls-not-known")).toContainText("not the same as no recalls");
  await expect(page.getByTestId("recalls-empty")).toHaveCount(0);
});

test("a vehicle NHTSA lists no recalls for shows the empty state", async ({ page }) => {
  await page.goto("/recalls/2022/honda/accord");
  await expect(page.getByTestId("recalls-empty")).toContainText("No open recalls listed");
});
