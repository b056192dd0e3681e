/**
 * GET /api/public/vins: many VINs in one request, each its report or its own problem, in input order; the
 * 50-VIN limit; sections off by default and, when asked for, looked up once per distinct year/make/model.
 */
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";
import { expectInvalidParameter } from "./support/problems";

const CAMRY_2024 = "4T1G11AK7RU000001"; // Toyota Camry SE (built from a real descriptor)
const CAMRY_2024_B = "4T1G11AK9RU000002";
const AVENGER_2011 = "1B3BD1FG9BN510278"; // Dodge Avenger, real VIN
const MDX_2022 = "5J8YE1H8XNL052358"; // Acura MDX ADV, real VIN
const UNKNOWN_WMI = "ZZZ11111111111111";

let nhtsa: FakeServer;
let app: TestApp;
let recallRequests = 0;

beforeAll(async () => {
  nhtsa = await startFakeServer();
  nhtsa.on("GET", /.*/, (req) => {
    if (req.path === "/recalls/recallsByVehicle") recallRequests++;
    return { body: { Count: 0, Message: "Results returned successfully", results: [] } };
  });
  app = await startApp({ env: { NHTSA_API_BASE_URL: nhtsa.url, NHTSA_API_TIMEOUT_MS: "1500" } });
});

afterAll(async () => {
  await app?.stop();
  await nhtsa?.close();
});

const batch = (vins: string, query = "") =>
  fetch(`${app.url}/api/public/vins?vins=${encodeURIComponent(vins)}${query}`);

describe("GET /api/public/vins", () => {
  test("answers each VIN at its position: reports and problems mixed, duplicates kept, no sections by default", async () => {
    const inputs = [MDX_2022, "not-a-vin", AVENGER_2011.toLowerCase(), UNKNOWN_WMI, "1B3BD1FG9BN51027O", MDX_2022, ""];
    const res = await batch(inputs.join(","));
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("max-age=86400");
    expect(res.headers.get("etag")).toBeTruthy();
    const body = await res.json();
    expect(body).toMatchObject({ count: 7, decoded: 3, sections: { pricing: false, recalls: false, insight: false } });
    expect(body.results.map((r: { input: string }) => r.input)).toEqual(inputs);
    expect(body.results.map((r: { status: number }) => r.status)).toEqual([200, 400, 200, 404, 400, 200, 400]);
    expect(body.results[0].report.decoded).toMatchObject({ year: "2022", make: "Acura", model: "MDX" });
    expect(body.results[2].report.vin).toBe(AVENGER_2011);
    expect(body.results[2].report.decoded).toMatchObject({ year: "2011", make: "Dodge", model: "Avenger" });
    expect(body.results[1].problem).toMatchObject({ status: 400, reason: "invalid_vin", vinError: "length" });
    expect(body.results[3].problem).toMatchObject({ status: 404, reason: "unknown_manufacturer" });
    expect(body.results[4].problem).toMatchObject({ reason: "invalid_vin", vinError: "forbidden_letters" });
    expect(body.results[5].report).toEqual(body.results[0].report);
    for (const r of body.results.filter((r: { ok: boolean }) => r.ok)) {
      expect(r.report.pricing).toBeUndefined();
      expect(r.report.recalls).toBeUndefined();
      expect(r.report.insight).toBeUndefined();
    }
  });

  test("50 VINs pass; 51 is a 400 problem naming the limit; vins missing is a 400", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => (i % 2 ? AVENGER_2011 : MDX_2022)).join(",");
    const ok = await batch(fifty);
    expect(ok.status).toBe(200);
    expect((await ok.json()).results).toHaveLength(50);

    const over = await batch(`${fifty},${MDX_2022}`);
    expect(over.status).toBe(400);
    expect(over.headers.get("content-type")).toContain("application/problem+json");
    expect(await over.json()).toMatchObject({ reason: "batch_too_large", param: "vins", limit: 50 });

    await expectInvalidParameter(await fetch(`${app.url}/api/public/vins`), "vins");
  });

  test("sections on: recalls and pricing per distinct year/make/model, shared by VINs of the same vehicle", async () => {
    const before = recallRequests;
    const res = await batch(
      [CAMRY_2024, AVENGER_2011, CAMRY_2024_B, "bad"].join(","),
      "&recalls=TRUE&pricing=1&insight=false",
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sections).toEqual({ pricing: true, recalls: true, insight: false });
    const [camry, avenger, camryB, bad] = body.results;
    expect(camry.report.recalls).toMatchObject({ count: 0, status: "ok" });
    expect(avenger.report.recalls).toMatchObject({ status: "ok" });
    expect(camry.report.pricing).toMatchObject({ available: false });
    expect(camryB.report.recalls).toEqual(camry.report.recalls);
    expect(camry.report.insight).toBeUndefined();
    expect(bad).toMatchObject({ ok: false, status: 400 });
    // Two distinct vehicles → at most two recall look-ups (fewer when the report memo already holds one).
    expect(recallRequests - before).toBeLessThanOrEqual(2);
  });

  test("flags accept true/false in any case and 1/0, nothing else", async () => {
    for (const spelling of ["true", "TRUE", "True", "false", "FALSE", "1", "0"]) {
      expect((await batch(MDX_2022, `&insight=${spelling}&pricing=false`)).status).toBe(200);
    }
    for (const spelling of ["yes", "no", "on", "", "2", "truee"]) {
      await expectInvalidParameter(await batch(MDX_2022, `&recalls=${spelling}`), "recalls");
    }
    // The single-VIN report reads its flags the same way.
    expect((await fetch(`${app.url}/api/public/vin/${MDX_2022}?pricing=FALSE&recalls=False&insight=0`)).status).toBe(
      200,
    );
    expect((await fetch(`${app.url}/api/public/vin/${MDX_2022}?pricing=yes`)).status).toBe(400);
  });
});
