/**
 * The MFR_COMMS importer and the answers, on files in NHTSA's format written here: a byte-order mark, the header
 * repeated inside the file, comma-separated model years, a quoted summary with commas, quotes and a line break,
 * malformed rows; the period file as .csv and as .zip. Unknown before any import (count null, never 0), a true 0
 * once the periods are held, stale past the max age, and an import that fails leaving the previous data.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { writeOneMemberZip } from "../../tests/fixtures/one-member-zip";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { db } from "../db";
import { GET } from "../../app/api/public/bulletins/[year]/[make]/[model]/route";
import { bulletinsForVehicle, bulletinsList, importBulletinsFile } from ".";

let temp: TempDb;
const NOW = new Date("2026-11-29T12:00:00Z");
const DAY = 86_400_000;

beforeAll(() => {
  temp = createTempDb();
  temp.setEnv({ SYNC_BULLETINS_URL: "off" });
});
afterAll(() => temp.cleanup());

const HEADER = '"TSB/Document ID","Make","Model","Model Year","Concise Summary"';
const CURRENT = [
  "\uFEFF" + HEADER,
  '"11021817","HONDA","CIVIC","2025, 2026","SERVICE BULLETIN 25-041: ENGINE MAY HESITATE, STUMBLE, OR ""SURGE"" ON A SLOW ROLL;\nUPDATE THE PCM SOFTWARE."',
  '"11021900","HONDA","CIVIC","2026","HONDA EXTENDS THE WARRANTY ON THE A/C CONDENSER TO 10 YEARS."',
  // The header again, as NHTSA's file repeats it (spacing differs).
  '"TSB/Document ID", "Make", "Model", "Model Year", "Concise Summary"',
  '"11021950","HONDA","CR-V","2026","OVER-THE-AIR UPDATE OF THE AUDIO UNIT."',
  '"11021951","HONDA","CIVIC","2026"', // malformed: four columns
  '"NOT-AN-ID","HONDA","CIVIC","2026","S"',
  '"11021952","HONDA","CIVIC","9999","UNKNOWN YEAR: COUNTS FOR NO YEAR."',
].join("\r\n");
const PREVIOUS = [
  HEADER,
  '"10201111","HONDA","CIVIC","2021,2022","CUSTOMER SATISFACTION PROGRAM 5A1: REPLACE THE DOOR LATCH."',
  '"10201112","HONDA","CIVIC","2021","TECHNICAL TIP: RATTLE FROM THE DASH."',
].join("\n");

function file(name: string, text: string): string {
  const p = path.join(temp.dir, name);
  writeFileSync(p, text);
  return p;
}

/** A one-member zip (deflated), as NHTSA publishes each period. */
function zipFile(name: string, member: string, text: string): string {
  return writeOneMemberZip(path.join(temp.dir, name), member, text);
}

const CIVIC_2026 = { year: 2026, make: "HONDA", model: "Civic" };
const CIVIC_2021 = { year: 2021, make: "HONDA", model: "Civic" };

describe("MFR_COMMS import and answers", () => {
  test("before any import the answer is unknown: unavailable, not_synced, count null", async () => {
    const s = await bulletinsForVehicle(CIVIC_2026, { now: NOW });
    expect(s).toMatchObject({ status: "unavailable", reason: "not_synced", count: null, newest: [] });
    expect(s.source).toMatch(/has not copied it yet/);
  });

  test("import: repeated headers skipped, years split, malformed rows counted; the same rows twice", async () => {
    const csv = file("MFR_COMMS_RECEIVED_2025-2026.csv", CURRENT);
    const first = await importBulletinsFile(csv, { now: NOW });
    expect(first).toMatchObject({
      period: "2025-2026",
      rowsRead: 6,
      rowsImported: 3,
      skipped: { columns: 1, bad_id: 1, no_year: 1 },
      bulletins: 3,
      vehicles: 4,
    });
    const again = await importBulletinsFile(csv, { now: NOW });
    expect(again).toMatchObject({ rowsImported: 3, bulletins: 3, vehicles: 4 });
    expect(await db().serviceBulletin.count()).toBe(3);
    expect(await db().serviceBulletinVehicle.count()).toBe(4);
    expect(await db().serviceBulletinVehicleStage.count()).toBe(0);
  });

  test("a covered model year: count, newest first, the quoted summary whole; none is a real 0", async () => {
    const s = await bulletinsForVehicle(CIVIC_2026, { now: NOW });
    expect(s).toMatchObject({ status: "ok", count: 2, url: "/api/public/bulletins/2026/honda/civic" });
    expect(s.reason).toBeUndefined();
    expect(s.newest.map((b) => [b.nhtsaId, b.type, b.documentId])).toEqual([
      [11021900, "warranty_extension", null],
      [11021817, "bulletin", "25-041"],
    ]);
    expect(s.newest[1].summary).toBe(
      'SERVICE BULLETIN 25-041: ENGINE MAY HESITATE, STUMBLE, OR "SURGE" ON A SLOW ROLL;\nUPDATE THE PCM SOFTWARE.',
    );
    expect(s.newest[1].url).toBe("https://www.nhtsa.gov/vehicle/2026/HONDA/CIVIC");
    expect(await bulletinsForVehicle({ year: 2026, make: "HONDA", model: "Accord" }, { now: NOW })).toMatchObject({
      status: "ok",
      count: 0,
    });
  });

  test("a model year whose earlier period is not held: unknown, the held communications still listed", async () => {
    const s = await bulletinsForVehicle({ year: 2025, make: "HONDA", model: "Civic" }, { now: NOW });
    expect(s).toMatchObject({ status: "unavailable", reason: "not_synced", count: null });
    expect(s.newest.map((b) => b.nhtsaId)).toEqual([11021817]);
  });

  test("the earlier period from its zip: the model year is answered", async () => {
    const zip = zipFile("MFR_COMMS_RECEIVED_2020-2024.zip", "MFR_COMMS_RECEIVED_2020-2024.csv", PREVIOUS);
    const summary = await importBulletinsFile(zip, { now: NOW });
    expect(summary).toMatchObject({ period: "2020-2024", bulletins: 2, vehicles: 3 });
    const s = await bulletinsForVehicle(CIVIC_2021, { now: NOW });
    expect(s).toMatchObject({ status: "ok", count: 2 });
    expect(s.newest[0]).toMatchObject({ nhtsaId: 10201112, type: "bulletin" });
    expect(s.newest[1]).toMatchObject({ nhtsaId: 10201111, type: "service_campaign", documentId: "5A1" });
  });

  test("past the max age: stale, as of the import", async () => {
    const later = new Date(NOW.getTime() + 20 * DAY);
    const s = await bulletinsForVehicle(CIVIC_2026, { now: later });
    expect(s).toMatchObject({ status: "stale", reason: "offline", count: 2, checkedAt: NOW.toISOString() });
    expect(s.source).toMatch(/as of 2026-11-29/);
  });

  test("a failed import changes nothing: no usable row, a truncated zip", async () => {
    await expect(
      importBulletinsFile(file("MFR_COMMS_RECEIVED_2025-2026.csv", `${HEADER}\n"x","HONDA","CIVIC","2026","s"\n`)),
    ).rejects.toThrow(/no usable MFR_COMMS row/);
    const good = zipFile("MFR_COMMS_RECEIVED_2025-2025.zip", "MFR_COMMS_RECEIVED_2025-2025.csv", CURRENT);
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(good);
    const truncated = file("MFR_COMMS_RECEIVED_2025-2026.zip", "");
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 30));
    await expect(importBulletinsFile(truncated)).rejects.toThrow();
    expect(await bulletinsForVehicle(CIVIC_2026, { now: NOW })).toMatchObject({ status: "ok", count: 2 });
    await expect(importBulletinsFile(file("bulletins.csv", CURRENT))).rejects.toThrow(/names no period/);
  });

  test("the list: newest first, a page at a time, with the total", async () => {
    const first = await bulletinsList(CIVIC_2026, { limit: 1 }, NOW);
    expect(first).toMatchObject({ count: 2, nextCursor: "11021900" });
    expect(first.items.map((b) => b.nhtsaId)).toEqual([11021900]);
    const second = await bulletinsList(CIVIC_2026, { limit: 1, cursor: 11021900 }, NOW);
    expect(second).toMatchObject({ count: 2, nextCursor: null });
    expect(second.items.map((b) => b.nhtsaId)).toEqual([11021817]);
  });

  test("the route: 200 with the list, a 400 problem for a bad year, 404 for a vehicle vPIC does not know", async () => {
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
    const call = (year: string, make: string, model: string, query = "") =>
      GET(new Request(`http://localhost/api/public/bulletins/${year}/${make}/${model}${query}`), {
        params: Promise.resolve({ year, make, model }),
      });
    const ok = await call("2021", "honda", "civic", "?limit=1");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toMatch(/max-age/);
    const body = await ok.json();
    expect(body).toMatchObject({ year: 2021, make: "Honda", model: "Civic", status: "ok", count: 2 });
    expect(body.items).toHaveLength(1);
    const bad = await call("20x1", "honda", "civic");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/problem\+json/);
    expect((await call("2021", "honda", "no-such-model")).status).toBe(404);
    expect((await call("2021", "honda", "civic", "?limit=0")).status).toBe(400);
    // A model year not covered (its earlier period is not held) is not cached as a healthy answer.
    const partial = await call("2016", "honda", "civic");
    expect(await partial.json()).toMatchObject({ status: "unavailable", count: null });
    expect(partial.headers.get("cache-control")).not.toBe(ok.headers.get("cache-control"));
    jest.useRealTimers();
  });
});
