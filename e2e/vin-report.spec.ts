import { expect, test } from "@playwright/test";

// A 2024 Toyota Camry SE: the demo data has deals for it and the e2e NHTSA fake lists a park-outside recall.
const VIN = "4T1G11AK7RU000001";

test("type a VIN on the home page, see the preview, land on the permalink with figures, badges and JSON-LD", async ({
  page,
}) => {
  await page.goto("/");
  const box = page.getByLabel("Vehicle identification number");

  await box.fill("4T1G11AK7RU00000I");
  await expect(page.locator("#vin-status")).toContainText("I, O and Q");
  // The button stays usable (the form must work without JavaScript); pressing it explains instead of leaving.
  await page.getByRole("button", { name: "Decode" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#vin-status")).toContainText("I, O and Q");

  await box.fill(`${VIN.slice(0, 8)}3${VIN.slice(9)}`);
  await expect(page.locator("#vin-status")).toContainText("should be 7, is 3");

  await box.fill(VIN.toLowerCase());
  await expect(page.locator("#vin-status")).toContainText("Check digit correct");
  // The first decode of a process may wait for the vPIC tables to compile on a busy machine.
  await expect(page.getByTestId("vin-preview")).toContainText("2024 Toyota Camry", { timeout: 20_000 });
  await box.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("2024 Toyota Camry");
  await expect(page).toHaveTitle(new RegExp(`VIN ${VIN}`));
  await expect(page.getByTestId("specs")).toContainText("GEORGETOWN, KENTUCKY");
  await expect(page.getByTestId("specs")).toContainText("2.5 L, 4 cylinders");

  // Pricing: the figures on the page are the API's figures.
  const api = await (await page.request.get(`/api/public/vin/${VIN}?insight=false&recalls=false`)).json();
  const avg = `$${api.pricing.averageSellingPrice.toLocaleString("en-US")}`;
  await expect(page.getByTestId("avg-price")).toHaveText(avg);
  await expect(page.getByTestId("price-band-chart")).toBeVisible();
  await expect(page.getByTestId("pricing")).toContainText("demo");

  // Recalls with severity badges.
  await expect(page.getByText("24V800000", { exact: true })).toBeVisible();
  await expect(page.getByText(/park outside/i).first()).toBeVisible();

  // Attribution, canonical URL and structured data.
  await expect(page.getByTestId("attribution")).toContainText("NHTSA");
  await expect(page.getByTestId("citation")).toContainText(VIN);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`/vin/${VIN}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Toyota Camry/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "Car",
    vehicleIdentificationNumber: VIN,
    modelDate: "2024",
    model: "Camry",
    bodyType: "Sedan/Saloon",
    brand: { name: "Toyota" },
    vehicleEngine: { engineDisplacement: { value: 2.5, unitCode: "LTR" } },
  });

  await page.screenshot({ path: "test-results/vin-report.png", fullPage: true });
});

test("an invalid VIN permalink shows a helpful not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/vin/NOT-A-VIN");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We could not decode that VIN" })).toBeVisible();
  await expect(page.getByText("never I, O or Q")).toBeVisible();
});
