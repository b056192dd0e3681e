/**
 * The VIN report's buyer-data sections (NCAP, complaints, fuel economy) against the built app, with NHTSA's SafetyRatings and
 * complaints APIs and fueleconomy.gov faked on loopback: ok, the flags, an outage (unavailable, never 0),
 * stale after an outage, a section past its deadline, and the short cache of a degraded answer.
 * NCAP answers are real (tests/fixtures/buyer-data/SOURCES.md); complaints and EPA rows are constructed in the
 * sources' formats and say so.
 */
import ncap from "./fixtures/buyer-data/ncap-2015-audi-a3.json";
import { startApp, type TestApp } from "./support/app";
import { complaint, epa } from "./support/buyer-data-fakes";
import { startFakeServer, type FakeServer } from "./support/fake-server";

const A3_2015 = "WAUAJGFF3F1000001"; // 2015 Audi A3 Premium sedan, 2.0 L diesel (drive not in the VIN)
const CAMRY_2024 = "4T1G11AK7RU000001"; // 2024 Toyota Camry SE
const MDX_2022 = "5J8YE1H8XNL052358"; // 2022 Acura MDX
const HEALTHY = "public, max-age=86400, s-maxage=86400, stale-while-revalidate=3600";
const DEGRADED = "public, max-age=60, s-maxage=60";
const ONLY_BUYER_DATA = "pricing=false&recalls=false&insight=false";

const EPA: Record<string, ReturnType<typeof epa>> = {
  "35001": epa(35001, "A3", { displ: "1.8", fuelType: "Premium", city08: "23", highway08: "33", comb08: "27" }),
  "35002": epa(35002, "A3 quattro", {
    displ: "2.0",
    drive: "All-Wheel Drive",
    fuelType: "Premium",
    city08: "24",
    highway08: "33",
    comb08: "27",
  }),
  "35003": epa(35003, "A3", {
    displ: "2.0",
    fuelType: "Diesel",
    atvType: "Diesel",
    city08: "31",
    highway08: "43",
    comb08: "36",
    fuelCost08: "1250",
  }),
};

let nhtsa: FakeServer;
let fueleconomy: FakeServer;
let app: TestApp;
let down = false;

beforeAll(async () => {
  nhtsa = await startFakeServer();
  fueleconomy = await startFakeServer();
  nhtsa.on("GET", /.*/, (req) => {
    if (down) return { status: 503, body: "upstream maintenance" };
    if (req.path.startsWith("/SafetyRatings/modelyear/2022/"))
      return { delayMs: 3000, body: { Count: 0, Message: "", Results: [] } };
    if (req.path === "/SafetyRatings/modelyear/2015/make/AUDI/model/A3") return { body: ncap.variants };
    const id = req.path.match(/^\/SafetyRatings\/VehicleId\/(\d+)$/)?.[1];
    if (id && id in ncap.vehicles) return { body: ncap.vehicles[id as keyof typeof ncap.vehicles] };
    if (req.path.startsWith("/SafetyRatings/"))
      return { body: { Count: 0, Message: "No results found for this request", Results: [] } };
    if (req.path === "/products/vehicle/models") {
      const models =
        req.query.get("make") === "AUDI" && req.query.get("modelYear") === "2015" ? ["A3", "A3 CABRIOLET", "A4"] : [];
      return {
        body: {
          count: models.length,
          message: "Results returned successfully",
          results: models.map((model) => ({ model })),
        },
      };
    }
    if (req.path === "/complaints/complaintsByVehicle") {
      if (req.query.get("modelYear") === "2022") return { delayMs: 3000, body: { count: 0, results: [] } };
      const model = req.query.get("model");
      const results =
        model === "A3"
          ? [
              complaint(11000001, "03/02/2016", "ENGINE,FUEL/PROPULSION SYSTEM"),
              complaint(11000002, "07/15/2017", "ENGINE", { crash: true, numberOfInjuries: 1 }),
            ]
          : model === "A3 CABRIOLET"
            ? [complaint(11000003, "01/20/2018", "ELECTRICAL SYSTEM")]
            : [];
      return { body: { count: results.length, message: "Results returned successfully", results } };
    }
    return { status: 404, body: {} };
  });
  fueleconomy.on("GET", /.*/, (req) => {
    if (down) return { status: 503, body: "upstream maintenance" };
    if (req.path === "/vehicle/menu/make")
      return {
        body: {
          menuItem: [
            { text: "Audi", value: "Audi" },
            { text: "Toyota", value: "Toyota" },
          ],
        },
      };
    if (req.path === "/vehicle/menu/model") {
      if (req.query.get("make") !== "Audi") return { body: { menuItem: { text: "Corolla", value: "Corolla" } } };
      return {
        body: {
          menuItem: [
            { text: "A3", value: "A3" },
            { text: "A3 quattro", value: "A3 quattro" },
            { text: "A4", value: "A4" },
          ],
        },
      };
    }
    if (req.path === "/vehicle/menu/options") {
      const ids =
        req.query.get("model") === "A3" ? ["35001", "35003"] : req.query.get("model") === "A3 quattro" ? ["35002"] : [];
      return { body: { menuItem: ids.map((value) => ({ text: EPA[value].trany, value })) } };
    }
    const id = req.path.match(/^\/vehicle\/(\d+)$/)?.[1];
    if (id && EPA[id]) return { body: EPA[id] };
    return { status: 404, body: {} };
  });
  app = await startApp({
    env: {
      RATINGS_API_BASE_URL: nhtsa.url,
      COMPLAINTS_API_BASE_URL: nhtsa.url,
      FUEL_ECONOMY_API_BASE_URL: fueleconomy.url,
      RATINGS_API_TIMEOUT_MS: "1000",
      COMPLAINTS_API_TIMEOUT_MS: "1000",
      FUEL_ECONOMY_API_TIMEOUT_MS: "1000",
      BUYER_DATA_CACHE_MS: "1500",
      REPORT_SECTION_MEMO_MS: "1000",
      // Room for the healthy fakes' several calls on a loaded machine; still well under the 3 s slow source.
      REPORT_LIVE_BUDGET_MS: "1200",
      OUTSIDE_FAILURE_MEMO_MS: "0",
      OUTSIDE_BREAKER_FAILURES: "1000",
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await nhtsa?.close();
  await fueleconomy?.close();
});

const report = (vin: string, query = ONLY_BUYER_DATA) => fetch(`${app.url}/api/public/vin/${vin}?${query}`);

describe("buyer-data sections of GET /api/public/vin/{vin}", () => {
  test("ok: NCAP variants marked against the VIN, complaints summarised, the EPA variant that fits", async () => {
    const res = await report(A3_2015);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(HEALTHY);
    const body = await res.json();

    expect(body.safetyRatings).toMatchObject({ status: "ok", selection: "several" });
    // The VIN says sedan but not the drive: both sedans are candidates, the convertibles are excluded.
    expect(body.safetyRatings.variants.map((v: { vehicleId: number; fit: string }) => [v.vehicleId, v.fit])).toEqual([
      [9403, "candidate"],
      [9408, "candidate"],
      [9405, "excluded"],
      [9406, "excluded"],
    ]);
    expect(body.safetyRatings.variants[0].ratings).toMatchObject({
      overall: 5,
      frontCrash: 4,
      sideCrash: 5,
      rollover: 4,
      rolloverRiskPercent: 10.9,
    });

    expect(body.complaints).toMatchObject({ status: "ok", count: 3, crashes: 1, injuries: 1, fires: 0 });
    expect(body.complaints.byComponent).toEqual([
      { component: "ENGINE", count: 2 },
      { component: "ELECTRICAL SYSTEM", count: 1 },
      { component: "FUEL/PROPULSION SYSTEM", count: 1 },
    ]);
    expect(body.complaints.newest.map((c: { odiNumber: number }) => c.odiNumber)).toEqual([
      11000003, 11000002, 11000001,
    ]);

    expect(body.fuelEconomy).toMatchObject({ status: "ok", selection: "one" });
    expect(body.fuelEconomy.variants[0]).toMatchObject({
      epaId: 35003,
      fit: "match",
      combinedMpg: 36,
      annualFuelCostUsd: 1250,
      evRangeMiles: null,
    });
    expect(body.fuelEconomy.variants.filter((v: { fit: string }) => v.fit === "excluded")).toHaveLength(2);
  });

  test("each section has its own flag; a bad flag value is a 400 naming it", async () => {
    const body = await (
      await report(A3_2015, `${ONLY_BUYER_DATA}&safetyRatings=false&complaints=0&fuelEconomy=FALSE`)
    ).json();
    expect(body).not.toHaveProperty("safetyRatings");
    expect(body).not.toHaveProperty("complaints");
    expect(body).not.toHaveProperty("fuelEconomy");
    const onlyComplaints = await (
      await report(A3_2015, `${ONLY_BUYER_DATA}&safetyRatings=false&fuelEconomy=false`)
    ).json();
    expect(Object.keys(onlyComplaints)).toContain("complaints");
    expect(onlyComplaints).not.toHaveProperty("fuelEconomy");
    const bad = await report(A3_2015, "complaints=maybe");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ param: "complaints" });
  });

  test("a source slower than the live budget: the sections are pending at once, the report still answers, briefly cached", async () => {
    const started = Date.now();
    const res = await report(MDX_2022, `${ONLY_BUYER_DATA}&fuelEconomy=false`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2500); // REPORT_LIVE_BUDGET_MS (1200 here), not the sources' 3 s
    const body = await res.json();
    expect(body.safetyRatings).toMatchObject({ status: "pending", selection: null, variants: [] });
    expect(body.complaints).toMatchObject({ status: "pending", count: null });
    expect(res.headers.get("cache-control")).toBe(DEGRADED);
  });

  test("an outage: unknown vehicles are unavailable (count null, never 0); known ones stale", async () => {
    down = true;
    try {
      await new Promise((r) => setTimeout(r, 1600)); // past BUYER_DATA_CACHE_MS: the sources are asked again
      const never = await report(CAMRY_2024);
      expect(never.status).toBe(200);
      expect(never.headers.get("cache-control")).toBe(DEGRADED);
      const n = await never.json();
      expect(n.complaints).toMatchObject({
        status: "unavailable",
        count: null,
        crashes: null,
        byComponent: [],
        newest: [],
      });
      expect(n.safetyRatings).toMatchObject({ status: "unavailable", selection: null });
      expect(n.fuelEconomy).toMatchObject({ status: "unavailable", selection: null, variants: [] });
      // NHTSA answers 503: "answered with an error", until its breaker opens and it is no longer asked.
      expect(n.complaints.reason).toMatch(/^(http_error|breaker_open)$/);
      expect(n.complaints.source).toMatch(/not known; NHTSA (answered with an error|could not be reached), and no/);

      const known = await report(A3_2015);
      expect(known.headers.get("cache-control")).toBe(DEGRADED);
      const k = await known.json();
      expect(k.complaints).toMatchObject({ status: "stale", count: 3 });
      expect(k.safetyRatings).toMatchObject({ status: "stale", selection: "several" });
      expect(k.fuelEconomy).toMatchObject({ status: "stale", selection: "one" });
      expect(Date.parse(k.complaints.checkedAt)).toBeLessThan(Date.now() - 1500);
    } finally {
      down = false;
    }
  });

  test("by year/make/model: the public routes, with no VIN to choose a variant", async () => {
    const ratings = await fetch(`${app.url}/api/public/safety-ratings/2015/audi/a3`);
    expect(ratings.status).toBe(200);
    expect(ratings.headers.get("cache-control")).toBe(
      "public, max-age=21600, s-maxage=21600, stale-while-revalidate=3600",
    );
    const r = await ratings.json();
    expect(r).toMatchObject({ year: 2015, make: "Audi", model: "A3", status: "ok", selection: "several" });
    expect(r.variants.map((v: { fit: string }) => v.fit)).toEqual(["candidate", "candidate", "candidate", "candidate"]);
    const complaints = await (await fetch(`${app.url}/api/public/complaints/2015/audi/a3`)).json();
    expect(complaints).toMatchObject({ status: "ok", count: 3 });
    const fuel = await (await fetch(`${app.url}/api/public/fuel-economy/2015/audi/a3`)).json();
    expect(fuel).toMatchObject({ status: "ok", selection: "several" });
    expect(fuel.variants).toHaveLength(3);
    const unknown = await fetch(`${app.url}/api/public/complaints/2015/audi/no-such-model`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ reason: "unknown_vehicle" });
    expect((await fetch(`${app.url}/api/public/fuel-economy/19x5/audi/a3`)).status).toBe(400);
  });

  test("the OpenAPI document describes the sections and their flags", async () => {
    const doc = await (await fetch(`${app.url}/api/public/openapi.json`)).json();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["SafetyRatings", "Complaints", "FuelEconomy"]),
    );
    const params = doc.paths["/api/public/vin/{vin}"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["safetyRatings", "complaints", "fuelEconomy"]));
    for (const route of ["safety-ratings", "complaints", "fuel-economy"])
      expect(doc.paths).toHaveProperty([`/api/public/${route}/{year}/{make}/{model}`]);
  });
});
