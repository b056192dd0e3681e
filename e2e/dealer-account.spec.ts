/**
 * A dealer signs up, signs in through the link caught by the loopback SMTP server, uses the key, rotates it,
 * and sees the usage on the account page's chart. Screenshots land in test-results/.
 */
import { expect, test } from "@playwright/test";
import { signInByMailedLink, startTrial } from "./support/dealer-sign-in";

const VIN = "JTDKARFU0J3512345";

test("sign up, sign in by the mailed link, use the key, rotate it, see usage on the chart", async ({
  page,
  request,
}) => {
  const email = `owner-${Date.now()}@e2e-motors.example`;
  const key = await startTrial(page, { name: "E2E Motors", email });
  expect(key).toMatch(/^vsk_[0-9a-f]{12}_/);

  // Use the key: 3 VIN checks and a provision call of 2 VINs.
  for (let i = 0; i < 3; i++) {
    const res = await request.get(`/api/dealer/v1/window-sticker?vin=${VIN}&format=check`, {
      headers: { "x-api-key": key },
    });
    expect(res.status()).toBe(200);
  }
  const prov = await request.post("/api/dealer/v1/provision", {
    headers: { "x-api-key": key },
    data: { vins: [VIN, "1GCUYDED0NZ123456"] },
  });
  expect(prov.status()).toBe(200);

  // Sign in: the link comes by mail.
  await signInByMailedLink(page, email);
  await expect(page.getByRole("heading", { name: "E2E Motors", level: 1 })).toBeVisible();
  await expect(page.getByTestId("plan")).toContainText("Free trial");
  await expect(page.getByTestId("usage-total-vins")).toHaveText(/VINs checked: 5 in 30 days/);
  await expect(page.getByTestId("usage-total-provisions")).toHaveText(/Provision calls: 1 in 30 days/);
  // Today's group of bars: VINs, provision calls (no sticker PDF was served, so no sticker bar).
  const today = page.getByTestId("usage-chart").locator(`g[data-day="${new Date().toISOString().slice(0, 10)}"]`);
  await expect(today.locator('rect[data-series="vins"]')).toBeVisible();
  await expect(today.locator('rect[data-series="provisions"]')).toBeVisible();
  await expect(today.locator('rect[data-series="stickers"]')).toHaveCount(0);
  await page.screenshot({ path: "test-results/dealer-account.png", fullPage: true });

  // Rotate: the new key is shown once; the old one keeps working through the grace period.
  await page.getByRole("button", { name: "Rotate" }).click();
  const fresh = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(fresh).not.toBe(key);
  await expect(page.getByTestId("account-message")).toContainText("The old key keeps working for 24 hours");
  await expect(page.getByText(/rotated: works until/)).toBeVisible();
  for (const k of [key, fresh]) {
    const res = await request.get(`/api/dealer/v1/window-sticker?vin=${VIN}&format=check`, {
      headers: { "x-api-key": k },
    });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId("usage-total-vins")).toHaveText(/VINs checked: 7 in 30 days/);
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await page.screenshot({ path: "test-results/dealer-account-rotated.png", fullPage: true });
});
