/**
 * The FLAT_INV importer and the answers, on files in NHTSA's format written here (TAB-separated, no header, 11
 * fields, CRLF and LF line ends): an open and a closed investigation, one spanning two models and two years, one
 * that led to a mirrored recall and one whose recall is not mirrored, a year-9999 row, malformed rows; the file as
 * .txt and as .zip. Unknown before any import (counts null, never 0), a true 0 once imported, stale past the max
 * age, an import that fails leaving the previous data, and the route in-process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { writeOneMemberZip } from "../../tests/fixtures/one-member-zip";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { GET } from "../../app/api/public/investigations/[year]/[make]/[model]/route";
import { db } from "../db";
import { upsertRecalls } from "../recalls";
import { importInvestigationsFile, investigationsForVehicle, investigationsList } from ".";

let temp: TempDb;
const NOW = new Date("2026-11-29T12:00:00Z");
const DAY = 86_400_000;

beforeAll(() => {
  temp = createTempDb();
  temp.setEnv({ SYNC_INVESTIGATIONS_URL: "off" });
});
afterAll(() => temp.cleanup());

/** One FLAT_INV line from its 11 fields. */
const row = (...fields: string[]) => fields.join("\t");
const HONDA = "AMERICAN HONDA MOTOR CO.";
const FULL = [
  row(
    "PE24013",
    "HONDA",
    "CIVIC",
    "2019",
    "STEERING",
    HONDA,
    "20240502",
    "",
    "",
    "LOSS OF POWER STEERING ASSIST",
    'THE AGENCY HAS RECEIVED 212 COMPLAINTS; "SUDDEN" LOSS OF ASSIST, ÉTÉ.',
  ),
  row(
    "PE24013",
    "HONDA",
    "CIVIC",
    "2020",
    "STEERING",
    HONDA,
    "20240502",
    "",
    "",
    "LOSS OF POWER STEERING ASSIST",
    'THE AGENCY HAS RECEIVED 212 COMPLAINTS; "SUDDEN" LOSS OF ASSIST, ÉTÉ.',
  ) + "\r",
  row(
    "EA21002",
    "HONDA",
    "CIVIC",
    "2019",
    "AIR BAGS",
    HONDA,
    "20210315",
    "20220830",
    "22V123000",
    "AIR BAG INFLATOR RUPTURE",
    "CLOSED: HONDA FILED RECALL 22V-123.",
  ),
  row(
    "EA21002",
    "HONDA",
    "ACCORD",
    "2019",
    "AIR BAGS",
    HONDA,
    "20210315",
    "20220830",
    "22V123000",
    "AIR BAG INFLATOR RUPTURE",
    "CLOSED: HONDA FILED RECALL 22V-123.",
  ),
  row(
    "RQ20001",
    "HONDA",
    "CIVIC",
    "2019",
    "FUEL SYSTEM",
    HONDA,
    "20200110",
    "20200901",
    "20v999000",
    "FUEL PUMP FAILURE",
    "RECALL QUERY CLOSED WITH A RECALL.",
  ),
  // Year 9999: NHTSA does not know the model year; the investigation is kept but counts for no year.
  row(
    "DP19004",
    "HONDA",
    "CIVIC",
    "9999",
    "ENGINE",
    HONDA,
    "20190410",
    "20190801",
    "",
    "PETITION DENIED",
    "DEFECT PETITION.",
  ),
  "",
  row("PE24099", "HONDA", "CIVIC", "2019", "ENGINE", HONDA, "20240101", "", "", "TEN FIELDS ONLY"), // malformed
  row("PE24098", "HONDA", "CIVIC", "2019", "ENGINE", HONDA, "20241340", "", "", "BAD DATE", "S"), // malformed
  row("ZZ24097", "HONDA", "CIVIC", "2019", "ENGINE", HONDA, "20240101", "", "", "UNKNOWN TYPE", "S"), // malformed
].join("\n");

function file(name: string, text: string): string {
  const p = path.join(temp.dir, name);
  writeFileSync(p, text);
  return p;
}

const CIVIC_2019 = { year: 2019, make: "HONDA", model: "Civic" };

const call = (year: string, make: string, model: string) =>
  GET(new Request(`http://localhost/api/public/investigations/${year}/${make}/${model}`), {
    params: Promise.resolve({ year, make, model }),
  });

describe("FLAT_INV import and answers", () => {
  test("before any import the answer is unknown: unavailable, not_synced, counts null; not cached as healthy", async () => {
    const s = await investigationsForVehicle(CIVIC_2019, { now: NOW });
    expect(s).toMatchObject({ status: "unavailable", reason: "not_synced", count: null, openCount: null, newest: [] });
    expect(s.source).toMatch(/has not copied it yet/);
    const res = await call("2019", "honda", "civic");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "unavailable", reason: "not_synced", count: null, items: [] });
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
    unknownCacheControl = res.headers.get("cache-control");
  });

  test("import: rows read, imported and skipped by reason; 9999 kept without a vehicle; the same rows twice", async () => {
    const txt = file("FLAT_INV.txt", FULL);
    const first = await importInvestigationsFile(txt, { now: NOW });
    expect(first).toMatchObject({
      rowsRead: 9,
      rowsImported: 6,
      skipped: { columns: 1, bad_date: 1, bad_action: 1 },
      investigations: 4,
      vehicles: 5,
      noVehicle: 1,
    });
    const again = await importInvestigationsFile(txt, { now: NOW });
    expect(again).toMatchObject({ rowsImported: 6, investigations: 4, vehicles: 5 });
    expect(await db().investigation.count()).toBe(4);
    expect(await db().investigationVehicle.count()).toBe(5);
    expect(await db().investigationVehicle.count({ where: { actionNumber: "DP19004" } })).toBe(0);
    expect(await db().investigationVehicleStage.count()).toBe(0);
    expect(await db().investigationStage.count()).toBe(0);
  });

  test("a vehicle: open first, then newest opened; each investigation once; the recall linked", async () => {
    await upsertRecalls(
      [
        {
          campaignNumber: "22V123000",
          manufacturer: "Honda (American Honda Motor Co.)",
          component: "AIR BAGS",
          summary: "The air bag inflator may rupture.",
          consequence: "",
          remedy: "",
          notes: "",
          reportReceivedDate: "2022-08-01",
          parkIt: null,
          parkOutside: null,
          overTheAirUpdate: null,
          potentiallyAffected: null,
          make: "HONDA",
          model: "CIVIC",
          year: 2019,
        },
      ],
      "flat_rcl",
    );
    const s = await investigationsForVehicle(CIVIC_2019, { now: NOW });
    expect(s).toMatchObject({
      status: "ok",
      count: 3,
      openCount: 1,
      url: "/api/public/investigations/2019/honda/civic",
      nhtsaUrl: "https://www.nhtsa.gov/vehicle/2019/HONDA/CIVIC",
    });
    expect(s.reason).toBeUndefined();
    expect(s.newest.map((i) => [i.actionNumber, i.open])).toEqual([
      ["PE24013", true],
      ["EA21002", false],
      ["RQ20001", false],
    ]);
    const [open, closed, query] = s.newest;
    expect(open).toMatchObject({
      type: { code: "PE", name: "preliminary evaluation" },
      openedOn: "2024-05-02",
      closedOn: null,
      component: "STEERING",
      manufacturer: HONDA,
      recall: null,
    });
    expect(open.summary).toBe('THE AGENCY HAS RECEIVED 212 COMPLAINTS; "SUDDEN" LOSS OF ASSIST, ÉTÉ.');
    // Mirrored here: this service's answer of the campaign; not mirrored: NHTSA's page of it.
    expect(closed).toMatchObject({
      type: { code: "EA", name: "engineering analysis" },
      closedOn: "2022-08-30",
      recall: { campaignNumber: "22V123000", url: "/api/recalls?campaign=22V123000" },
    });
    expect(query.recall).toEqual({
      campaignNumber: "20V999000",
      url: "https://www.nhtsa.gov/recalls?nhtsaId=20V999000",
    });
    expect(s.source).not.toMatch(/recall/i);
  });

  test("one investigation spanning two models and two years; a vehicle with none is a real 0; 9999 counts for no year", async () => {
    const accord = await investigationsForVehicle({ year: 2019, make: "HONDA", model: "Accord" }, { now: NOW });
    expect(accord).toMatchObject({ status: "ok", count: 1, openCount: 0 });
    expect(accord.newest[0].actionNumber).toBe("EA21002");
    const civic2020 = await investigationsForVehicle({ year: 2020, make: "Honda", model: "CIVIC" }, { now: NOW });
    expect(civic2020.newest.map((i) => i.actionNumber)).toEqual(["PE24013"]);
    expect(await investigationsForVehicle({ year: 2021, make: "HONDA", model: "Civic" }, { now: NOW })).toMatchObject({
      status: "ok",
      count: 0,
      openCount: 0,
      newest: [],
    });
    const all = await Promise.all(
      [2017, 2018, 2019, 2020, 2021, 9999].map((year) =>
        investigationsList({ year, make: "HONDA", model: "Civic" }, NOW),
      ),
    );
    expect(all.flatMap((a) => a.items.map((i) => i.actionNumber))).not.toContain("DP19004");
  });

  test("the .zip replaces the whole list; a failed import (no usable row, truncated zip) changes nothing", async () => {
    const closedNow = row(
      "PE24013",
      "HONDA",
      "CIVIC",
      "2019",
      "STEERING",
      HONDA,
      "20240502",
      "20251110",
      "25V777000",
      "LOSS OF POWER STEERING ASSIST",
      "CLOSED.",
    );
    const zip = writeOneMemberZip(path.join(temp.dir, "FLAT_INV.zip"), "FLAT_INV.txt", closedNow + "\r\n");
    expect(await importInvestigationsFile(zip, { now: NOW })).toMatchObject({ investigations: 1, vehicles: 1 });
    expect(await investigationsForVehicle(CIVIC_2019, { now: NOW })).toMatchObject({ count: 1, openCount: 0 });

    await importInvestigationsFile(file("FLAT_INV.txt", FULL), { now: NOW });
    await expect(importInvestigationsFile(file("FLAT_INV.txt", row("PE1", "HONDA", "CIVIC") + "\n"))).rejects.toThrow(
      /no usable FLAT_INV row/,
    );
    const bytes = readFileSync(writeOneMemberZip(path.join(temp.dir, "whole.zip"), "FLAT_INV.txt", FULL));
    const truncated = path.join(temp.dir, "FLAT_INV.zip");
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 30));
    await expect(importInvestigationsFile(truncated)).rejects.toThrow();
    expect(await investigationsForVehicle(CIVIC_2019, { now: NOW })).toMatchObject({ status: "ok", count: 3 });
  });

  test("past the max age: stale, as of the import, counts kept", async () => {
    const s = await investigationsForVehicle(CIVIC_2019, { now: new Date(NOW.getTime() + 10 * DAY) });
    expect(s).toMatchObject({ status: "stale", reason: "offline", count: 3, checkedAt: NOW.toISOString() });
    expect(s.source).toMatch(/as of 2026-11-29/);
  });

  test("the route: 200 with every investigation, cached as healthy; 400 problem for a bad year; 404 unknown model", async () => {
    // The route answers as of the clock: the test's date, whatever the calendar says (only Date is faked).
    jest.useFakeTimers({
      now: NOW,
      doNotFake: [
        "nextTick",
        "setImmediate",
        "clearImmediate",
        "setTimeout",
        "clearTimeout",
        "setInterval",
        "clearInterval",
        "queueMicrotask",
        "hrtime",
        "performance",
      ],
    });
    try {
      const ok = await call("2019", "honda", "civic");
      expect(ok.status).toBe(200);
      expect(ok.headers.get("cache-control")).toMatch(/max-age/);
      expect(ok.headers.get("cache-control")).not.toBe(unknownCacheControl);
      const body = await ok.json();
      expect(body).toMatchObject({ year: 2019, make: "Honda", model: "Civic", status: "ok", count: 3, openCount: 1 });
      expect(body.items.map((i: { actionNumber: string }) => i.actionNumber)).toEqual([
        "PE24013",
        "EA21002",
        "RQ20001",
      ]);
      const bad = await call("20x9", "honda", "civic");
      expect(bad.status).toBe(400);
      expect(bad.headers.get("content-type")).toMatch(/problem\+json/);
      expect((await call("2019", "honda", "no-such-model")).status).toBe(404);
    } finally {
      jest.useRealTimers();
    }
  });
});

let unknownCacheControl: string | null = null;
