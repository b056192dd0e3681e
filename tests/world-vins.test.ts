/**
 * VINs from outside the US market over HTTP (API, batch and page), and decoded.extended filled from a fake
 * NHTSA vPIC API on loopback where the bundled vPIC data lacks the elements. Real VINs: tests/fixtures/world-vins.
 */
import { startApp, type TestApp } from "./support/app";
import { startFakeServer, type FakeServer } from "./support/fake-server";

const TESLA_SHANGHAI = "LRW3E7FS5PC695355";
const VW_EU = "WVGZZZ5NZEW069297";
const CITROEN = "VF7RD5FV8FL507366";
const KIA_KOREA = "KNDJT2A54D7883468";
const VW_MEXICO = "3VWVA7AT5CM635721";

let vpic: FakeServer;
let app: TestApp;

beforeAll(async () => {
  vpic = await startFakeServer();
  // NHTSA's DecodeVinValues answer shape; values as NHTSA words them.
  vpic.on("GET", /\/vehicles\/DecodeVinValues\//, (req) => {
    const vin = decodeURIComponent(req.path.split("/").pop()!);
    const extra =
      vin === KIA_KOREA
        ? {
            ABS: "Standard",
            ESC: "Standard",
            AdaptiveCruiseControl: "Not Available",
            GVWR: "Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)",
          }
        : {};
    return {
      body: {
        Count: 1,
        Message: "Results returned successfully",
        SearchCriteria: `VIN:${vin}`,
        Results: [{ VIN: vin, ...extra }],
      },
    };
  });
  app = await startApp({
    env: { VPIC_API_BASE_URL: `${vpic.url}/api`, VPIC_API_TIMEOUT_MS: "2000", NHTSA_API_BASE_URL: vpic.url },
  });
});

afterAll(async () => {
  await app?.stop();
  await vpic?.close();
});

const get = (path: string) => fetch(`${app.url}${path}`);

describe("VINs outside the US-market data", () => {
  test("a Shanghai-built Tesla: manufacturer, make, country, region and model year from the WMI; model null; check digit advisory", async () => {
    const res = await get(`/api/public/vin/${TESLA_SHANGHAI}?insight=false`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.coverage).toBe("wmi_only");
    expect(body.decoded).toMatchObject({
      year: "2023",
      make: "Tesla",
      model: null,
      manufacturer: expect.stringContaining("TESLA"),
    });
    expect(body.origin).toEqual({ region: "Asia", country: "CHINA" });
    expect(body.vinCheck.checkDigitMandatory).toBe(false);
    expect(body.recalls).toBeUndefined();
    expect(body.pricing).toMatchObject({
      available: false,
      reason: expect.stringContaining("outside the US-market data"),
    });
    expect(body.citation).toContain("outside NHTSA's US-market vPIC data");
  });

  test('the EU Volkswagen that used to answer model "" answers model null, coverage wmi_only', async () => {
    const body = await (await get(`/api/public/vin/${VW_EU}?pricing=false&recalls=false&insight=false`)).json();
    expect(body.coverage).toBe("wmi_only");
    expect(body.decoded).toMatchObject({ year: "2014", make: "Volkswagen", model: null });
    expect(body.origin.country).toBe("GERMANY");
    const citroen = await (await get(`/api/public/vin/${CITROEN}?pricing=false&recalls=false&insight=false`)).json();
    expect(citroen.decoded).toMatchObject({ year: "2015", make: "Citroen", model: null });
  });

  test("Korean- and Mexican-built US-market VINs stay full vPIC decodes; only North America's check digit is mandatory", async () => {
    const kia = await (await get(`/api/public/vin/${KIA_KOREA}?pricing=false&recalls=false&insight=false`)).json();
    expect(kia).toMatchObject({
      coverage: "vpic",
      decoded: { year: "2013", make: "Kia", model: "Soul" },
      origin: { country: "SOUTH KOREA" },
    });
    expect(kia.vinCheck.checkDigitMandatory).toBe(false);
    const vw = await (await get(`/api/public/vin/${VW_MEXICO}?pricing=false&recalls=false&insight=false`)).json();
    expect(vw).toMatchObject({
      coverage: "vpic",
      decoded: { model: "Beetle" },
      origin: { country: "MEXICO", region: "North America" },
    });
    expect(vw.vinCheck.checkDigitMandatory).toBe(true);
  });

  test("a VIN whose WMI names no manufacturer stays 404, North American or not", async () => {
    for (const vin of ["1ZZ11111111111111", "ZZZ11111111111111"]) {
      const res = await get(`/api/public/vin/${vin}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ reason: "unknown_manufacturer" });
    }
  });

  test("the batch answers a wmi_only entry like the single decode", async () => {
    const body = await (await get(`/api/public/vins?vins=${TESLA_SHANGHAI},${KIA_KOREA}&recalls=true`)).json();
    expect(body.results[0]).toMatchObject({ ok: true, report: { coverage: "wmi_only", decoded: { model: null } } });
    expect(body.results[0].report.recalls).toBeUndefined();
    expect(body.results[1].report.coverage).toBe("vpic");
  });

  test("the VIN page says the VIN is outside the US-market data", async () => {
    const html = await (await get(`/vin/${TESLA_SHANGHAI}`)).text();
    expect(html).toContain('data-testid="coverage-wmi-only"');
    expect(html).toContain("Outside the US-market data");
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "";
    expect(h1).toContain("2023 Tesla");
    expect(h1).not.toContain("null");
  });
});

describe("decoded.extended from NHTSA's live vPIC API where the local data lacks the elements", () => {
  test("typed values marked live, in the API and on the page in groups", async () => {
    const body = await (await get(`/api/public/vin/${KIA_KOREA}?pricing=false&recalls=false&insight=false`)).json();
    expect(body.decoded.extended.safety.abs).toEqual({ value: "standard", source: "live" });
    expect(body.decoded.extended.safety.electronicStabilityControl).toEqual({ value: "standard", source: "live" });
    expect(body.decoded.extended.safety.adaptiveCruiseControl).toEqual({ value: "not_available", source: "live" });
    // The bundled data decodes this Kia's GVWR itself: the local answer stands over NHTSA's (faked) 1C.
    expect(body.decoded.extended.body.gvwrClass).toEqual({ value: "1B", source: "local" });
    expect(body.decoded.extended.safety.laneKeepingAssist).toBeNull();
    expect(vpic.requests.some((r) => r.path.includes(KIA_KOREA))).toBe(true);

    const html = await (await get(`/vin/${KIA_KOREA}`)).text();
    expect(html).toContain('data-testid="extended-safety"');
    expect(html).toContain('data-testid="extended-body"');
    expect(html).toContain("Anti-lock brakes");
    expect(html).toContain('data-source="live"');
  });
});
