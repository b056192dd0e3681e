/**
 * VIN entry as people type it: grouped with spaces or hyphens, with JavaScript and without; the no-JS redirect
 * stays on the host the browser used; a bad VIN's page says what was typed and why, with a box to try again.
 */
import { expect, test } from "@playwright/test";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home form decodes a VIN typed with spaces", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Decode" });
    await expect(button).toBeEnabled();
    await page.getByLabel("Vehicle identification number").fill("1hg cm826 33a004352");
    await button.click();
    await expect(page).toHaveURL(/\/vin\/1HGCM82633A004352$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2003 Honda Accord");
  });

  test("a mistyped VIN lands on a page that shows it, says why, and offers the box again", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Vehicle identification number").fill("1HG-CM826-33A00435I");
    await page.getByRole("button", { name: "Decode" }).click();
    // The form's navigation ends first: reloading while it is under way detaches the page.
    await page.waitForURL(/\/vin\/1HGCM82633A00435I$/);
    const response = await page.reload();
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("typed-vin")).toContainText("1HGCM82633A00435I");
    await expect(page.getByTestId("vin-problem")).toContainText("I, O and Q");
    await expect(page.getByLabel("Vehicle identification number")).toHaveValue("1HGCM82633A00435I");
    await page.getByLabel("Vehicle identification number").fill("1HG-CM826-33A004352");
    await page.getByRole("button", { name: "Decode" }).click();
    await expect(page).toHaveURL(/\/vin\/1HGCM82633A004352$/);
  });
});

test("the /vin redirect is relative, so it works on any host name", async ({ request, baseURL }) => {
  const res = await request.get("/vin?vin=1HG%20CM826%2033A004352", { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe("/vin/1HGCM82633A004352");
  // Through "localhost" as well as 127.0.0.1: the browser stays where it is.
  const viaLocalhost = await request.get(`${baseURL!.replace("127.0.0.1", "localhost")}/vin?vin=1HGCM82633A004352`, {
    maxRedirects: 0,
  });
  expect(viaLocalhost.headers().location).toBe("/vin/1HGCM82633A004352");
});

test("a permalink typed with hyphens redirects to the canonical VIN", async ({ page }) => {
  await page.goto("/vin/1hg-cm826-33a004352");
  await expect(page).toHaveURL(/\/vin\/1HGCM82633A004352$/);
});

test("a well-formed VIN with no vPIC data says so on its not-found page", async ({ page }) => {
  const response = await page.goto("/vin/00000000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("typed-vin")).toContainText("well-formed VIN");
});

test("offline decodes say why drive type and transmission are missing", async ({ page }) => {
  await page.goto("/vin/1B3BD1FG9BN510278");
  await expect(page.getByTestId("specs")).toContainText("not in the local data; filled when NHTSA's vPIC API answers");
});

test("the favicon is served", async ({ request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/icon/);
});
