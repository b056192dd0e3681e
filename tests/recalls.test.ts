/**
 * GET /api/recalls against the built app, with NHTSA faked on loopback: the three query forms, the 400/404
 * rules, Cache-Control, degraded answers, and the import CLI writing into the app's database.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { RecallCampaignResponse, RecallsResponse } from "../lib/recalls";
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { vinscopeCommand } from "./support/vinscope-cli";

let app: TestApp;
let nhtsa: FakeServer;
/** Set to make every NHTSA endpoint answer 503. */
let nhtsaDown = false;

const SIX_HOURS = "max-age=21600";
const row = (camp: string, make: string, model: string, year: string, extra: Record<string, unknown> = {}) => ({
  Manufacturer: "Fixture Motors LLC",
  NHTSACampaignNumber: camp,
  parkIt: false,
  parkOutSide: false,
  overTheAirUpdate: false,
  ReportReceivedDate: "05/09/2024",
  Component: "STEERING",
  Summary: `Summary ${camp}`,
  Consequence: "Crash risk.",
  Remedy: "Dealers will repair.",
  Notes: "",
  ModelYear: year,
  Make: make,
  Model: model,
  ...extra,
});

beforeAll(async () => {
  nhtsa = await startFakeServer();
  nhtsa.on("GET", "/products/vehicle/models", (req) => {
    const make = req.query.get("make")!.toUpperCase();
    if (nhtsaDown || make === "DOWN") return { status: 500, body: {} };
    const models = make === "HONDA" ? ["ACCORD", "CIVIC"] : [];
    return {
      body: {
        Count: models.length,
        Message: "Results returned successfully",
        results: models.map((model) => ({ modelYear: req.query.get("modelYear"), make, model })),
      },
    };
  });
  nhtsa.on("GET", "/recalls/recallsByVehicle", (req) => {
    const model = req.query.get("model")!.toUpperCase();
    const year = req.query.get("modelYear")!;
    const results = model === "ACCORD" ? [row("03V999000", "HONDA", "ACCORD", year, { parkOutSide: true })] : [];
    return { body: { Count: results.length, Message: "Results returned successfully", results } };
  });
  nhtsa.on("GET", "/recalls/campaignNumber", (req) => {
    const camp = req.query.get("campaignNumber");
    const results =
      camp === "24V436000"
        ? [
            row("24V436000", "DODGE", "DURANGO", "2021", {
              PotentialNumberofUnitsAffected: 1033433,
              overTheAirUpdate: true,
            }),
          ]
        : [];
    return {
      body: {
        Count: results.length,
        Message: results.length ? "Results returned successfully" : "No results found for this request",
        results,
      },
    };
  });
  app = await startApp({ env: { NHTSA_API_BASE_URL: nhtsa.url, NHTSA_API_TIMEOUT_MS: "500" } });
});

afterAll(async () => {
  await app?.stop();
  await nhtsa?.close();
});

const get = (query: string) => fetch(`${app.url}/api/recalls?${query}`);

describe("GET /api/recalls", () => {
  test("by make/model/year: 200, the documented shape, Cache-Control 6 h, page URL", async () => {
    const res = await get("make=honda&model=accord&year=2003");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain(SIX_HOURS);
    const body = RecallsResponse.parse(await res.json());
    expect(body).toMatchObject({
      year: 2003,
      make: "Honda",
      model: "Accord",
      count: 1,
      status: "ok",
      url: `${app.url}/recalls/2003/honda/accord`,
    });
    expect(body.items[0]).toMatchObject({
      campaignNumber: "03V999000",
      parkOutside: true,
      reportReceivedDate: "2024-09-05",
    });
  });

  test("by VIN: decoded to year/make/model, then that vehicle's recalls", async () => {
    const res = await get("vin=1hgcm82633a004352");
    expect(res.status).toBe(200);
    const body = RecallsResponse.parse(await res.json());
    expect(body).toMatchObject({ vin: "1HGCM82633A004352", year: 2003, make: "Honda", model: "Accord", count: 1 });
  });

  test("an undecodable VIN → 404 naming the vin", async () => {
    const res = await get("vin=ZZZZZZZZZZZZZZZZZ");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 404, param: "vin" });
  });

  test.each([
    ["vin=1HGCM82633A004352&make=Honda&model=Accord&year=2003", "vin"],
    ["make=Honda&year=2003", "model"],
    ["model=Accord", "make"],
    ["vin=1HGCM8263", "vin"],
    ["vin=1HGCM82633A00435O", "vin"],
    ["vin=1HGCM82633A00435%21", "vin"],
    ["make=Honda&model=Accord&year=1948", "year"],
    ["make=Honda&model=Accord&year=" + (new Date().getUTCFullYear() + 3), "year"],
    ["make=Honda&model=Accord&year=20x3", "year"],
    ["campaign=24-V-436", "campaign"],
    ["campaign=24V436000&vin=1HGCM82633A004352", "vin"],
    ["", "vin"],
  ])("400 for %s, naming %s", async (query, param) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, param });
  });

  test("by campaign: asks NHTSA once, then answers from the store; unknown → 404", async () => {
    const res = await get("campaign=24v436000");
    expect(res.status).toBe(200);
    const body = RecallCampaignResponse.parse(await res.json());
    expect(body).toMatchObject({ campaignNumber: "24V436000", potentiallyAffected: 1033433, overTheAirUpdate: true });
    expect((await get("campaign=24V436000")).status).toBe(200);
    expect(nhtsa.requests.filter((r) => r.path === "/recalls/campaignNumber")).toHaveLength(1);
    const missing = await get("campaign=24V999000");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ param: "campaign" });
  });

  test("NHTSA down with nothing known → status unavailable, count 0, not cached", async () => {
    const res = await get("make=down&model=anything&year=2020");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ status: "unavailable", count: null, items: [] });
  });

  test("imported FLAT_RCL rows are the last known answer when NHTSA is down (status stale)", async () => {
    const fixture = path.join(__dirname, "fixtures/recalls/FLAT_RCL_29.zip");
    const out = execFileSync(...vinscopeCommand("import", "recalls", fixture, "--json"), {
      cwd: path.join(__dirname, ".."),
      env: { ...process.env, ...app.env },
      encoding: "utf8",
    });
    expect(JSON.parse(out.slice(out.indexOf("{")))).toMatchObject({
      kind: "flat_rcl",
      rowsImported: 3,
      layouts: { 29: 3 },
    });
    nhtsaDown = true;
    const res = await get("make=hyundai&model=santa-fe&year=2023");
    const body = RecallsResponse.parse(await res.json());
    expect(body).toMatchObject({
      status: "stale",
      count: 1,
      items: [{ campaignNumber: "23V400000", parkOutside: true }],
    });
  });
});

describe("the recall feed (/recalls/{year}/{make}/{model}/feed.xml)", () => {
  const feed = (vehicle: string) => fetch(`${app.url}/recalls/${vehicle}/feed.xml`);

  test("lists what the API answers, with the vehicle named as the page names it", async () => {
    nhtsaDown = false;
    const res = await feed("2003/honda/accord");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await res.text();
    expect(xml).toContain("<title>Safety recalls and investigations: 2003 Honda Accord</title>");
    expect(xml).toContain("03V999000");
    // This server is set up without Transport Canada's and NHTSA's investigation files: the feed says they are not
    // known (never "none"), in words.
    expect(xml).toContain("Canadian recalls: not known;");
    expect(xml).toContain("Defect investigations: not known;");
  });

  test("of a vehicle whose recalls are unknown is a 503 with Retry-After, never an empty 200", async () => {
    nhtsaDown = true;
    try {
      // vPIC knows the Camry; NHTSA cannot be reached and nothing is stored or mirrored for it.
      const res = await feed("2021/toyota/camry");
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const problem = await res.json();
      expect(problem).toMatchObject({ status: 503, reason: "answer_unknown" });
      // Its words are the presenter's, as on the recall page: no reason code, no wait in milliseconds.
      expect(problem.detail).toMatch(/^Recalls of the 2021 Toyota Camry: not known; NHTSA [a-z ]+, and no earlier/);
      expect(problem.detail).not.toMatch(/\b[a-z]+_[a-z_]+\b|within \d+ ms/);
    } finally {
      nhtsaDown = false;
    }
  });

  test("of a make and model nobody knows is a 404", async () => {
    const res = await feed("2024/nosuch/thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, reason: "unknown_vehicle" });
  });
});
