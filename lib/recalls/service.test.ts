/**
 * The real NHTSA client against a fake NHTSA API on loopback: fresh answer, cache hit, NHTSA 500 → stale,
 * timeout, nothing known → unavailable, offline answers from imported data, campaigns by number.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { ApiError } from "../contract/errors";
import { db } from "../db";
import { resetConfigForTests } from "../config";
import { recallCampaign } from "./campaign";
import { importRecallFile } from "./import";
import { recallsForVehicle, resetRecallRefreshForTests } from "./service";
import { SOURCES } from "../sources";

type Handler = (url: URL, res: http.ServerResponse) => void;
let handler: Handler;
const hits: string[] = [];
let server: http.Server;
let temp: ReturnType<typeof createTempDb>;

const row = (camp: string, date: string, extra: Record<string, unknown> = {}) => ({
  Manufacturer: "Fixture Motors LLC",
  NHTSACampaignNumber: camp,
  parkIt: false,
  parkOutSide: false,
  overTheAirUpdate: false,
  ReportReceivedDate: date,
  Component: "STEERING",
  Summary: `Summary ${camp}`,
  Consequence: "Crash risk.",
  Remedy: "Dealers will repair.",
  Notes: "",
  ModelYear: "2022",
  Make: "HONDA",
  Model: "CIVIC",
  ...extra,
});
const sendJson = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
/** A working NHTSA: the model names of the year/make, and recall rows per model name. */
const nhtsa =
  (models: string[], rowsFor: (model: string) => unknown[]): Handler =>
  (url, res) => {
    if (url.pathname === "/products/vehicle/models") {
      const make = url.searchParams.get("make")!.toUpperCase();
      return sendJson(res, {
        Count: models.length,
        Message: "Results returned successfully",
        results: models.map((model) => ({ modelYear: url.searchParams.get("modelYear"), make, model })),
      });
    }
    const rows = rowsFor(url.searchParams.get("model")!);
    sendJson(res, { Count: rows.length, Message: "Results returned successfully", results: rows });
  };
const MODELS_2022 = "/products/vehicle/models?modelYear=2022&make=Honda&issueType=r";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    hits.push(`${url.pathname}?${url.searchParams}`);
    handler(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.NHTSA_API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.NHTSA_API_TIMEOUT_MS = DEADLINE_MS;
  process.env.PUBLIC_BASE_URL = "https://vinscope.example";
  process.env.LOG_LEVEL = "silent";
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
/**
 * NHTSA's deadline (one for the whole refresh: its calls one after the other, and a retry after a 250 ms backoff)
 * in these tests: room for all of them on a machine loaded past its cores, where 300 ms once left a refresh of two
 * calls, or a retry, unfinished. The tests of the deadline itself, the breaker, an abort and the bulkhead run with
 * 300 ms (withNhtsaDeadline), so they wait only that long.
 */
const DEADLINE_MS = "3000";

/** `work` with NHTSA's deadline at `ms`. */
async function withNhtsaDeadline(ms: number, work: () => Promise<void>): Promise<void> {
  process.env.NHTSA_API_TIMEOUT_MS = String(ms);
  resetConfigForTests();
  try {
    await work();
  } finally {
    process.env.NHTSA_API_TIMEOUT_MS = DEADLINE_MS;
    resetConfigForTests();
  }
}

beforeEach(() => {
  hits.length = 0;
  resetRecallRefreshForTests();
});

const civic = { year: 2022, make: "Honda", model: "Civic" };
const t0 = new Date("2026-11-21T06:00:00Z");

describe("recallsForVehicle against NHTSA on loopback", () => {
  test("a second model of the same year and make asks only recallsByVehicle: the model names are kept", async () => {
    handler = nhtsa(["CAMRY", "COROLLA"], () => []);
    const camry = { year: 2023, make: "Toyota", model: "Camry" };
    await recallsForVehicle(camry, { now: t0 });
    await recallsForVehicle({ ...camry, model: "Corolla" }, { now: t0 });
    expect(hits).toEqual([
      "/products/vehicle/models?modelYear=2023&make=Toyota&issueType=r",
      "/recalls/recallsByVehicle?make=Toyota&model=CAMRY&modelYear=2023",
      "/recalls/recallsByVehicle?make=Toyota&model=COROLLA&modelYear=2023",
    ]);
  });

  test("fresh answer: asks NHTSA's model names, then recallsByVehicle; lists newest first with flags", async () => {
    handler = nhtsa(["ACCORD", "CIVIC", "CR-V"], (model) =>
      model !== "CIVIC"
        ? []
        : [
            row("22V100000", "04/03/2022"),
            row("22V200000", "21/07/2022", { parkIt: true, overTheAirUpdate: true, Component: "ELECTRICAL SYSTEM" }),
          ],
    );
    const r = await recallsForVehicle(civic, { now: t0 });
    expect(hits).toEqual([MODELS_2022, "/recalls/recallsByVehicle?make=Honda&model=CIVIC&modelYear=2022"]);
    expect(r).toMatchObject({
      status: "ok",
      count: 2,
      checkedAt: t0.toISOString(),
      url: "https://vinscope.example/recalls/2022/honda/civic",
    });
    expect(r.items.map((i) => i.campaignNumber)).toEqual(["22V200000", "22V100000"]);
    expect(r.items[0]).toEqual({
      campaignNumber: "22V200000",
      component: "ELECTRICAL SYSTEM",
      summary: "Summary 22V200000",
      consequence: "Crash risk.",
      remedy: "Dealers will repair.",
      reportReceivedDate: "2022-07-21",
      parkIt: true,
      parkOutside: false,
      overTheAirUpdate: true,
    });
  });

  test("cache hit within 6 hours: NHTSA is not asked again", async () => {
    handler = () => {
      throw new Error("must not be called");
    };
    const r = await recallsForVehicle(
      { year: 2022, make: "HONDA", model: "CIVIC" },
      { now: new Date(t0.getTime() + SOURCES.recalls.freshMs() - 1000) },
    );
    expect(hits).toEqual([]);
    expect(r).toMatchObject({ status: "ok", count: 2, checkedAt: t0.toISOString() });
  });

  test("after 6 hours NHTSA answers 500 (retried once) → last known answer, status stale", async () => {
    handler = (_url, res) => sendJson(res, { error: "down" }, 500);
    const r = await recallsForVehicle(civic, { now: new Date(t0.getTime() + SOURCES.recalls.freshMs() + 1000) });
    expect(hits).toEqual([MODELS_2022, MODELS_2022]);
    expect(r).toMatchObject({ status: "stale", count: 2, checkedAt: t0.toISOString() });
    expect(r).toMatchObject({ reason: "http_error" });
    expect(r.source).toMatch(/the last known answer, as of \d{4}-\d\d-\d\d; NHTSA answered with an error$/);
  });

  test("timeout with nothing known → unavailable (never '0 recalls')", () =>
    withNhtsaDeadline(300, async () => {
      handler = (_url, res) => setTimeout(() => sendJson(res, { Count: 0, results: [] }), 1000);
      const started = Date.now();
      const r = await recallsForVehicle({ year: 2021, make: "Honda", model: "Pilot" }, { now: t0 });
      // One deadline (NHTSA_API_TIMEOUT_MS) bounds the whole refresh, its sequential calls and retries together.
      expect(Date.now() - started).toBeLessThan(800);
      expect(hits).toHaveLength(1);
      expect(r).toMatchObject({ status: "unavailable", count: null, items: [] });
    }));

  test("NHTSA 500 with nothing known → unavailable", async () => {
    handler = (_url, res) => sendJson(res, {}, 503);
    const r = await recallsForVehicle({ year: 2020, make: "Honda", model: "Fit" }, { now: t0 });
    expect(r).toMatchObject({ status: "unavailable", count: null });
  });

  test("a failed answer is remembered briefly: a burst for one vehicle makes one call", async () => {
    handler = (_url, res) => sendJson(res, {}, 500);
    const q = { year: 2019, make: "Honda", model: "Insight" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => recallsForVehicle(q, { now: t0 })));
    expect(answers.every((a) => a.status === "unavailable" && a.count === null)).toBe(true);
    await recallsForVehicle(q, { now: t0 });
    // The model list asked twice (one retry after a 5xx), once for the whole burst and the one after.
    expect(hits).toEqual([
      "/products/vehicle/models?modelYear=2019&make=Honda&issueType=r",
      "/products/vehicle/models?modelYear=2019&make=Honda&issueType=r",
    ]);
  });

  test("after repeated failures NHTSA's breaker opens: answers come at once without asking", () =>
    withNhtsaDeadline(300, async () => {
      handler = (_url, res) => setTimeout(() => sendJson(res, { Count: 0, results: [] }), 1000);
      // Five vehicles time out (each ~850 ms; OUTSIDE_BREAKER_FAILURES is 3), the sixth is not asked.
      await Promise.all(
        [2011, 2012, 2013, 2014, 2015].map((year) =>
          recallsForVehicle({ year, make: "Honda", model: "Odyssey" }, { now: t0 }),
        ),
      );
      const asked = hits.length;
      const started = Date.now();
      const r = await recallsForVehicle({ year: 2016, make: "Honda", model: "Odyssey" }, { now: t0 });
      expect(Date.now() - started).toBeLessThan(500);
      expect(hits).toHaveLength(asked);
      expect(r).toMatchObject({ status: "unavailable", count: null, items: [] });
    }));

  test("a vehicle without a model name is never asked about and never reads as zero recalls", async () => {
    handler = nhtsa([], () => []);
    for (const model of ["", "   "]) {
      const r = await recallsForVehicle({ year: 2014, make: "Volkswagen", model }, { now: t0 });
      expect(r).toMatchObject({
        status: "unavailable",
        count: null,
        items: [],
        url: "https://vinscope.example/recalls",
      });
      expect(r.source).toMatch(/model is not known/);
    }
    expect(hits).toEqual([]);
  });

  test("vPIC names find NHTSA's: 'Silverado HD' asks for the heavy-duty models only", async () => {
    handler = nhtsa(
      ["EQUINOX", "SILVERADO 1500", "SILVERADO 1500 LTD", "SILVERADO 2500 HD", "SILVERADO 3500 HD"],
      (model) => [
        row(model.includes("2500") ? "22V300000" : model.includes("3500") ? "22V301000" : "22V302000", "01/09/2022", {
          Make: "CHEVROLET",
          Model: model,
        }),
      ],
    );
    const r = await recallsForVehicle({ year: 2022, make: "CHEVROLET", model: "Silverado HD" }, { now: t0 });
    // The two models are asked in parallel: the order their requests arrive in is not part of the contract.
    expect(hits.slice(1).sort()).toEqual([
      "/recalls/recallsByVehicle?make=CHEVROLET&model=SILVERADO+2500+HD&modelYear=2022",
      "/recalls/recallsByVehicle?make=CHEVROLET&model=SILVERADO+3500+HD&modelYear=2022",
    ]);
    expect(r.items.map((i) => i.campaignNumber).sort()).toEqual(["22V300000", "22V301000"]);
  });

  test("no NHTSA model name matches: NHTSA is asked with the name as given", async () => {
    handler = nhtsa(["ACCORD"], () => []);
    const r = await recallsForVehicle({ year: 2022, make: "Honda", model: "Passport" }, { now: t0 });
    expect(hits[1]).toBe("/recalls/recallsByVehicle?make=Honda&model=Passport&modelYear=2022");
    expect(r).toMatchObject({ status: "ok", count: 0 });
  });

  test("a model outside NHTSA's recall catalog (recallsByVehicle 400) is a known zero", async () => {
    handler = (url, res) =>
      url.pathname === "/products/vehicle/models"
        ? sendJson(res, {
            Count: 1,
            Message: "Results returned successfully",
            results: [{ modelYear: "2017", make: "HONDA", model: "ACCORD" }],
          })
        : sendJson(res, { Count: 0, Message: "Invalid model" }, 400);
    const r = await recallsForVehicle({ year: 2017, make: "Honda", model: "Clarity" }, { now: t0 });
    expect(hits).toHaveLength(2); // a 400 is not retried
    expect(r).toMatchObject({ status: "ok", count: 0 });
  });

  test("an empty NHTSA answer is a known zero: later outages answer stale with 0", async () => {
    handler = nhtsa([], () => []);
    const fresh = await recallsForVehicle({ year: 2022, make: "Honda", model: "Passport" }, { now: t0 });
    expect(fresh).toMatchObject({ status: "ok", count: 0 });
    handler = (_url, res) => sendJson(res, {}, 500);
    const later = await recallsForVehicle(
      { year: 2022, make: "Honda", model: "Passport" },
      { now: new Date(t0.getTime() + 7 * 3600_000) },
    );
    expect(later).toMatchObject({ status: "stale", count: 0, checkedAt: t0.toISOString() });
  });

  test("concurrent requests for one vehicle share one NHTSA refresh", async () => {
    handler = nhtsa(["FIT"], () => [row("20V500000", "02/02/2020", { Model: "FIT", ModelYear: "2020" })]);
    const q = { year: 2020, make: "Honda", model: "Fit" };
    const answers = await Promise.all(
      [1, 2, 3].map(() => recallsForVehicle(q, { now: new Date(t0.getTime() + 60_000) })),
    );
    expect(hits).toHaveLength(2); // one model list + one recallsByVehicle
    expect(answers.map((a) => a.count)).toEqual([1, 1, 1]);
  });

  test("a caller that aborts stops waiting and gets the stored answer", () =>
    withNhtsaDeadline(300, async () => {
      handler = (_url, res) => setTimeout(() => sendJson(res, { Count: 0, results: [] }), 800);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const r = await recallsForVehicle(
        { year: 2018, make: "Honda", model: "Odyssey" },
        { now: t0, signal: controller.signal },
      );
      expect(Date.now() - started).toBeLessThan(500);
      expect(r.status).toBe("unavailable");
      await new Promise((resolve) => setTimeout(resolve, 1800)); // let the shared refresh (two delayed calls) finish first
    }));

  /** `work` with one slot and a backlog of one for NHTSA, which answers no model names and no recalls after `ms`. */
  async function withBulkheadOfOne(ms: number, work: () => Promise<void>): Promise<void> {
    process.env.OUTSIDE_BULKHEAD_LIMIT = "1";
    process.env.OUTSIDE_BULKHEAD_BACKLOG = "1";
    try {
      handler = (_url, res) =>
        setTimeout(() => sendJson(res, { Count: 0, Message: "Results returned successfully", results: [] }), ms);
      // withNhtsaDeadline reads the bulkhead's settings too, when it resets the configuration.
      await withNhtsaDeadline(300, work);
    } finally {
      delete process.env.OUTSIDE_BULKHEAD_LIMIT;
      delete process.env.OUTSIDE_BULKHEAD_BACKLOG;
      resetConfigForTests();
    }
  }

  test("past the bulkhead's cap a vehicle is pending at once and fetched when a slot frees; past its backlog, unknown", () =>
    withBulkheadOfOne(100, async () => {
      const at = { now: new Date(t0.getTime() + 60_000) };
      let firstDone = false;
      const first = recallsForVehicle({ year: 2017, make: "Acura", model: "MDX" }, at).finally(
        () => (firstDone = true),
      );
      const queued = await recallsForVehicle({ year: 2017, make: "Acura", model: "RDX" }, at);
      expect(queued).toMatchObject({ status: "pending", count: null });
      expect(queued).toMatchObject({ reason: "busy" });
      expect(queued.source).toMatch(/not known yet; NHTSA is being asked, and its answer is stored when it comes$/);
      const refused = await recallsForVehicle({ year: 2017, make: "Acura", model: "TLX" }, at);
      expect(refused).toMatchObject({ status: "unavailable", count: null });
      // Both answered while the first refresh still holds the slot: neither waited for it.
      expect(firstDone).toBe(false);
      expect(await first).toMatchObject({ status: "ok", count: 0 });
      // The waiting refresh ran when the slot freed, and stored its answer.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const asked = hits.length;
      expect(await recallsForVehicle({ year: 2017, make: "Acura", model: "RDX" }, at)).toMatchObject({
        status: "ok",
        count: 0,
      });
      expect(hits).toHaveLength(asked);
    }));

  test("a VIN report (a shared budget) waits for a refresh in the bulkhead's backlog within its budget", () =>
    withBulkheadOfOne(60, async () => {
      const at = { now: new Date(t0.getTime() + 60_000) };
      // Two calls of 60 ms: the model names of 2016 Acuras, then the MDX's recalls.
      const first = recallsForVehicle({ year: 2016, make: "Acura", model: "MDX" }, at);
      const started = Date.now();
      // Queued behind the first refresh, then its own (one call: the model names are known by then): about
      // 180 ms, within a 600 ms budget.
      const queued = await recallsForVehicle(
        { year: 2016, make: "Acura", model: "RDX" },
        { ...at, budgetMs: 600, budgetSignal: AbortSignal.timeout(600) },
      );
      expect(queued).toMatchObject({ status: "ok", count: 0 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(await first).toMatchObject({ status: "ok", count: 0 });
    }));

  test("a broken body counts as a failure, not as zero recalls", async () => {
    handler = (_url, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
    };
    const r = await recallsForVehicle({ year: 2019, make: "Honda", model: "Insight" }, { now: t0 });
    expect(r.status).toBe("unavailable");
    expect(hits).toHaveLength(1); // not retried
  });

  test("a database that cannot store NHTSA's answers is not counted against NHTSA: the next vehicle is still asked", async () => {
    handler = nhtsa(["PILOT"], () => []);
    // Reads work, writes of lookups fail (as with a full disk).
    await db().$executeRawUnsafe(
      `CREATE TRIGGER lookups_fail BEFORE INSERT ON "RecallLookup" BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`,
    );
    try {
      for (const year of [2011, 2012, 2013, 2014])
        await expect(recallsForVehicle({ year, make: "Honda", model: "Pilot" }, { now: t0 })).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER lookups_fail`);
    }
    const asked = hits.length;
    expect(await recallsForVehicle({ year: 2015, make: "Honda", model: "Pilot" }, { now: t0 })).toMatchObject({
      status: "ok",
      count: 0,
    });
    expect(hits.length).toBeGreaterThan(asked);
  });
});

describe("campaign by number", () => {
  test("asks NHTSA's campaignNumber endpoint when the store lacks it, then serves it from the store", async () => {
    handler = (url, res) =>
      url.searchParams.get("campaignNumber") === "24V436000"
        ? sendJson(res, {
            Count: 1,
            Message: "Results returned successfully",
            results: [
              row("24V436000", "13/06/2024", {
                Make: "DODGE",
                Model: "DURANGO",
                ModelYear: "2021",
                PotentialNumberofUnitsAffected: 1033433,
                overTheAirUpdate: true,
              }),
            ],
          })
        : sendJson(res, { Count: 0, Message: "No results found for this request", results: [] });
    const c = await recallCampaign("24V436000");
    expect(hits).toEqual(["/recalls/campaignNumber?campaignNumber=24V436000"]);
    expect(c).toMatchObject({
      campaignNumber: "24V436000",
      potentiallyAffected: 1033433,
      overTheAirUpdate: true,
      reportReceivedDate: "2024-06-13",
      vehicles: [{ year: 2021, make: "Dodge", model: "DURANGO", component: "STEERING" }],
    });
    hits.length = 0;
    await recallCampaign("24V436000");
    expect(hits).toEqual([]);
  });

  test("unknown to NHTSA (empty answer or 400) → 404; NHTSA down → 502", async () => {
    await expect(recallCampaign("24V999000")).rejects.toMatchObject({ status: 404 });
    handler = (_url, res) => sendJson(res, { Message: "Invalid campaign number" }, 400);
    await expect(recallCampaign("24V996000")).rejects.toMatchObject({ status: 404 });
    handler = (_url, res) => sendJson(res, {}, 500);
    await expect(recallCampaign("24V998000")).rejects.toBeInstanceOf(ApiError);
    await expect(recallCampaign("24V998000")).rejects.toMatchObject({ status: 502 });
  });
});

describe("offline (NHTSA_API_BASE_URL=off)", () => {
  const saved = process.env.NHTSA_API_BASE_URL;
  beforeAll(() => {
    process.env.NHTSA_API_BASE_URL = "off";
    resetConfigForTests();
  });
  afterAll(() => {
    process.env.NHTSA_API_BASE_URL = saved;
    resetConfigForTests();
  });

  test("imported FLAT_RCL rows answer with status ok, from the moment the import commits; NHTSA is never asked", async () => {
    const before = await recallsForVehicle({ year: 2019, make: "Chevrolet", model: "Silverado" }, { now: t0 });
    expect(before).toMatchObject({ status: "unavailable", count: null });
    await importRecallFile(path.join(process.cwd(), "tests/fixtures/recalls/flat_rcl_24.txt"));
    const r = await recallsForVehicle({ year: 2019, make: "Chevrolet", model: "Silverado" }, { now: t0 });
    expect(hits).toEqual([]);
    expect(r).toMatchObject({
      status: "ok",
      count: 1,
      items: [{ campaignNumber: "19V200000", reportReceivedDate: "2019-05-20" }],
    });
    expect(r.source).toMatch(/FLAT_RCL/);
  });

  test("an imported empty recallsByVehicle answer is a known zero: ok with 0", async () => {
    const dir = path.join(process.cwd(), "tests/fixtures/recalls");
    await importRecallFile(path.join(dir, "recalls_by_vehicle_answers.json"), {
      queriesFile: path.join(dir, "recalls_by_vehicle_queries.json"),
    });
    const r = await recallsForVehicle({ year: 2022, make: "Honda", model: "Accord" }, { now: t0 });
    expect(r).toMatchObject({ status: "ok", count: 0, items: [] });
  });

  test("nothing imported for the vehicle → unavailable", async () => {
    const r = await recallsForVehicle({ year: 2018, make: "Chevrolet", model: "Silverado" }, { now: t0 });
    expect(r).toMatchObject({ status: "unavailable", count: null });
  });

  test("unknown campaign offline → 404", async () => {
    await expect(recallCampaign("24V997000")).rejects.toMatchObject({ status: 404 });
  });
});
