/**
 * Transport Canada recalls on files in VRDB's real format, written here: quoted fields with commas and line
 * breaks, French accents in UTF-8, in Windows-1252 and double-encoded, malformed rows skipped and counted; the
 * full import (all or nothing, idempotent), the 60-day update, the answer before any import (unknown, not none),
 * the link to a mirrored US recall by manufacturer number, and the route in-process.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { GET } from "../../app/api/public/canada-recalls/[year]/[make]/[model]/route";
import { db } from "../db";
import { MCP_TOOLS } from "../mcp";
import { importRecallFile } from "../recalls";
import {
  canadaRecallsByVehicle,
  canadaRecallsDegradedSection,
  canadaRecallsForVehicle,
  CanadaRecallsResponse,
  CanadaRecallsSection,
  importCanadaRecallsFile,
  OGL_ATTRIBUTION,
} from ".";
import { decodeLine, repairMojibake } from "./text-decoding";
import { VRDB_COLUMNS } from "./vrdb";

let temp: TempDb;
beforeAll(() => {
  temp = createTempDb();
  temp.setEnv({ NHTSA_API_BASE_URL: "off", SYNC_CANADA_RECALLS_URL: "off", PUBLIC_BASE_URL: "https://vin.example" });
});
afterAll(() => temp.cleanup());

const HEADER = VRDB_COLUMNS.map((c) => `"${c}"`).join(",");
const quote = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

/** One VRDB row in the file's column order, quoted as Transport Canada quotes it. */
function row(r: {
  number: string;
  year: number | string;
  mfr?: string;
  make?: string;
  model?: string;
  units?: string;
  system?: string;
  comment?: string;
  commentFr?: string;
  date?: string;
}): string {
  return [
    r.number,
    r.year,
    r.mfr ?? "",
    "Truck",
    "Camion",
    r.make ?? "FORD",
    r.model ?? "F150",
    r.units ?? "1,234.00",
    r.system ?? "Airbags",
    "Coussins gonflables",
    "Safety Mfr",
    "Sécurité fabricant",
    r.comment ?? "Issue: a defect.",
    r.commentFr ?? "Problème : un défaut.",
    r.date ?? "2020-06-01",
  ]
    .map(quote)
    .join(",");
}

/** A file of UTF-8 lines, plus raw byte lines (another encoding) where given. */
function writeVrdb(name: string, lines: (string | Buffer)[]): string {
  const file = path.join(temp.dir, name);
  const parts = [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${HEADER}\r\n`)];
  for (const l of lines)
    parts.push(typeof l === "string" ? Buffer.from(`${l}\r\n`, "utf8") : Buffer.concat([l, Buffer.from("\r\n")]));
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

const F150 = { year: 2020, make: "FORD", model: "F-150" };
/** The imports of the tests are dated 25 days ago (past the 10-day max age today), each a second after the last. */
const T0 = new Date(Date.now() - 25 * 86_400_000);

/** Windows-1252 bytes of a row: "é" is one byte, 0xE9. */
const cp1252 = (text: string) => Buffer.from(text, "latin1");

function fullFile(name = "vrdb_full_monthly.csv"): string {
  return writeVrdb(name, [
    row({
      number: "2020301",
      year: 2020,
      mfr: "20S45",
      comment: "Issue: on some trucks, the airbag, on impact, may not deploy.\nSafety Risk: injury.",
      date: "2020-06-01",
    }),
    row({ number: "2020302", year: 2020, mfr: "20C99", system: "Brakes", date: "2020-08-15" }),
    cp1252(row({ number: "2020303", year: 2020, system: "Fuel", commentFr: "Le réservoir fuit.", date: "2020-09-01" })),
    row({ number: "2020304", year: 2020, model: "ESCAPE", commentFr: "Le rÃ©servoir fuit.", date: "2020-10-01" }),
    row({ number: "2020305", year: "", make: "BRIDGESTONE", model: "DUELER", date: "2020-10-02" }),
    `"2020306","2020","x"y","Truck"`,
    `"2020307","2020","","Truck","Camion","FORD","F150","3"`,
  ]);
}

describe("reading VRDB text", () => {
  test("UTF-8 lines as such, Windows-1252 lines by their bytes, double-encoded UTF-8 repaired", () => {
    expect(decodeLine(Buffer.from("Problème", "utf8"))).toBe("Problème");
    expect(decodeLine(cp1252("Problème"))).toBe("Problème");
    expect(decodeLine(Uint8Array.of(0x6c, 0x92, 0x61, 0x69, 0x72, 0x20, 0x80))).toBe("l’air €");
    expect(repairMojibake("rÃ©servoir, Ã‰tat")).toBe("réservoir, État");
    expect(repairMojibake("Côte-d'Ivoire é»")).toBe("Côte-d'Ivoire é»");
  });
});

describe("Transport Canada recalls", () => {
  test("before any import the answer is unknown, not none", async () => {
    const section = await canadaRecallsForVehicle(F150, { now: T0 });
    expect(section).toMatchObject({ status: "unavailable", reason: "not_synced", count: null, newest: [] });
    expect(section.source).toContain("this server has not copied it yet");
    expect(section.source).toContain(OGL_ATTRIBUTION);
    expect(CanadaRecallsSection.parse(section)).toEqual(section);
    // The report's section when its lookup misses the report's deadline: unknown too.
    expect(canadaRecallsDegradedSection(F150, "deadline")).toMatchObject({
      status: "unavailable",
      reason: "deadline",
      count: null,
    });
  });

  test("a full file: rows read, malformed ones skipped and counted, fields decoded; a re-import changes nothing", async () => {
    const file = fullFile();
    const first = await importCanadaRecallsFile(file, { now: T0 });
    expect(first).toMatchObject({
      kind: "full",
      rowsRead: 7,
      rowsImported: 4,
      added: 4,
      changed: 0,
      removed: 0,
      skipped: { no_year: 1, unreadable: 1, columns: 1 },
    });
    const stored = await db().canadaRecall.findMany({ orderBy: { key: "asc" } });
    expect(stored.map((r) => r.key)).toEqual([
      "2020301|2020|FORD|F150",
      "2020302|2020|FORD|F150",
      "2020303|2020|FORD|F150",
      "2020304|2020|FORD|ESCAPE",
    ]);
    expect(stored[0]).toMatchObject({
      comment: "Issue: on some trucks, the airbag, on impact, may not deploy.\nSafety Risk: injury.",
      unitsAffected: 1234,
      recallDate: "2020-06-01",
      manufacturerRecallNumber: "20S45",
    });
    expect(stored[2].commentFr).toBe("Le réservoir fuit.");
    expect(stored[3].commentFr).toBe("Le réservoir fuit.");

    const again = await importCanadaRecallsFile(file, { now: new Date(T0.getTime() + 1000) });
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(await db().canadaRecall.count()).toBe(4);
  });

  test("a recall matching a mirrored US recall carries its campaign number; one that does not, null", async () => {
    // Linked when answering: the US recall is imported after the Canadian file, and the link shows.
    const us = [
      "1",
      "20V123000",
      "FORD",
      "F-150",
      "2020",
      "20S45",
      "AIR BAGS",
      "FORD MOTOR COMPANY",
      "",
      "",
      "V",
      "1000",
      "",
      "MFR",
      "Ford",
      "20200520",
      "20200520",
      "",
      "",
      "SUMMARY",
      "CONSEQUENCE",
      "REMEDY",
      "NOTES",
      "1",
    ].join("\t");
    const flatRcl = path.join(temp.dir, "FLAT_RCL.txt");
    writeFileSync(flatRcl, `${us}\n`);
    await importRecallFile(flatRcl);

    const section = await canadaRecallsForVehicle(F150, { now: T0 });
    expect(section).toMatchObject({
      status: "ok",
      count: 3,
      url: "https://vin.example/api/public/canada-recalls/2020/ford/f-150",
    });
    expect(section.newest.map((r) => [r.recallNumber, r.nhtsaCampaignNumber])).toEqual([
      ["2020303", null],
      ["2020302", null],
      ["2020301", "20V123000"],
    ]);
    expect(section.newest[2]).toMatchObject({
      system: "Airbags",
      manufacturerRecallNumber: "20S45",
      url: "https://wwwapps.tc.gc.ca/Saf-Sec-Sur/7/VRDB-BDRV/search-recherche/detail.aspx?lang=eng&rn=2020301",
    });
    expect(section.source).toBe(
      `Transport Canada, Motor Vehicle Safety Recalls Database, mirrored by this server. ${OGL_ATTRIBUTION}`,
    );
    expect(CanadaRecallsSection.parse(section)).toEqual(section);
  });

  test("after a full import, a vehicle without rows has none (count 0); past the max age the answer is stale", async () => {
    expect(await canadaRecallsForVehicle({ year: 2021, make: "FORD", model: "F-150" }, { now: T0 })).toMatchObject({
      status: "ok",
      count: 0,
      newest: [],
    });
    const later = new Date(T0.getTime() + 30 * 86_400_000);
    const stale = await canadaRecallsForVehicle(F150, { now: later });
    expect(stale).toMatchObject({ status: "stale", reason: "offline", count: 3 });
    expect(stale.checkedAt).toBe(new Date(T0.getTime() + 1000).toISOString());
    expect(stale.source).toContain(`the last known answer, as of ${T0.toISOString().slice(0, 10)}`);
  });

  test("the 60-day file adds and updates, and deletes nothing", async () => {
    const update = writeVrdb("vrdb_60days_daily.csv", [
      row({ number: "2020302", year: 2020, mfr: "20C99", system: "Brakes", units: "2,000.00", date: "2020-08-15" }),
      row({ number: "2020401", year: 2020, system: "Steering", date: "2020-11-01" }),
    ]);
    const summary = await importCanadaRecallsFile(update, { now: new Date(T0.getTime() + 2000) });
    expect(summary).toMatchObject({ kind: "update", rowsImported: 2, added: 1, changed: 1, removed: 0 });
    expect(await db().canadaRecall.count()).toBe(5);
    const section = await canadaRecallsForVehicle(F150, { now: T0 });
    expect(section.count).toBe(4);
    expect(section.newest[0].recallNumber).toBe("2020401");
    expect((await db().canadaRecall.findUnique({ where: { key: "2020302|2020|FORD|F150" } }))?.unitsAffected).toBe(
      2000,
    );
  });

  test("all or nothing: a file that fails, or a full file looking cut off, leaves the previous data serving", async () => {
    const notVrdb = path.join(temp.dir, "other.csv");
    writeFileSync(notVrdb, '"A","B"\n"1","2"\n');
    await expect(importCanadaRecallsFile(notVrdb)).rejects.toThrow(/not a Transport Canada recalls file/);
    const short = writeVrdb("short.csv", [row({ number: "2020301", year: 2020, mfr: "20S45" })]);
    await expect(importCanadaRecallsFile(short, { kind: "full" })).rejects.toThrow(/looks cut off/);
    expect(await db().canadaRecall.count()).toBe(5);
    expect(await db().canadaRecallStage.count()).toBe(0);

    const replaced = await importCanadaRecallsFile(short, {
      kind: "full",
      replace: true,
      now: new Date(T0.getTime() + 3000),
    });
    expect(replaced).toMatchObject({ removed: 4 });
    expect(await db().canadaRecall.count()).toBe(1);
    await importCanadaRecallsFile(fullFile("vrdb_full_again.csv"), {
      replace: true,
      now: new Date(T0.getTime() + 4000),
    });
  });

  test("the full list: the vehicle named as vPIC names it, every recall newest first, the attribution", async () => {
    const list = await canadaRecallsByVehicle({ year: 2020, make: "ford", model: "f-150" }, { now: T0 });
    expect(list).toMatchObject({
      year: 2020,
      make: "Ford",
      model: "F-150",
      status: "ok",
      count: 3,
      attribution: OGL_ATTRIBUTION,
    });
    expect(list.recalls[2].comment).toContain("\nSafety Risk: injury.");
    expect(list.recalls[2].nhtsaCampaignNumber).toBe("20V123000");
    expect(CanadaRecallsResponse.parse(list)).toEqual(list);
  });

  test("the route: 200 cached as a healthy answer when current, briefly when stale; 400 and 404 problems", async () => {
    const call = (year: string, make: string, model: string) =>
      GET(new Request(`http://local/api/public/canada-recalls/${year}/${make}/${model}`), {
        params: Promise.resolve({ year, make, model }),
      });
    // The last import was 25 days ago, past the 10-day max age: stale, and cached briefly.
    const stale = await call("2020", "ford", "f-150");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=60");
    expect(await stale.json()).toMatchObject({ status: "stale", count: 3, attribution: OGL_ATTRIBUTION });

    await importCanadaRecallsFile(fullFile("vrdb_full_now.csv"));
    const fresh = await call("2020", "ford", "f-150");
    expect(fresh.headers.get("cache-control")).toBe(
      "public, max-age=21600, s-maxage=21600, stale-while-revalidate=3600",
    );
    expect((await fresh.json()).status).toBe("ok");

    const badYear = await call("20x0", "ford", "f-150");
    expect(badYear.status).toBe(400);
    expect(await badYear.json()).toMatchObject({ reason: "invalid_parameter", param: "year" });
    const unknown = await call("2020", "ford", "no-such-model-here");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ reason: "unknown_vehicle" });
  });

  test("check_canada_recalls: the route's answer, and a text naming each recall and its US campaign", async () => {
    const tool = MCP_TOOLS.find((t) => t.name === "check_canada_recalls")!;
    expect(tool.operation?.operationId).toBe("getCanadaRecalls");
    const result = await tool.handler(
      { year: 2020, make: "Ford", model: "F-150" },
      { signal: new AbortController().signal },
    );
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: "ok", count: 3 });
    const text = (result.content[0] as { text: string }).text;
    expect(text).toContain("Recalls in Canada (Transport Canada): 3.");
    expect(text).toContain("- 2020301 (2020-06-01), Airbags; US campaign 20V123000");
    expect(text).toContain("- 2020302 (2020-08-15), Brakes; no US campaign matched");
    expect(text).toContain(OGL_ATTRIBUTION);
  });
});
