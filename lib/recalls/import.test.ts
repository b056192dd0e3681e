import path from "node:path";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { db } from "../db";
import { parseFlatRclLine } from "./flat-rcl";
import { importRecallFile } from "./import";
import { storedCampaign, storedRecalls } from "./store";

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/recalls", name);
let temp: ReturnType<typeof createTempDb>;

beforeAll(() => {
  process.env.NHTSA_API_BASE_URL = "off";
  temp = createTempDb();
});
afterAll(() => temp.cleanup());

describe("FLAT_RCL lines", () => {
  test("a 24-column line parses; RECORD_ID is ignored; dates become ISO", () => {
    const line = [
      "77",
      "02V288000",
      "FORD",
      "FOCUS",
      "2001",
      "02S41",
      "ELECTRICAL SYSTEM:BATTERY:CABLES",
      "FORD MOTOR COMPANY",
      "19990719",
      "20010531",
      "V",
      "291854",
      "20030210",
      "ODI",
      "Ford Motor Company",
      "20021106",
      "20021106",
      "",
      "",
      "SUMMARY",
      "CONSEQUENCE",
      "REMEDY",
      "NOTES",
      "000015339000215022000000202",
    ].join("\t");
    const parsed = parseFlatRclLine(`${line}\r`);
    expect(parsed).toMatchObject({
      ok: true,
      layout: 24,
      record: {
        campaignNumber: "02V288000",
        make: "FORD",
        model: "FOCUS",
        year: 2001,
        reportReceivedDate: "2002-11-06",
        potentiallyAffected: 291854,
        manufacturerCampaignNumber: "02S41",
        parkIt: null,
        parkOutside: null,
        summary: "SUMMARY",
      },
    });
  });

  test("other column counts are rejected with a reason", () => {
    expect(parseFlatRclLine("1\t02V288000\tFORD")).toMatchObject({ ok: false, reason: "columns" });
  });
});

describe("importing each format", () => {
  test("24-column .txt: rows, campaigns, a malformed line counted and skipped", async () => {
    const s = await importRecallFile(fixture("flat_rcl_24.txt"));
    expect(s).toMatchObject({
      kind: "flat_rcl",
      rowsRead: 6,
      rowsImported: 5,
      skipped: { columns: 1 },
      layouts: { 24: 5 },
      campaigns: 2,
    });
    const c = await storedCampaign("20V100000");
    expect(c).toMatchObject({
      manufacturer: "FORD MOTOR COMPANY",
      reportReceivedDate: "2020-01-15",
      potentiallyAffected: 1200,
      parkIt: false,
    });
    expect(c!.vehicles).toHaveLength(3);
    // One item per campaign for the vehicle, with both components of 2020.
    const f150 = await storedRecalls(2020, "Ford", "F-150");
    expect(f150.items.map((i) => i.campaignNumber)).toEqual(["20V100000"]);
    expect(f150.items[0].components.sort()).toEqual(["SEAT BELTS:FRONT:ANCHORAGE", "SEAT BELTS:FRONT:BUCKLE ASSEMBLY"]);
    // vPIC's "Silverado" finds NHTSA's "SILVERADO 1500".
    expect((await storedRecalls(2019, "Chevrolet", "Silverado")).items.map((i) => i.campaignNumber)).toEqual([
      "19V200000",
    ]);
  });

  test("27-column .txt, including model year 9999 (unknown)", async () => {
    const s = await importRecallFile(fixture("flat_rcl_27.txt"));
    expect(s).toMatchObject({ rowsImported: 3, layouts: { 27: 3 }, campaigns: 1, skipped: {} });
    expect((await storedRecalls(2021, "Toyota", "RAV4")).items).toHaveLength(1);
    expect((await storedCampaign("21V300000"))!.vehicles.map((v) => v.year)).toContain(9999);
  });

  test("29-column .zip: DO_NOT_DRIVE and PARK_OUTSIDE become parkIt / parkOutside", async () => {
    const s = await importRecallFile(fixture("FLAT_RCL_29.zip"));
    expect(s).toMatchObject({ rowsImported: 3, layouts: { 29: 3 }, campaigns: 2 });
    expect(await storedCampaign("23V400000")).toMatchObject({ parkIt: false, parkOutside: true });
    expect(await storedCampaign("23V500000")).toMatchObject({ parkIt: true, parkOutside: false });
  });

  test("29-column .txt equals the .zip, and a re-import changes no row counts (idempotent)", async () => {
    const before = await counts();
    await importRecallFile(fixture("flat_rcl_29.txt"));
    await importRecallFile(fixture("flat_rcl_24.txt"));
    await importRecallFile(fixture("FLAT_RCL_29.zip"));
    expect(await counts()).toEqual(before);
  });

  test("recallsByVehicle JSON with queries: empty answers become known zero-recall lookups", async () => {
    const s = await importRecallFile(fixture("recalls_by_vehicle_answers.json"), {
      queriesFile: fixture("recalls_by_vehicle_queries.json"),
    });
    expect(s).toMatchObject({ kind: "recalls_json", rowsRead: 3, rowsImported: 3, campaigns: 3, lookupsRecorded: 3 });
    const accord = await db().recallLookup.findUnique({ where: { key: "2022|HONDA|ACCORD" } });
    expect(accord).toMatchObject({ origin: "import", resultCount: 0 });
    // A campaign number with a letter in its sequence (NHTSA has issued e.g. 21V00K000).
    expect(await storedCampaign("22V00K000")).toMatchObject({ parkIt: true, reportReceivedDate: "2022-07-21" });
  });

  test("recallsByVehicle JSON without queries: empty answers are skipped and counted", async () => {
    const s = await importRecallFile(fixture("recalls_by_vehicle_answers.json"));
    expect(s.skipped).toEqual({ empty_answer_without_query: 1 });
  });

  test("campaign CSV: quoted fields, flags, units affected", async () => {
    const s = await importRecallFile(fixture("campaigns.csv"));
    expect(s).toMatchObject({ kind: "campaign_csv", rowsImported: 2, campaigns: 2 });
    const c = await storedCampaign("24V900000");
    expect(c).toMatchObject({ overTheAirUpdate: true, potentiallyAffected: 1033, reportReceivedDate: "2024-06-13" });
    expect(c!.summary).toContain('"Rear Visibility."');
    expect((await storedRecalls(2022, "Dodge", "Durango")).items.map((i) => i.campaignNumber)).toEqual([
      "24V901000",
      "24V900000",
    ]);
  });

  test("an older layout never clears flags a newer source set", async () => {
    await importRecallFile(fixture("flat_rcl_29.txt"));
    const line = [
      "9",
      "23V500000",
      "KIA",
      "TELLURIDE",
      "2023",
      "",
      "AIR BAGS:FRONTAL:PASSENGER SIDE:INFLATOR MODULE",
      "KIA AMERICA, INC.",
      "",
      "",
      "V",
      "800",
      "",
      "MFR",
      "Kia",
      "20231105",
      "20231105",
      "",
      "",
      "S",
      "C",
      "R",
      "N",
      "1",
    ].join("\t");
    const parsed = parseFlatRclLine(line);
    if (!parsed.ok) throw new Error("fixture line should parse");
    const { upsertRecalls } = await import("./store");
    await upsertRecalls([parsed.record], "flat_rcl");
    expect(await storedCampaign("23V500000")).toMatchObject({ parkIt: true, summary: "S" });
  });
});

async function counts() {
  return {
    campaigns: await db().recallCampaign.count(),
    coverage: await db().recallCoverage.count(),
  };
}
