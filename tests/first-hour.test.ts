/**
 * The first hour on a machine that reaches none of the outside systems, as a person meets it: the built app with
 * NHTSA and fueleconomy.gov configured but refusing connections (as when offline) and the labelled demo deals
 * seeded, as `npm start` seeds them. The README's demo VIN shows its local data and one calm notice, no reason
 * codes; demo prices are labelled on every page that shows one; the JSON keeps the details and varies only on
 * what it varies on.
 */
import { seedDemoDeals } from "@/lib/pricing";
import { importReachesApp, startApp, type TestApp } from "./support/app";

/** Port 9 (discard) on loopback: connections are refused at once, as on a machine without a network. */
const UNREACHABLE = "http://127.0.0.1:9";
const DEMO_VIN = "4T1G11AK7RU000001";
const INTERNAL_WORDS =
  /breaker_open|network_error|bad_response|vinscope-facts-v1|\((sufficient|limited|insufficient)\)/;

let app: TestApp;
const page = async (path: string) => {
  const res = await fetch(`${app.url}${path}`);
  expect(res.status).toBe(200);
  // Without the comments React puts between adjacent pieces of text.
  return { res, html: (await res.text()).replace(/<!-- -->/g, "") };
};
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;
/** The page as rendered, without its scripts (React's payload, JSON-LD) and styles. */
const rendered = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/g, "");
/** What a person reads: the rendered page's text, without its tags. */
const visibleText = (html: string) =>
  rendered(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&apos;/g, "'");
/** The elements marked as a page's one source notice. */
const sourceNotices = (html: string) => rendered(html).match(/<[a-z]+\b[^>]*\sdata-source-notice[\s=>]/g) ?? [];
/** A snake_case code (breaker_open, network_error, answer_unknown), or a wait in milliseconds. */
const CODE_OR_WAIT = /\b[a-z]+_[a-z0-9_]+\b|within \d+ ms/;

beforeAll(async () => {
  app = await startApp({
    env: {
      NHTSA_API_BASE_URL: UNREACHABLE,
      RATINGS_API_BASE_URL: UNREACHABLE,
      COMPLAINTS_API_BASE_URL: UNREACHABLE,
      FUEL_ECONOMY_API_BASE_URL: UNREACHABLE,
    },
  });
  // A tenth of what `npm start` seeds (30,000 deals take half a minute on a busy machine): still enough for the
  // demo VIN's vehicle to have published figures.
  await seedDemoDeals(app.db(), 4000);
  await importReachesApp();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("the README's demo VIN, offline", () => {
  test("one calm notice names the sources out of reach and what is missing; no reason codes; demo prices bannered", async () => {
    const { html } = await page(`/vin/${DEMO_VIN}`);
    expect(count(html, "source-notice")).toBe(1);
    expect(sourceNotices(html)).toHaveLength(1);
    expect(visibleText(html)).not.toMatch(CODE_OR_WAIT);
    expect(html).toContain("This server gets no answer from NHTSA or fueleconomy.gov right now");
    expect(html).toMatch(/does not show open recalls, crash-test ratings, owner complaints or fuel economy/);
    expect(html).toContain(
      `Not shown does not mean none: check open recalls for this vehicle at <a href="https://www.nhtsa.gov/recalls?vin=${DEMO_VIN}">`,
    );
    // The sections it covers fold into it: no card or box of their own.
    for (const folded of ["safety-ratings", "complaints", "fuel-economy", "recalls-unavailable", "status-note"])
      expect(count(html, folded)).toBe(0);
    expect(count(html, "recalls-not-known")).toBe(1);
    expect(html).not.toMatch(INTERNAL_WORDS);
    // What works offline is there: the decode, the factual insight, the demo pricing under its banner.
    expect(html).toContain("GEORGETOWN, KENTUCKY");
    expect(html).toContain("Factual summary composed by vinscope from its data");
    const pricingCard = html.slice(html.indexOf('data-testid="pricing"'));
    expect(pricingCard.indexOf('data-testid="demo-notice"')).toBeGreaterThan(-1);
    expect(pricingCard.indexOf('data-testid="demo-notice"')).toBeLessThan(
      pricingCard.indexOf('data-testid="avg-price"'),
    );
  });

  test("the JSON keeps what the page leaves out: each section's reason, and how many deals are demo", async () => {
    const body = await (await fetch(`${app.url}/api/public/vin/${DEMO_VIN}`)).json();
    expect(body.recalls).toMatchObject({ status: "unavailable", count: null });
    expect(body.safetyRatings.reason).toMatch(/^(network_error|breaker_open)$/);
    expect(body.safetyRatings.source).toMatch(/not known; NHTSA could not be reached/);
    for (const section of [body.recalls, body.safetyRatings, body.complaints, body.fuelEconomy])
      expect(section.source).not.toMatch(CODE_OR_WAIT);
    expect(body.insight.model).toBe("vinscope-facts-v1");
    expect(body.pricing).toMatchObject({ available: true, dataStatus: "sufficient" });
    expect(body.pricing.demoDeals).toBe(body.pricing.sampleSize);
    expect(body.pricing.source).toMatch(/demo data/);
  });
});

describe("every page whose sources did not answer shows one notice for all of them, in words", () => {
  test("/vehicles/toyota/camry/2024: one notice instead of a box per section, no reason codes", async () => {
    const { html } = await page("/vehicles/toyota/camry/2024");
    expect(sourceNotices(html)).toHaveLength(1);
    expect(html).toContain("This server gets no answer from NHTSA or fueleconomy.gov right now");
    expect(html).toMatch(/does not show open recalls, crash-test ratings, owner complaints or fuel economy/);
    for (const folded of ["safety-ratings", "complaints", "fuel-economy", "recalls-unavailable", "status-note"])
      expect(count(html, folded)).toBe(0);
    expect(count(html, "recalls-not-known")).toBe(1);
    expect(visibleText(html)).not.toMatch(CODE_OR_WAIT);
    expect(visibleText(html)).not.toMatch(INTERNAL_WORDS);
  });

  test("/recalls/2024/toyota/camry: the same notice, and recalls not known rather than none", async () => {
    const { html } = await page("/recalls/2024/toyota/camry");
    expect(sourceNotices(html)).toHaveLength(1);
    expect(html).toContain("This server gets no answer from NHTSA right now");
    expect(html).toContain(
      'Not shown does not mean none: check open recalls for this vehicle at <a href="https://www.nhtsa.gov/recalls">',
    );
    expect(count(html, "recalls-not-known")).toBe(1);
    expect(count(html, "recalls-empty")).toBe(0);
    expect(visibleText(html)).not.toMatch(CODE_OR_WAIT);
  });
});

describe("demo prices are labelled wherever they appear", () => {
  test("the pricing route and the market data count the demo deals", async () => {
    const pricing = await (await fetch(`${app.url}/api/public/pricing/toyota/camry/2024`)).json();
    expect(pricing.demoDeals).toBe(pricing.sampleSize);
    const market = await (await fetch(`${app.url}/api/market-data`)).json();
    expect(market.demoDeals).toBe(market.totalDeals);
  });

  test.each(["/pricing/toyota/camry/2024", "/pricing/toyota/camry/2024/CA", "/market"])(
    "%s has the demo banner",
    async (path) => {
      const { html } = await page(path);
      expect(count(html, "demo-notice")).toBe(1);
    },
  );

  test("the home page promises only what this server holds: demo pricing, no recalls without a recall mirror", async () => {
    const { html } = await page("/");
    expect(html).toContain(`${DEMO_VIN}</a> (a 2024 Toyota Camry SE, with demo pricing)`);
  });
});

describe("Vary", () => {
  test("JSON answers vary on what they vary on, not on Next's router headers; pages keep those", async () => {
    for (const path of [
      `/api/public/vin/${DEMO_VIN}`,
      "/api/public/pricing/toyota/camry/2024",
      "/api/recalls?vin=NOTAVIN",
      "/api/health",
    ]) {
      const res = await fetch(`${app.url}${path}`, { headers: { "accept-encoding": "gzip" } });
      const vary = res.headers.get("vary") ?? "";
      expect(`${path}: ${vary}`).not.toMatch(/rsc|next-router|next-url/i);
      await res.arrayBuffer();
    }
    const html = await fetch(`${app.url}/market`);
    expect(html.headers.get("vary")).toMatch(/rsc/i);
    await html.arrayBuffer();
  });
});
