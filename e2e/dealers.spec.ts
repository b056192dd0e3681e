/**
 * A dealer starts a trial on /dealers, sees the key once (and can copy it), uses it with the API, and a
 * reload shows the empty form again, never the key.
 */
import { expect, test } from "@playwright/test";

test("start a trial, see the key once, use it, reload: gone", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/dealers");
  await expect(page.getByRole("heading", { name: "Dealer API", level: 1 })).toBeVisible();
  await expect(page.getByText("GM (Chevrolet, GMC, Buick, Cadillac)")).toBeVisible();

  // Invalid input is answered beside the field, and nothing is issued.
  await page.getByRole("button", { name: "Start 14-day trial" }).click();
  await expect(page.getByText("Enter the dealership's name.")).toBeVisible();
  await expect(page.getByTestId("api-key")).toHaveCount(0);

  await page.getByLabel("Dealership name").fill("Playwright Chevrolet");
  await page.getByLabel("Work email").fill("sales@playwright-chevy.example");
  await page.getByLabel("Rooftop (city, state)").fill("Tulsa, OK");
  await page.getByRole("button", { name: "Start 14-day trial" }).click();

  const shown = page.getByTestId("api-key");
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key).toMatch(/^vsk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("This is the only time the key is shown.")).toBeVisible();

  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key works with the API …
  const check = await request.get("/api/dealer/v1/window-sticker?vin=JTDKARFU0J3512345&format=check", {
    headers: { "x-api-key": key },
  });
  expect(check.status()).toBe(200);
  expect(await check.json()).toMatchObject({ available: false, brand: "Toyota", reason: "not_supported" });
  const provision = await request.post("/api/dealer/v1/provision", {
    headers: { "x-api-key": key },
    data: { vins: ["1GCUYDED9NZ123456"], decode: true },
  });
  expect(provision.status()).toBe(200);
  expect((await provision.json()).results[0]).toMatchObject({ status: "supported", brand: "Chevrolet" });

  // … and a reload shows the form again, never the key.
  await page.reload();
  await expect(page.getByRole("button", { name: "Start 14-day trial" })).toBeVisible();
  await expect(page.getByTestId("api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  const html = await (await request.get("/dealers")).text();
  expect(html).not.toContain(key);
});
