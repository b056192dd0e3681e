import { expect, test } from "@playwright/test";

// A 2015 Audi A3 Premium sedan, 2.0 L diesel: the e2e fakes serve NHTSA's real NCAP answers for the 2015 A3,
// constructed complaints and EPA records (tests/support/buyer-data-fakes.ts).
const VIN = "WAUAJGFF3F1000001";

test("the VIN page shows NCAP stars, complaints by component and EPA figures, as the API gives them", async ({
  page,
}) => {
  const api = await (await page.request.get(`/api/public/vin/${VIN}?insight=false&pricing=false`)).json();
  await page.goto(`/vin/${VIN}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("2015 Audi A3");

  // Ratings: the variants that fit (both sedans: the VIN does not give the drive), stars as stars.
  const ratings = page.getByTestId("safety-ratings");
  const fitting = api.safetyRatings.variants.filter((v: { fit: string }) => v.fit !== "excluded");
  await expect(ratings.getByTestId("ncap-variant")).toHaveCount(fitting.length);
  await expect(ratings).toContainText("Several tested variants fit this VIN");
  await expect(
    ratings.getByRole("img", { name: `Overall: ${fitting[0].ratings.overall} of 5 stars` }).first(),
  ).toBeVisible();
  await expect(ratings).toContainText("2 other tested variants");

  // Complaints: the count and one bar per component, longest first, values from the API.
  const complaints = page.getByTestId("complaints");
  await expect(complaints.getByTestId("complaints-count")).toContainText(`${api.complaints.count} complaints`);
  const bars = complaints.getByTestId("complaints-chart").locator("li");
  await expect(bars).toHaveCount(api.complaints.byComponent.length);
  await expect(bars.first()).toHaveAttribute("data-component", api.complaints.byComponent[0].component);
  await expect(bars.first()).toHaveAttribute("data-count", String(api.complaints.byComponent[0].count));

  // Fuel economy: the diesel that fits, as figures.
  const fuel = page.getByTestId("fuel-economy");
  const match = api.fuelEconomy.variants.find((v: { fit: string }) => v.fit === "match");
  await expect(fuel.getByTestId("epa-variant")).toHaveCount(1);
  await expect(fuel.getByTestId("mpg-combined")).toHaveText(`${match.combinedMpg} MPG`);
  await expect(fuel).toContainText(`$${match.annualFuelCostUsd.toLocaleString("en-US")}/yr`);

  await page.screenshot({ path: "test-results/buyer-data-vin-page.png", fullPage: true });
});
