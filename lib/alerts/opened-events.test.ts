/**
 * What an import opens, and the events it becomes, on a real (temporary SQLite) database, with each sync job's hook:
 * NHTSA's recall mirror (files written here in FLAT_RCL's 29-column layout), Transport Canada's recalls (VRDB's
 * quoted CSV) and NHTSA's investigations (FLAT_INV's 11 TAB-separated fields).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { db } from "../db";
import { importCanadaRecallsFile, VRDB_COLUMNS } from "../canada-recalls";
import { importInvestigationsFile } from "../investigations";
import { importMirrorFile } from "../recalls";
import { makeKey, nameKey } from "../vehicle";
import { CANADA_RECALL, enqueueOpenedEvents, enqueueRecallEvents, INVESTIGATION } from "./opened-events";

// Several imports on a real database: seconds on a busy machine.
jest.setTimeout(60_000);

let temp: ReturnType<typeof createTempDb>;
let dir: string;
const FILE = "FLAT_RCL_POST_2010.txt";

beforeAll(() => {
  temp = createTempDb();
  dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-alert-events-"));
});
afterAll(async () => {
  await temp.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** One FLAT_RCL row (29 columns) of a campaign covering a year/make/model. */
function row(campaign: string, make: string, model: string, year: number, manufacturerNumber = ""): string {
  const f = Array.from({ length: 29 }, () => "");
  Object.assign(f, {
    0: "1",
    1: campaign,
    2: make,
    3: model,
    4: String(year),
    5: manufacturerNumber,
    6: "ELECTRICAL SYSTEM",
    7: `${make} CO.`,
    15: "20261120",
    19: "SUMMARY",
    20: "CONSEQUENCE",
    21: "REMEDY",
    27: "No",
    28: "No",
  });
  return f.join("\t");
}

async function sync(rows: string[]): Promise<number> {
  const file = path.join(dir, FILE);
  writeFileSync(file, rows.map((r) => `${r}\r\n`).join(""));
  let events = 0;
  await importMirrorFile(file, FILE, {
    onOpened: async (tx, opened, now) => (events = await enqueueRecallEvents(tx, opened, now)),
  });
  return events;
}

async function watch(
  watcherId: string,
  vin: string,
  year: number,
  make: string,
  model: string,
  at = new Date(Date.now() - 60_000),
) {
  await db().watchedVin.create({ data: { watcherId, vin, year, make, model, makeKey: makeKey(make), createdAt: at } });
}

const events = () =>
  db().alertEvent.findMany({
    orderBy: [{ campaignNumber: "asc" }, { vin: "asc" }],
    select: { watcherId: true, vin: true, campaignNumber: true, status: true },
  });

test("the first import is the baseline; then new campaigns and newly covered vehicles reach exactly their watchers, once", async () => {
  const base = [row("24V100000", "HONDA", "ACCORD", 2003), row("24V200000", "FORD", "F-150", 2021)];
  await watch("w1", "VIN00000000000001", 2003, "HONDA", "Accord");
  await watch("w1", "VIN00000000000002", 2021, "FORD", "F-150");
  await watch("w2", "VIN00000000000003", 2003, "HONDA", "Accord");
  await watch("w2", "VIN00000000000004", 2004, "HONDA", "Accord");
  await db().webhookEndpoint.create({
    data: { watcherId: "w1", url: "https://hooks.example/x", secretSealed: "v1.x.y.z", email: "w1@example.com" },
  });
  expect(await sync(base)).toBe(0);
  expect(await events()).toEqual([]);

  // A new campaign (NHTSA's spelling "ACCORD"; vPIC's "Accord"), and an old one now covering the 2004 Accord.
  const next = [...base, row("26V300000", "HONDA", "ACCORD", 2003), row("24V100000", "HONDA", "ACCORD", 2004)];
  expect(await sync(next)).toBe(3);
  expect(await events()).toEqual([
    { watcherId: "w2", vin: "VIN00000000000004", campaignNumber: "24V100000", status: "unsent" },
    { watcherId: "w1", vin: "VIN00000000000001", campaignNumber: "26V300000", status: "pending" },
    { watcherId: "w2", vin: "VIN00000000000003", campaignNumber: "26V300000", status: "unsent" },
  ]);

  // The same data again: nothing new. A VIN watched after a campaign appeared gets no event for it.
  expect(await sync(next)).toBe(0);
  await watch("w3", "VIN00000000000005", 2003, "HONDA", "Accord", new Date());
  expect(await sync([...next, row("26V300000", "HONDA", "ACCORD", 2005)])).toBe(0);
  expect(await db().alertEvent.count()).toBe(3);
});

test("a watched year/make/model gets one event per campaign that opens for it after it was watched, through the same path", async () => {
  await db().alertEvent.deleteMany();
  await db().watchedVehicle.create({
    data: {
      watcherId: "v1",
      year: 2003,
      make: "HONDA",
      model: "Accord",
      makeKey: makeKey("HONDA"),
      modelKey: nameKey("Accord"),
      createdAt: new Date(Date.now() - 60_000),
    },
  });
  await db().webhookEndpoint.create({
    data: { watcherId: "v1", url: "https://hooks.example/v", secretSealed: "v1.x.y.z", email: "v1@example.com" },
  });
  const before = [
    row("24V100000", "HONDA", "ACCORD", 2003),
    row("24V200000", "FORD", "F-150", 2021),
    row("26V300000", "HONDA", "ACCORD", 2003),
    row("24V100000", "HONDA", "ACCORD", 2004),
    row("26V300000", "HONDA", "ACCORD", 2005),
  ];
  // A new campaign for the 2003 Accord, named twice (two rows), and one for another vehicle.
  const next = [...before, row("26V400000", "HONDA", "ACCORD", 2003), row("26V400000", "HONDA", "ACCORD ", 2003)];
  await sync([...next, row("26V500000", "FORD", "F-150", 2021)]);
  const vehicleEvents = () =>
    db().alertEvent.findMany({
      where: { watcherId: "v1" },
      select: { vin: true, year: true, make: true, model: true, campaignNumber: true, status: true, vehicleKey: true },
    });
  expect(await vehicleEvents()).toEqual([
    {
      vin: null,
      year: 2003,
      make: "HONDA",
      model: "Accord",
      campaignNumber: "26V400000",
      status: "pending",
      vehicleKey: `2003|${makeKey("honda")}|${nameKey("accord")}`,
    },
  ]);
  // A repeated sync adds nothing.
  await sync([...next, row("26V500000", "FORD", "F-150", 2021)]);
  expect(await vehicleEvents()).toHaveLength(1);
});

describe("Transport Canada and investigations", () => {
  const F150 = "1FTEW1E50LFA00001";
  beforeAll(async () => {
    await db().alertEvent.deleteMany();
    await watch("c1", F150, 2020, "FORD", "F-150");
    await db().webhookEndpoint.create({
      data: { watcherId: "c1", url: "https://hooks.example/c", secretSealed: "v1.x.y.z", email: "c1@example.com" },
    });
  });
  const eventsOf = (watcherId: string) =>
    db().alertEvent.findMany({
      where: { watcherId },
      orderBy: { campaignNumber: "asc" },
      select: { type: true, country: true, vin: true, campaignNumber: true, status: true },
    });

  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  /** A VRDB file: Transport Canada's header, then one quoted row per recall (number, model, manufacturer's number). */
  async function canadaSync(name: string, recalls: [string, string, string][]): Promise<number> {
    const lines = recalls.map(([number, model, mfr]) =>
      [
        number,
        "2020",
        mfr,
        "Truck",
        "Camion",
        "FORD",
        model,
        "1200",
        "Electrical",
        "Électrique",
        "Safety Mfr",
        "Sécurité fabricant",
        "Wiring may chafe.",
        "Le câblage peut frotter.",
        "2024-03-01",
      ]
        .map(quote)
        .join(","),
    );
    const file = path.join(dir, name);
    writeFileSync(file, [VRDB_COLUMNS.map(quote).join(","), ...lines].join("\r\n") + "\r\n");
    let events = 0;
    await importCanadaRecallsFile(file, {
      onOpened: async (tx, opened, now) => (events = await enqueueOpenedEvents(tx, CANADA_RECALL, opened, now)),
    });
    return events;
  }

  test("a Canadian recall new after the baseline reaches the watched VIN only when no US campaign matches it", async () => {
    expect(await canadaSync("vrdb_full_monthly.csv", [["2020100", "F150", "20C01"]])).toBe(0);
    // The US campaign whose manufacturer number (MFGCAMPNO) is 20S02 for Ford.
    await sync([row("20V555000", "FORD", "F-150", 2020, "20S02")]);
    await db().alertEvent.deleteMany({ where: { watcherId: "c1" } });
    const update = [
      ["2020100", "F150", "20C01"],
      ["2020200", "F-150", "20-S02"], // the US campaign's number, written another way: no event of its own
      ["2020300", "F150", "20C03"], // Canadian only
    ] as [string, string, string][];
    expect(await canadaSync("vrdb_60days_daily.csv", update)).toBe(1);
    expect(await eventsOf("c1")).toEqual([
      { type: "recall.opened", country: "CA", vin: F150, campaignNumber: "2020300", status: "pending" },
    ]);
    expect(await canadaSync("vrdb_60days_daily.csv", update)).toBe(0);
  });

  /** A FLAT_INV file: 11 TAB-separated fields per row, no header. */
  async function investigationsSync(rows: string[][]): Promise<number> {
    const file = path.join(dir, "FLAT_INV.txt");
    writeFileSync(file, rows.map((r) => r.join("\t")).join("\r\n") + "\r\n");
    let events = 0;
    await importInvestigationsFile(file, {
      onOpened: async (tx, opened, now) => (events = await enqueueOpenedEvents(tx, INVESTIGATION, opened, now)),
    });
    return events;
  }
  const inv = (action: string, model: string, year: string) => [
    action,
    "FORD",
    model,
    year,
    "STEERING",
    "Ford Motor Company",
    "20240502",
    "",
    "",
    "LOSS OF STEERING ASSIST",
    "NHTSA OPENED A PRELIMINARY EVALUATION.",
  ];

  test("an investigation new after the baseline reaches the watched VIN once; a year-9999 row and another vehicle do not", async () => {
    await db().alertEvent.deleteMany({ where: { watcherId: "c1" } });
    expect(await investigationsSync([inv("PE20001", "F-150", "2020")])).toBe(0);
    const next = [
      inv("PE20001", "F-150", "2020"),
      inv("PE24002", "F150", "2020"),
      inv("PE24003", "F-150", "9999"),
      inv("RQ24004", "RANGER", "2020"),
    ];
    expect(await investigationsSync(next)).toBe(1);
    expect(await eventsOf("c1")).toEqual([
      { type: "investigation.opened", country: "US", vin: F150, campaignNumber: "PE24002", status: "pending" },
    ]);
    expect(await investigationsSync(next)).toBe(0);
  });
});
