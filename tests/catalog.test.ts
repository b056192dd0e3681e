/**
 * The vehicle catalog over HTTP against the built app, checked against facts of NHTSA's vPIC data (the bundled
 * copy): the 2022 Honda list, the CR-Z only in its years, a WMI per region; each list's slugs are what the other
 * routes take. And the vehicle pages as a browser without JavaScript gets them: the picker's redirects, the
 * make's models, a model year's sections, JSON-LD and links, the sitemap. (Their look in Chromium at 390 and
 * 1280 px is e2e/pages.spec.ts.)
 */
import { CACHE } from "../lib/api/cache";
import { startApp, type TestApp } from "./support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

const get = (path: string, init: RequestInit = {}) => fetch(`${app.url}${path}`, { redirect: "manual", ...init });

describe("GET /api/public/makes", () => {
  test("a model year's makes of cars, SUVs, vans and trucks, with slugs; cacheable", async () => {
    const res = await get("/api/public/makes?year=2022");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CACHE.catalog);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json();
    expect(body).toMatchObject({
      year: 2022,
      vehicleTypes: ["car", "mpv", "truck"],
      q: null,
      count: body.makes.length,
    });
    const slugs = body.makes.map((m: { slug: string }) => m.slug);
    expect(slugs).toEqual(expect.arrayContaining(["honda", "toyota", "ford", "land-rover", "mercedes-benz"]));
    expect(body.source).toMatch(/NHTSA vPIC/);
    expect(
      (await get("/api/public/makes?year=2022", { headers: { "if-none-match": res.headers.get("etag")! } })).status,
    ).toBe(304);
  });

  test("q finds a make's spelling; type picks vehicle types; bad values are 400 problems naming the parameter", async () => {
    const land = await (await get("/api/public/makes?q=LAND")).json();
    expect(land.makes).toContainEqual(expect.objectContaining({ name: "Land Rover", slug: "land-rover" }));
    const bikes = await (await get("/api/public/makes?year=2022&type=motorcycle&q=honda")).json();
    expect(bikes.makes).toEqual([expect.objectContaining({ slug: "honda", vehicleTypes: ["motorcycle"] })]);
    for (const bad of ["year=1980", "year=20x2", "type=spaceship", "q="]) {
      const res = await get(`/api/public/makes?${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ reason: "invalid_parameter", param: bad.split("=")[0] });
    }
  });
});

describe("GET /api/public/models", () => {
  test("the 2022 Honda list has the Civic, Accord and CR-V, not the CR-Z (its patterns end in 2016)", async () => {
    const body = await (await get("/api/public/models?make=honda&year=2022")).json();
    const slugs = body.models.map((m: { slug: string }) => m.slug);
    expect(slugs).toEqual(expect.arrayContaining(["civic", "accord", "cr-v"]));
    expect(slugs).not.toContain("cr-z");
    expect(body.make).toEqual({ name: "Honda", slug: "honda" });
    const crz2016 = await (await get("/api/public/models?make=Honda&year=2016")).json();
    expect(crz2016.models.map((m: { slug: string }) => m.slug)).toContain("cr-z");
    const every = await (await get("/api/public/models?make=HONDA")).json();
    expect(every.models.find((m: { slug: string }) => m.slug === "cr-z").years).toEqual([{ from: 2011, to: 2016 }]);
  });

  test("its slugs are what the other routes take", async () => {
    const body = await (await get("/api/public/models?make=land%20rover&year=2022")).json();
    const model = body.models[0];
    const insight = await get(`/api/vin-insights/2022/${body.make.slug}/${model.slug}`);
    expect(insight.status).toBe(200);
    expect((await get(`/api/recalls?make=${body.make.slug}&model=${model.slug}&year=2022`)).status).toBe(200);
  });

  test("an unknown make is a 404 problem; a missing make a 400", async () => {
    const none = await get("/api/public/models?make=nosuchmake");
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ reason: "unknown_make", param: "make" });
    expect((await get("/api/public/models")).status).toBe(400);
  });
});

describe("GET /api/public/wmi/{wmi}", () => {
  test.each([
    ["1HG", "North America", "UNITED STATES (USA)", "honda"],
    ["3VW", "North America", "MEXICO", "volkswagen"],
    ["JHM", "Asia", "JAPAN", "honda"],
    ["KNA", "Asia", "SOUTH KOREA", "kia"],
    ["WBA", "Europe", "GERMANY", "bmw"],
    ["SAL", "Europe", "UNITED KINGDOM (UK)", "land-rover"],
    ["9BW", "South America", "BRAZIL", "volkswagen"],
  ])("%s: %s, %s, make %s", async (wmi, region, country, make) => {
    const res = await get(`/api/public/wmi/${wmi.toLowerCase()}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ wmi, listedIn: "vpic", region, country });
    expect(body.makes.map((m: { slug: string }) => m.slug)).toContain(make);
    expect(body.manufacturer).toEqual(expect.any(String));
  });

  test("a well-known WMI vPIC does not publish; malformed is 400; unknown is 404 (a 9 asks for six characters)", async () => {
    expect(await (await get("/api/public/wmi/LRW")).json()).toMatchObject({
      listedIn: "known_wmi_list",
      makes: [{ slug: "tesla" }],
      region: "Asia",
    });
    for (const bad of ["1H", "1HGA", "1HGABC", "1OG"]) expect((await get(`/api/public/wmi/${bad}`)).status).toBe(400);
    const nine = await get("/api/public/wmi/1A9");
    expect(nine.status).toBe(404);
    expect(await nine.json()).toMatchObject({ reason: "unknown_wmi", detail: expect.stringMatching(/6 characters/) });
  });
});

describe("vehicle pages (no JavaScript)", () => {
  test("the picker's form: a make alone leads to its page; make, model and year to the vehicle's; no year to the newest", async () => {
    expect((await get("/vehicles?make=Honda")).headers.get("location")).toMatch(/\/vehicles\/honda$/);
    expect((await get("/vehicles?make=honda&model=cr-v&year=2022")).headers.get("location")).toMatch(
      /\/vehicles\/honda\/cr-v\/2022$/,
    );
    expect((await get("/vehicles?make=honda&model=cr-z")).headers.get("location")).toMatch(
      /\/vehicles\/honda\/cr-z\/2016$/,
    );
    const gap = await get("/vehicles?make=honda&model=cr-z&year=2022");
    expect(gap.headers.get("location")).toMatch(/\/vehicles\/honda\?model=cr-z&year=2022$/);
    const notice = (await (await get("/vehicles/honda?model=cr-z&year=2022")).text()).replace(/<!-- -->/g, "");
    expect(notice).toMatch(/has no 2022 Honda CR-Z: its model years are 2011–2016/);
    const unknown = await get("/vehicles?make=nosuchmake");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('data-testid="unknown-make"');
  });

  test("a make's page lists its models with their years; ?year= keeps that year's", async () => {
    const page = await get("/vehicles/honda?year=2022");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/vehicles/honda/civic/2022"');
    expect(html).not.toContain('href="/vehicles/honda/cr-z/2022"');
    // Cars, SUVs, vans and trucks by default; the motorcycles one link away.
    expect(html).not.toContain('href="/vehicles/honda/gold-wing/2022"');
    expect(html).toContain('href="/vehicles/honda?year=2022&amp;type=all"');
    expect(await (await get("/vehicles/honda?year=2022&type=all")).text()).toContain(
      'href="/vehicles/honda/gold-wing/2022"',
    );
    expect((await get("/vehicles/Honda")).headers.get("location")).toMatch(/\/vehicles\/honda$/);
    expect((await get("/vehicles/nosuchmake")).status).toBe(404);
  });

  test("a model year's page: its sections, JSON-LD Car, links to the pricing and recall pages", async () => {
    const res = await get("/vehicles/honda/civic/2022");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const id of ["pricing", "insight", "attribution"]) expect(html).toContain(`data-testid="${id}"`);
    // This app works without NHTSA and fueleconomy.gov: the sections they supply fold into the page's one notice,
    // which names them, instead of each showing a box of its own.
    expect(html.match(/data-source-notice=""/g)).toHaveLength(1);
    expect(html).toContain("does not show open recalls, crash-test ratings, owner complaints or fuel economy");
    for (const id of ["safety-ratings", "complaints", "fuel-economy"])
      expect(html).not.toContain(`data-testid="${id}"`);
    expect(html).toContain(`href="${app.url}/recalls/2022/honda/civic"`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Car",
      name: "2022 Honda Civic",
      model: "Civic",
      vehicleModelDate: "2022",
    });
    expect(ld).not.toHaveProperty("offers"); // no deals here, and demo deals never become offers
    expect((await get("/vehicles/HONDA/Civic/2022")).headers.get("location")).toMatch(
      /\/vehicles\/honda\/civic\/2022$/,
    );
    expect((await get("/vehicles/honda/cr-z/2022")).status).toBe(404);
  });

  test("the sitemap lists /vehicles and the makes' pages", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${app.url}/vehicles</loc>`);
    expect(xml).toContain(`<loc>${app.url}/vehicles/honda</loc>`);
  });
});
