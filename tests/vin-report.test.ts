/**
 * GET /api/public/vin/{vin}: the full report for real VINs of several makes, the section flags, the 400/404
 * cases, the headers, and each section degrading alone (NHTSA on a loopback fake) while the report answers 200.
 */
import { Readable } from "node:stream";
import { importDeals } from "@/lib/pricing";
import { importReachesApp, startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { expectInvalidParameter } from "./support/problems";

const CAMRY_2024 = "4T1G11AK7RU000001"; // Toyota Camry SE, assembled in Georgetown, Kentucky
const AVENGER_2011 = "1B3BD1FG9BN510278"; // Dodge Avenger, real VIN
const MDX_2022 = "5J8YE1H8XNL052358"; // Acura MDX ADV, real VIN
const MODEL_Y_2022 = "7SAYGAEE9NF432848"; // Tesla Model Y, real VIN

const DEALS = [
  "deal_id,vin,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source",
  ...[30000, 30500, 31000, 31500, 32000].map(
    (price, i) =>
      `camry-${i},,2024,Toyota,Camry,SE,${i % 2 ? "CA" : "TX"},33000,${price},${i === 0 ? "lease" : "cash"},2025-0${i + 1}-15,purchase-contract`,
  ),
].join("\n");

const CAMRY_RECALL = {
  Manufacturer: "Toyota Motor Engineering & Manufacturing",
  NHTSACampaignNumber: "24V123000",
  parkIt: false,
  parkOutSide: true,
  overTheAirUpdate: false,
  ReportReceivedDate: "05/03/2024",
  Component: "ELECTRICAL SYSTEM",
  Summary: "A wiring harness may chafe.",
  Consequence: "A short circuit increases the risk of a fire.",
  Remedy: "Dealers will inspect and repair the harness, free of charge.",
  Notes: "Owners may contact Toyota.",
  ModelYear: "2024",
  Make: "TOYOTA",
  Model: "CAMRY",
};

let nhtsa: FakeServer;
let app: TestApp;
let nhtsaDown = false;

beforeAll(async () => {
  nhtsa = await startFakeServer();
  nhtsa.on("GET", /.*/, (req) => {
    if (nhtsaDown) return { status: 500, body: "upstream error" };
    if (req.path === "/recalls/recallsByVehicle") {
      const camry = req.query.get("model")?.toUpperCase() === "CAMRY" && req.query.get("modelYear") === "2024";
      const results = camry ? [CAMRY_RECALL] : [];
      return { body: { Count: results.length, Message: "Results returned successfully", results } };
    }
    return { body: { Count: 0, Message: "Results returned successfully", results: [] } };
  });
  app = await startApp({ env: { NHTSA_API_BASE_URL: nhtsa.url, NHTSA_API_TIMEOUT_MS: "1500" } });
  const imported = await importDeals(app.db(), Readable.from([DEALS]));
  expect(imported.ok).toBe(true);
  // The app loaded its index of deals at start; an import next to it shows in the report within the stated bound.
  await importReachesApp();
});

afterAll(async () => {
  await app?.stop();
  await nhtsa?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

describe("GET /api/public/vin/{vin}", () => {
  it("reports a 2024 Toyota Camry with specs, pricing and recalls", async () => {
    const res = await get(`/api/public/vin/${CAMRY_2024}?insight=false`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.vin).toBe(CAMRY_2024);
    expect(body.permalink).toBe(`${app.url}/vin/${CAMRY_2024}`);
    expect(body.decoded).toMatchObject({
      year: "2024",
      make: "Toyota",
      model: "Camry",
      trim: "SE",
      bodyStyle: "Sedan/Saloon",
      fuelType: "Gasoline",
      engine: { cylinders: 4, displacementLiters: "2.5" },
      plant: { city: "GEORGETOWN", state: "KENTUCKY", country: "UNITED STATES (USA)" },
      vehicleType: "PASSENGER CAR",
    });
    expect(body.pricing).toEqual({
      available: true,
      reason: null,
      sampleSize: 5,
      dataStatus: "limited",
      demoDeals: 0,
      averageSellingPrice: 31000,
      averageDiscountPercent: 6.1,
      priceBand: { low: 30200, typical: 31000, high: 31800 },
      url: `${app.url}/pricing/toyota/camry/2024`,
      citation: expect.stringContaining("Camry"),
      source: expect.stringContaining("verified buyer deals"),
    });
    expect(body.recalls).toMatchObject({
      count: 1,
      status: "ok",
      url: `${app.url}/recalls/2024/toyota/camry`,
      items: [
        {
          campaignNumber: "24V123000",
          component: "ELECTRICAL SYSTEM",
          reportReceivedDate: "2024-03-05",
          parkIt: false,
          parkOutside: true,
          overTheAirUpdate: false,
        },
      ],
    });
    expect(body).not.toHaveProperty("insight");
    expect(body.vinCheck).toMatchObject({ checkDigit: { valid: true, expected: "7", actual: "7" }, errorCodes: ["0"] });
    expect(body.elements.Model).toBe("Camry");
    expect(body.citation).toContain(CAMRY_2024);
    expect(body.citation).toContain('"2024 Toyota Camry"');
    expect(body.source).toContain("NHTSA");
  });

  it.each([
    [
      AVENGER_2011,
      {
        year: "2011",
        make: "Dodge",
        model: "Avenger",
        manufacturer: "FCA US LLC",
        engine: { cylinders: 6, displacementLiters: "3.6" },
      },
    ],
    [MDX_2022, { year: "2022", make: "Acura", model: "MDX", trim: "ADV" }],
    [MODEL_Y_2022, { year: "2022", make: "Tesla", model: "Model Y", fuelType: "Electric" }],
  ])("decodes the real VIN %s", async (vin, expected) => {
    const res = await get(`/api/public/vin/${vin}?insight=false&recalls=false`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.decoded).toMatchObject(expected);
    expect(body.pricing).toMatchObject({ available: false, sampleSize: 0, dataStatus: "none", priceBand: null });
    expect(body.pricing.reason).toMatch(/No deals/);
  });

  it("leaves out each section whose flag is false", async () => {
    const body = await (await get(`/api/public/vin/${CAMRY_2024}?pricing=false&recalls=false&insight=false`)).json();
    expect(body).not.toHaveProperty("pricing");
    expect(body).not.toHaveProperty("recalls");
    expect(body).not.toHaveProperty("insight");
    expect(body.decoded.model).toBe("Camry");
    const withPricing = await (await get(`/api/public/vin/${CAMRY_2024}?recalls=0&insight=FALSE`)).json();
    expect(withPricing.pricing.available).toBe(true);
    expect(withPricing).not.toHaveProperty("recalls");
    // Flags are true/false in any case, or 1/0; yes/no are refused like any other word.
    await expectInvalidParameter(await get(`/api/public/vin/${CAMRY_2024}?insight=no`), "insight");
  });

  it("upper-cases a lower-case VIN", async () => {
    const body = await (await get(`/api/public/vin/${CAMRY_2024.toLowerCase()}?insight=false&recalls=false`)).json();
    expect(body.vin).toBe(CAMRY_2024);
  });

  it("still decodes a VIN whose check digit is wrong, and says so", async () => {
    const wrong = `${CAMRY_2024.slice(0, 8)}3${CAMRY_2024.slice(9)}`;
    const res = await get(`/api/public/vin/${wrong}?insight=false&recalls=false&pricing=false`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.decoded.model).toBe("Camry");
    expect(body.vinCheck.checkDigit).toEqual({ valid: false, expected: "7", actual: "3" });
    expect(body.vinCheck.errorCodes).toContain("1");
  });

  it.each([
    ["4T1G11AK7RU00001", "length", "17 characters"],
    ["4T1G11AK7RU00000I", "forbidden_letters", "I, O and Q"],
    ["4T1G11AK7RU0000-1", "invalid_characters", "position 16"],
  ])("answers 400 for %s (%s)", async (vin, vinError, text) => {
    const res = await get(`/api/public/vin/${vin}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, reason: "invalid_vin", param: "vin", vinError });
    expect(body.detail).toContain(text);
  });

  it("answers 400 naming a flag that is not a boolean", async () => {
    await expectInvalidParameter(await get(`/api/public/vin/${CAMRY_2024}?insight=maybe`), "insight");
  });

  it("answers 404 for a well-formed VIN that cannot be decoded", async () => {
    const res = await get(`/api/public/vin/ZZZZZZZZZZZZZZZZZ`);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, reason: "unknown_manufacturer" });
    expect(body.errorCodes).toContain("7");
  });

  it("is cacheable for a day, with an ETag that revalidates to 304, and CORS", async () => {
    const path = `/api/public/vin/${AVENGER_2011}?insight=false&recalls=false`;
    const res = await get(path, { Origin: "https://agent.example" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, s-maxage=86400, stale-while-revalidate=3600");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const etag = res.headers.get("etag")!;
    const again = await get(path, { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });
});

describe("a section failing alone", () => {
  it("reports recalls unavailable (not zero) when NHTSA fails and nothing is known, and still answers 200", async () => {
    nhtsaDown = true;
    try {
      const res = await get(`/api/public/vin/${MDX_2022}?insight=false`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.recalls).toMatchObject({ status: "unavailable", count: null, items: [] });
      expect(body.decoded.model).toBe("MDX");
      expect(body.pricing).toBeDefined();
    } finally {
      nhtsaDown = false;
    }
  });

  it("serves the last known recalls as stale when NHTSA fails later", async () => {
    nhtsaDown = true;
    try {
      const body = await (await get(`/api/public/vin/${CAMRY_2024}?insight=false&pricing=false`)).json();
      // The Camry answer was fetched by an earlier test; within 6 hours it is simply served from the cache.
      expect(["ok", "stale"]).toContain(body.recalls.status);
      expect(body.recalls.count).toBe(1);
    } finally {
      nhtsaDown = false;
    }
  });
});

describe("a slow recalls section and a failing pricing section", () => {
  let slowApp: TestApp;
  let slowNhtsa: FakeServer;

  beforeAll(async () => {
    slowNhtsa = await startFakeServer();
    slowNhtsa.on("GET", /.*/, () => ({ delayMs: 3000, body: { Count: 0, Message: "", results: [] } }));
    slowApp = await startApp({
      env: {
        NHTSA_API_BASE_URL: slowNhtsa.url,
        NHTSA_API_TIMEOUT_MS: "10000",
        // The report's one budget: past it the recalls section stops waiting on NHTSA.
        REPORT_LIVE_BUDGET_MS: "300",
      },
    });
    // Pricing fails outright: deals for the MDX are imported next to the app, then their summary table is dropped,
    // so whether the app reads which vehicles have deals or the MDX's figures, the table is gone.
    const mdxDeals = DEALS.replaceAll(",2024,Toyota,Camry,SE,", ",2022,Acura,MDX,Advance,");
    expect(await importDeals(slowApp.db(), Readable.from([mdxDeals]))).toMatchObject({ ok: true });
    await importReachesApp();
    await slowApp.db().$executeRawUnsafe('DROP TABLE "DealSummary"');
    // Warm up the decoder (vPIC tables compile on first use) so the timing below measures the report only.
    await fetch(`${slowApp.url}/api/public/vin/${MDX_2022}?insight=false&recalls=false&pricing=false`);
  });

  afterAll(async () => {
    await slowApp?.stop();
    await slowNhtsa?.close();
  });

  it("degrades those two sections only and answers within the report's budget", async () => {
    const started = Date.now();
    const res = await fetch(`${slowApp.url}/api/public/vin/${MDX_2022}?insight=false`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    const body = await res.json();
    // NHTSA is still being asked: nothing is known yet, and the count is not zero.
    expect(body.recalls).toMatchObject({ status: "pending", count: null });
    expect(body.pricing).toMatchObject({ available: false, dataStatus: null, sampleSize: null });
    expect(body.pricing.reason).toMatch(/temporarily unavailable/);
    expect(body.decoded.model).toBe("MDX");
    expect(elapsed).toBeLessThan(2000); // NHTSA's fake takes 3 s; the report does not wait for it
  });
});

describe("the insight section", () => {
  let writerApp: TestApp;
  let anthropic: FakeServer;
  const TEXT =
    "The 2011 Dodge Avenger is a front-engine sedan built in Sterling Heights, Michigan. Its vPIC records list a six-cylinder gasoline engine.";

  beforeAll(async () => {
    anthropic = await startFakeServer();
    anthropic.on("POST", "/v1/messages", (req) => ({
      body: {
        id: "msg_test",
        type: "message",
        role: "assistant",
        model: JSON.parse(req.body).model,
        content: [{ type: "text", text: TEXT }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 40 },
      },
    }));
    writerApp = await startApp({ env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: anthropic.url } });
  });

  afterAll(async () => {
    await writerApp?.stop();
    await anthropic?.close();
  });

  it("is a labelled factual summary when no model is configured", async () => {
    const body = await (await get(`/api/public/vin/${CAMRY_2024}?recalls=false`)).json();
    expect(body.insight.model).toBe("vinscope-facts-v1");
    expect(body.insight.text).toContain("Camry");
    expect(body.insight.text.split(/\s+/).length).toBeLessThanOrEqual(60);
    expect(Date.parse(body.insight.generatedAt)).not.toBeNaN();
  });

  it("is the model's validated text, attributed to the model, when one answers", async () => {
    const body = await (await fetch(`${writerApp.url}/api/public/vin/${AVENGER_2011}?recalls=false`)).json();
    expect(body.insight).toEqual({ text: TEXT, model: "claude-haiku-4-5", generatedAt: expect.any(String) });
    expect(anthropic.requests.filter((r) => r.path === "/v1/messages")).toHaveLength(1);
  });
});
