/**
 * The pages a person meets in the first hour, at 390 and 1280 px in Chromium: tables that fit a phone (or show a
 * cue where a column is out of sight), ranked tables that are their own chart, deals by state on a US map whose
 * tiles lead to each state's page, a model-year switcher, and a recall form whose empty boxes look empty.
 */
import { expect, test, type Page } from "@playwright/test";

/** A table's scroll area shows every column (within a pixel), or it would need its scroll cue. */
async function fits(page: Page, testId: string): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.getByTestId(testId).evaluate((table) => {
    const area = table.closest(".table-scroll")!;
    return { scrollWidth: area.scrollWidth, clientWidth: area.clientWidth };
  });
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("market: the ranked table fits and is its own chart; deals by state on a US map", async ({ page }) => {
      await page.goto("/market");
      const models = await fits(page, "top-models");
      expect(models.scrollWidth).toBeLessThanOrEqual(models.clientWidth + 1);
      // The discounts are drawn in the table's cells, not repeated in a chart above it.
      await expect(page.locator(".cell-bar").first()).toBeVisible();
      await expect(page.locator("main figure.chart")).toHaveCount(0);
      const map = page.getByTestId("states-map");
      await expect(map.locator("svg [data-state]")).toHaveCount(51);
      await expect(map.locator("svg")).toHaveAttribute(
        "aria-label",
        /Every state's deals and average discount are in the table below/,
      );
      await expect(map).toContainText("or more");
    });

    test("pricing: the trims table fits, a year switcher, and a map whose tiles open a state's page", async ({
      page,
    }) => {
      await page.goto("/pricing/toyota/camry/2024");
      const trims = await fits(page, "trims");
      expect(trims.scrollWidth).toBeLessThanOrEqual(trims.clientWidth + 1);
      await expect(page.getByTestId("trims").locator("th")).toHaveText([
        "Trim",
        "Deals",
        "Average price",
        "Average discount",
      ]);

      const years = page.getByTestId("year-switcher");
      await expect(years.locator('[aria-current="page"]')).toHaveText("2024");
      await years.getByRole("link", { name: "2025" }).click();
      await expect(page).toHaveURL(/\/pricing\/toyota\/camry\/2025$/);
      await expect(page.getByTestId("year-switcher").locator('[aria-current="page"]')).toHaveText("2025");

      await page
        .getByTestId("states-map")
        .getByRole("link", { name: /^CA \d+, California: \d+ deals?$/ })
        .click();
      await expect(page).toHaveURL(/\/pricing\/toyota\/camry\/2025\/CA$/);
      await expect(page.getByTestId("states-map").locator('a[aria-current="page"]')).toHaveAttribute(
        "data-state",
        "CA",
      );
    });

    test("every table scroll area carries the cue that shows where columns are out of sight", async ({ page }) => {
      await page.goto("/market");
      const background = await page
        .locator(".table-scroll")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(background).toContain("radial-gradient");
    });

    test("the recall form's empty boxes look empty: hints beside them, no placeholder text", async ({ page }) => {
      await page.goto("/recalls");
      for (const name of ["VIN", "Year", "Make", "Model"]) {
        const box = page.getByRole("textbox", { name }).or(page.getByRole("spinbutton", { name }));
        await expect(box).toHaveValue("");
        await expect(box).not.toHaveAttribute("placeholder");
      }
      await expect(page.getByRole("textbox", { name: "Make" })).toHaveAccessibleDescription("For example, Honda");
    });
  });
}
