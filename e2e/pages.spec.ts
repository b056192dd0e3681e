/**
 * Every page at 1280 px and at 390 px in Chromium: the expected status, no horizontal overflow, no serious or
 * critical axe violation (WCAG 2.1 A/AA rules), no text under 12 px, and a full-page screenshot in SCREENSHOT_DIR
 * (test-results/screenshots by default) for a person to look at. At 390 px each page is switched to dark mode and
 * checked again.
 */
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { axe, axeRules } from "./support/axe";
import { signInByMailedLink, startTrial } from "./support/dealer-sign-in";

const SHOTS = process.env.SCREENSHOT_DIR ?? path.join("test-results", "screenshots");

const PAGES: { name: string; path: string; status: number; ready?: (page: Page) => Promise<void> }[] = [
  { name: "home", path: "/", status: 200 },
  {
    name: "vin-with-data",
    path: "/vin/4T1G11AK7RU000001",
    status: 200,
    ready: (page) => expect(page.getByTestId("price-band-chart")).toBeVisible(),
  },
  { name: "vin-without-pricing", path: "/vin/1B3BD1FG9BN510278", status: 200 },
  { name: "vin-invalid", path: "/vin/NOT-A-VIN", status: 404 },
  { name: "vin-undecodable", path: "/vin/00000000000000000", status: 404 },
  { name: "pricing", path: "/pricing/ford/f-150/2025", status: 200 },
  { name: "pricing-state", path: "/pricing/ford/f-150/2025/CA", status: 200 },
  { name: "market", path: "/market", status: 200 },
  { name: "recalls", path: "/recalls", status: 200 },
  { name: "recalls-by-vin", path: "/recalls?vin=4T1G11AK7RU000001", status: 200 },
  { name: "recalls-vehicle", path: "/recalls/2024/toyota/camry", status: 200 },
  { name: "vehicles", path: "/vehicles", status: 200 },
  { name: "vehicles-make", path: "/vehicles/honda", status: 200 },
  {
    name: "vehicles-year",
    path: "/vehicles/audi/a3/2015",
    status: 200,
    ready: (page) => expect(page.getByTestId("complaints-chart")).toBeVisible(),
  },
  {
    name: "vehicles-year-priced",
    path: "/vehicles/toyota/camry/2024",
    status: 200,
    ready: (page) => expect(page.getByTestId("price-band-chart")).toBeVisible(),
  },
  {
    name: "docs",
    path: "/docs",
    status: 200,
    // Swagger UI is a large script: on a busy machine it renders well after the page has loaded.
    ready: (page) =>
      expect(page.getByTestId("api-reference").locator(".opblock-summary-path").first()).toBeVisible({
        timeout: 20_000,
      }),
  },
  { name: "dealers", path: "/dealers", status: 200 },
  { name: "dealer-sign-in", path: "/dealers/sign-in", status: 200 },
  { name: "not-found", path: "/no/such/page", status: 404 },
];

const WIDTHS = [1280, 390] as const;
/** The width each page is checked at in dark mode too. */
const DARK_WIDTH = 390;

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Name the widest elements that stick out, so a failure says where to look.
    const culprits = [...document.querySelectorAll("body *")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 1)
      .slice(0, 5)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}.${(el as HTMLElement).className} → ${Math.round(right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits };
  });
  expect(
    scrollWidth,
    `page is ${scrollWidth}px wide on a ${innerWidth}px screen: ${culprits.join("; ")}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** The type scale's floor: no text of ours under 12 px (Swagger UI's own styles are its own). */
async function expectNoTinyText(page: Page) {
  const tiny = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => !el.closest("#api-reference, script, style, noscript, title"))
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
      .filter((el) => (el as HTMLElement).offsetParent !== null || el.tagName === "BODY")
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 12)
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()} "${el.textContent!.trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`,
      ),
  );
  expect(tiny).toEqual([]);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  expect(serious).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const p of PAGES) {
      const dark = width === DARK_WIDTH ? ", in light and dark mode" : "";
      test(`${p.name}: status ${p.status}, no overflow, no serious axe violation${dark}`, async ({ page }) => {
        const response = await page.goto(p.path);
        expect(response?.status()).toBe(p.status);
        await expect(page.locator("main h1").first()).toBeVisible();
        await p.ready?.(page);
        await page.screenshot({ path: path.join(SHOTS, `${p.name}-${width}.png`), fullPage: true });
        await expectNoHorizontalOverflow(page);
        await expectNoTinyText(page);
        await expectNoSeriousAxeViolations(page);
        if (width !== DARK_WIDTH) return;
        // Dark mode is colours only (app/globals.css): the same page, switched, is checked again.
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const light = await background();
        await page.emulateMedia({ colorScheme: "dark" });
        expect(await background(), "the page switched to its dark colours").not.toBe(light);
        await page.screenshot({ path: path.join(SHOTS, `${p.name}-dark-${width}.png`), fullPage: true });
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}

test("the pricing page's state map: each link's accessible name contains the text its tile shows", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/pricing/toyota/camry/2024");
  const links = page.getByTestId("states-map").locator("a[data-state]");
  expect(await links.count()).toBeGreaterThan(0);
  const results = await axeRules(page, ["label-content-name-mismatch"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} nodes`)).toEqual([]);
  // The rule ran over the map's links (an axe without it would pass by checking nothing).
  expect(results.passes.find((p) => p.id === "label-content-name-mismatch")?.nodes.length).toBeGreaterThan(0);
  const first = links.first();
  const shows = (await first.locator("text").allTextContents()).join(" ");
  expect(await first.getAttribute("aria-label")).toMatch(new RegExp(`^${shows}, `));
});

/** Signs a new trial's owner in through the mailed link. */
async function signedInAccountPage(page: Page, who: string) {
  const email = `${who}-${Date.now()}@axe-motors.example`;
  await startTrial(page, { name: `Axe Motors ${who}`, email });
  await signInByMailedLink(page, email);
}

// Each trial counts against the per-address signup limit (SIGNUPS_PER_ADDRESS_PER_DAY, 5): one trial per test,
// looked at in both widths.
test("the key-shown-once page at 390 and 1280 px: readable curl example, no overflow, no serious axe violation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const key = await startTrial(page, { name: "Axe Motors", email: `axe-${Date.now()}@axe-motors.example` });
  await expect(page.getByTestId("key-curl").locator("pre")).toContainText(`x-api-key: ${key}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `dealers-key-${width}.png`), fullPage: true });
    await expectNoHorizontalOverflow(page);
    await expectNoTinyText(page);
    await expectNoSeriousAxeViolations(page);
  }
});

test("the account page at 390 and 1280 px: no overflow, no tiny text, no serious axe violation", async ({ page }) => {
  await signedInAccountPage(page, "acct");
  // A new account has no usage: the page says so instead of drawing an empty chart.
  await expect(page.getByTestId("usage-empty")).toContainText("No usage yet");
  await expect(page.getByTestId("usage-chart")).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `dealer-account-${width}.png`), fullPage: true });
    await expectNoHorizontalOverflow(page);
    await expectNoTinyText(page);
    await expectNoSeriousAxeViolations(page);
  }
});
