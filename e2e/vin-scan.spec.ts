/**
 * Reading a VIN from its barcode in Chromium: a photo chosen in the file input (Code 39 with and without the
 * leading I, Data Matrix), and the camera path through Chromium's fake video capture showing a Code 39 label.
 * Chromium on Linux has no native BarcodeDetector, so these run the polyfill, whose wasm must come from the app:
 * every request the page makes is checked to stay on the app's origin (nothing uploaded, no CDN).
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { axe } from "./support/axe";
import { barcodePng, writeBarcodeY4m } from "./support/barcodes";

// 2003 Honda Accord (bundled vPIC data): check digit 3 is right.
const VIN = "1HGCM82633A004352";
const PHOTO_LABEL = "or read the barcode from a photo";
// The first VIN page a fresh server renders loads the vPIC tables: more than expect's default 5 s on a busy machine.
const OPENS = { timeout: 20_000 };

/** Every URL the page asks for; checked at the end of each test to be on the app's own origin. */
function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  return urls;
}

function expectSameOrigin(urls: string[], baseURL: string | undefined) {
  const origin = new URL(baseURL!).origin;
  const elsewhere = urls.filter(
    (u) => !u.startsWith("data:") && !u.startsWith("blob:") && new URL(u).origin !== origin,
  );
  expect(elsewhere).toEqual([]);
}

async function choosePhoto(page: Page, png: Buffer) {
  await page.getByLabel(PHOTO_LABEL).setInputFiles({ name: "label.png", mimeType: "image/png", buffer: png });
}

test.describe("a photo of the barcode", () => {
  test("on the home page, a Code 39 label reading I + the VIN opens that VIN's page, with nothing off the origin", async ({
    page,
    baseURL,
  }) => {
    const urls = watchRequests(page);
    await page.goto("/");
    await choosePhoto(page, await barcodePng("code39", `I${VIN}`));
    await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`), OPENS);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("2003 Honda Accord");
    // The polyfill's reader came from the app, not a CDN, and the photo was never sent anywhere.
    expect(urls.some((u) => new URL(u).pathname === "/scan/zxing-reader.wasm")).toBe(true);
    expect(urls.filter((u) => /upload|\.png/i.test(u))).toEqual([]);
    expectSameOrigin(urls, baseURL);
  });

  test("a Code 39 label without the leading I, from the VIN search of a not-found page", async ({ page, baseURL }) => {
    const urls = watchRequests(page);
    await page.goto("/vin/00000000000000000");
    await choosePhoto(page, await barcodePng("code39", VIN));
    await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`), OPENS);
    expectSameOrigin(urls, baseURL);
  });

  test("a Data Matrix label", async ({ page, baseURL }) => {
    const urls = watchRequests(page);
    await page.goto("/");
    await choosePhoto(page, await barcodePng("datamatrix", VIN));
    await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`), OPENS);
    expectSameOrigin(urls, baseURL);
  });

  test("a read whose check digit fails says so and puts the characters in the box for correction", async ({ page }) => {
    await page.goto("/");
    const misread = "1HGCM82683A004352";
    await choosePhoto(page, await barcodePng("code39", misread));
    await expect(page.getByTestId("vin-scan")).toContainText(`Read ${misread}, but its check digit`);
    await expect(page.getByTestId("vin-scan")).toContainText("should be 3, not 8");
    const box = page.getByLabel("Vehicle identification number");
    await expect(box).toHaveValue(misread);
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    // Corrected by hand, it opens.
    await box.fill(VIN);
    await page.getByRole("button", { name: "Decode" }).click();
    await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`), OPENS);
  });

  test("a photo without a VIN barcode says so and stays", async ({ page }) => {
    await page.goto("/");
    await choosePhoto(page, await barcodePng("qrcode", "https://example.com/not-a-vin"));
    await expect(page.getByTestId("vin-scan")).toContainText("No VIN barcode found in the photo");
    await expect(page).toHaveURL(/\/$/);
  });
});

/**
 * A page in a Chromium of its own with a fake camera showing the given Y4M video, or Chromium's own test pattern
 * (no barcode in it). Launched here: launch options cannot differ per describe group within one worker.
 */
async function withFakeCamera(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  video: string | null,
  run: (page: Page) => Promise<void>,
) {
  const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
  const browser = await playwright.chromium.launch({
    ...(chromiumPath === "bundled" ? {} : { executablePath: chromiumPath }),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ["camera"] });
    await run(await context.newPage());
  } finally {
    await browser.close();
  }
}

const rememberTrack = (page: Page) =>
  page.evaluate(() => {
    const stream = document.querySelector("video")?.srcObject as MediaStream | null;
    (window as unknown as { __scanTrack?: MediaStreamTrack }).__scanTrack = stream?.getVideoTracks()[0];
  });
const trackState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __scanTrack?: MediaStreamTrack }).__scanTrack?.readyState ?? null);

test.describe("the camera", () => {
  test("Scan opens the rear camera, reads a door-jamb Code 39 and opens the VIN's page", async ({
    playwright,
    baseURL,
  }) => {
    const video = writeBarcodeY4m(
      path.join(os.tmpdir(), `vinscope-vin-code39-${process.pid}.y4m`),
      "code39",
      `I${VIN}`,
    );
    try {
      await withFakeCamera(playwright, baseURL, video, async (page) => {
        const urls = watchRequests(page);
        await page.goto("/");
        const scan = page.getByRole("button", { name: "Scan the VIN barcode with the camera" });
        await expect(scan).toHaveAttribute("aria-expanded", "false");
        await scan.click();
        await expect(page).toHaveURL(new RegExp(`/vin/${VIN}$`), OPENS);
        expectSameOrigin(urls, baseURL);
      });
    } finally {
      // 10 raw frames: a few megabytes not to leave behind.
      rmSync(video, { force: true });
    }
  });

  test("on no barcode it stays on until stopped; Escape stops it and gives the focus back to Scan", async ({
    playwright,
    baseURL,
  }) => {
    await withFakeCamera(playwright, baseURL, null, async (page) => {
      await page.goto("/vin/00000000000000000");
      const scan = page.getByRole("button", { name: "Scan the VIN barcode with the camera" });
      await scan.click();
      const stop = page.getByRole("button", { name: "Stop the camera" });
      await expect(stop).toBeFocused();
      await expect(scan).toHaveAttribute("aria-expanded", "true");
      await rememberTrack(page);
      expect(await trackState(page)).toBe("live");
      await page.keyboard.press("Escape");
      await expect(stop).toBeHidden();
      await expect(scan).toBeFocused();
      await expect(scan).toHaveAttribute("aria-expanded", "false");
      // The camera itself is off, not just hidden.
      expect(await trackState(page)).toBe("ended");
    });
  });

  test("is stopped when the page is left", async ({ playwright, baseURL }) => {
    await withFakeCamera(playwright, baseURL, null, async (page) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Scan the VIN barcode with the camera" }).click();
      await expect(page.getByRole("button", { name: "Stop the camera" })).toBeFocused();
      await rememberTrack(page);
      // A client-side navigation: the scan control unmounts while the window and its globals stay.
      await page.getByRole("link", { name: "recalls", exact: true }).first().click();
      await expect(page).toHaveURL(/\/recalls/);
      expect(await trackState(page)).toBe("ended");
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows the VIN box alone, no scan control", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByLabel("Vehicle identification number")).toBeVisible();
    await expect(page.getByTestId("vin-scan")).toHaveCount(0);
  });
});

test("the ZXing reader is served by the app as WebAssembly", async ({ request }) => {
  const res = await request.get("/scan/zxing-reader.wasm");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/wasm");
  const body = await res.body();
  expect(body.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d]));
});

test("the scan control passes axe's WCAG 2.1 AA checks, its visible words starting its name", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("vin-scan")).toBeVisible();
  const results = await axe(page).include('[data-testid="vin-scan"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
