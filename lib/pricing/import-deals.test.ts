import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { createTestDb, testingPostgres, type TestDb } from "@/tests/support/pricing-db";
import { aggregatePricing } from "./aggregate-pricing";
import { DEMO_MARKER_KEY, seedDemoDeals } from "./demo-seed";
import { importDeals } from "./import-deals";
import { DatabaseUnavailableError } from "../db/faults";
import type { Db } from "../db";

const fixtures = path.join(__dirname, "../../tests/fixtures/deals");
const good = readFileSync(path.join(fixtures, "good.csv"), "utf8");
const bad = readFileSync(path.join(fixtures, "bad.csv"), "utf8");
const HEADER = "deal_id,vin,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source";

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.drop();
});

const count = () => t.db.deal.count();

describe(`importDeals (${testingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  it("imports a good file and its deals answer pricing queries", async () => {
    const result = await importDeals(t.db, Readable.from([good]));
    expect(result).toEqual({
      ok: true,
      summary: expect.objectContaining({
        rows: 7,
        created: 7,
        updated: 0,
        vehicles: 2,
        bySource: { "purchase-contract": 5, "verified-purchase": 2 },
      }),
    });
    const cx5 = await aggregatePricing(t.db, { makeSlug: "mazda", modelSlug: "cx-5", year: 2025, state: null });
    expect(cx5.found && cx5.pricing).toMatchObject({
      sampleSize: 5,
      dataStatus: "limited",
      make: "Mazda",
      model: "CX-5",
    });
    const stored = await t.db.deal.findUnique({ where: { id: "acme-1002" } });
    expect(stored).toMatchObject({
      vin: "JM3KFBCM5R0123456",
      msrp: 31250,
      sellingPrice: 29700,
      dealType: "cash",
      state: "CA",
    });
  });

  it("reports every bad row by line number and reason, and writes nothing", async () => {
    const result = await importDeals(t.db, bad);
    expect(result).toEqual({
      ok: false,
      rows: 10,
      badRows: 9,
      errors: [
        { line: 3, column: "year", reason: "year must be between 2020 and 2030" },
        { line: 4, column: "state", reason: "state must be a 2-letter US state code (50 states or DC)" },
        { line: 5, column: "selling_price", reason: "selling_price must be within 50-150 % of msrp" },
        { line: 6, column: "deal_type", reason: "deal_type must be lease, cash or finance" },
        { line: 7, column: "purchase_date", reason: "purchase_date: 2025-02-30 is not a real date" },
        { line: 8, column: "deal_id", reason: "deal_id bad-1 already appears on line 2" },
        { line: 9, column: "vin", reason: "vin must be 17 characters without I, O or Q" },
        { line: 10, column: "msrp", reason: "msrp must be a dollar amount such as 45990 or 45990.00" },
        { line: 11, column: "deal_id", reason: 'deal_id may not start with "demo-" (reserved for the demo set)' },
      ],
    });
    expect(await count()).toBe(0);
  });

  it("reports every fault of a row, each naming its column, so one run shows all that needs fixing", async () => {
    const sixFaults = `${HEADER}\nok-1,,2025,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,\nx 1,,2019,Mazda,CX-5,2.5 S,PR,31000,9000,rental,2025-02-30,Demo\n`;
    const result = await importDeals(t.db, sixFaults);
    expect(result).toEqual({
      ok: false,
      rows: 2,
      badRows: 1,
      errors: [
        { line: 3, column: "deal_id", reason: "deal_id must be 1-64 of A-Z a-z 0-9 . _ : -" },
        { line: 3, column: "year", reason: "year must be between 2020 and 2030" },
        { line: 3, column: "state", reason: "state must be a 2-letter US state code (50 states or DC)" },
        { line: 3, column: "deal_type", reason: "deal_type must be lease, cash or finance" },
        { line: 3, column: "purchase_date", reason: "purchase_date: 2025-02-30 is not a real date" },
        { line: 3, column: "source", reason: 'source "demo" is reserved for the demo set' },
        { line: 3, column: "selling_price", reason: "selling_price must be within 50-150 % of msrp" },
      ],
    });
    // Rules between columns are checked once each column they read is valid on its own.
    const early = await importDeals(t.db, `${HEADER}\nok-2,,2025,Mazda,CX-5,2.5 S,CA,31000,9000,cash,2023-03-02,\n`);
    expect(early.ok === false && "errors" in early && early.errors.map((e) => e.reason)).toEqual([
      "selling_price must be within 50-150 % of msrp",
      "purchase_date is before 2023-07-01, too early for a 2025 model",
    ]);
  });

  it("counts rows read as good plus bad: a ragged or unreadable row is one bad row among the rest", async () => {
    const ragged = `${HEADER}\nr-1,,2019,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,\nr-2,,2025,Mazda\nr-3,,2025,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,\nr-4,,2025,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,,extra\n`;
    expect(await importDeals(t.db, ragged)).toEqual({
      ok: false,
      rows: 4,
      badRows: 3,
      errors: [
        { line: 2, column: "year", reason: "year must be between 2020 and 2030" },
        { line: 3, reason: "the row has 4 fields, the header 12" },
        { line: 5, reason: "the row has 13 fields, the header 12" },
      ],
    });
    const unclosed = await importDeals(
      t.db,
      `${HEADER}\nu-1,,2019,Mazda,CX-5,2.5 S,CA,31000,29450,cash,2025-03-02,\n"u-2,,2025\n`,
    );
    expect(unclosed).toMatchObject({ ok: false, rows: 2, badRows: 2 });
    expect(unclosed.ok === false && "errors" in unclosed && unclosed.errors[1].reason).toMatch(/^unreadable CSV/);
    expect(await count()).toBe(0);
  });

  it("is all-or-nothing: one bad row among good ones changes nothing already stored", async () => {
    await importDeals(t.db, good);
    const before = await t.db.deal.findMany({ orderBy: { id: "asc" } });
    const mixed = `${HEADER}\nacme-1001,,2025,Mazda,CX-5,2.5 S,CA,31000,20000.5,finance,2025-03-02,\nacme-2000,,2025,Mazda,CX-5,2.5 S,CA,31000,-5,finance,2025-03-02,\n`;
    const result = await importDeals(t.db, mixed);
    expect(result).toEqual({
      ok: false,
      rows: 2,
      badRows: 1,
      errors: [
        {
          line: 3,
          column: "selling_price",
          reason: "selling_price must be a dollar amount such as 45990 or 45990.00",
        },
      ],
    });
    expect(await t.db.deal.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("updates on re-import instead of duplicating, keeping created-at, and moves slices", async () => {
    await importDeals(t.db, good);
    const first = await t.db.deal.findUnique({ where: { id: "acme-1001" } });
    const again = await importDeals(t.db, good);
    expect(again.ok && again.summary).toMatchObject({ created: 0, updated: 7 });
    expect(await count()).toBe(7);
    // acme-1001 moves from the 2025 CX-5 to a 2025 CX-50: both slices are refreshed
    const moved = `${HEADER}\nacme-1001,,2025,mazda,cx 50,2.5 S Select,CA,30500,29000,finance,2025-03-02,\n`;
    expect((await importDeals(t.db, moved)).ok).toBe(true);
    expect(await count()).toBe(7);
    const after = await t.db.deal.findUnique({ where: { id: "acme-1001" } });
    expect(after?.createdAt).toEqual(first?.createdAt);
    expect(after).toMatchObject({ model: "cx 50", modelSlug: "cx-50", make: "Mazda", sellingPrice: 29000 });
    const cx5 = await aggregatePricing(t.db, { makeSlug: "mazda", modelSlug: "cx-5", year: 2025, state: null });
    expect(cx5.found && cx5.pricing.sampleSize).toBe(4);
  });

  it("adopts the stored spelling of a known make/model", async () => {
    await importDeals(t.db, good);
    const shouty = `${HEADER}\nacme-3000,,2025,MAZDA,Cx-5,2.5 S,CA,31000,29000,finance,2025-03-02,\n`;
    await importDeals(t.db, shouty);
    expect(await t.db.deal.findUnique({ where: { id: "acme-3000" } })).toMatchObject({ make: "Mazda", model: "CX-5" });
  });

  it("refuses a file that is not a deal file as a whole, counting no bad rows", async () => {
    const typo = await importDeals(t.db, HEADER.replace("selling_price", "sale_price") + "\n");
    expect(typo).toEqual({ ok: false, refused: expect.stringContaining("unknown column: sale_price") });
    const missing = await importDeals(t.db, "deal_id,year\nx,2025\n");
    expect(missing.ok === false && "refused" in missing && missing.refused).toMatch(/^missing columns: make, model/);
    const empty = await importDeals(t.db, `${HEADER}\n`);
    expect(empty.ok === false && "refused" in empty && empty.refused).toMatch(/no deal rows/);
    expect(await importDeals(t.db, "")).toEqual({ ok: false, refused: expect.stringMatching(/the file is empty/) });
    // Another delimiter: the reason names the one found and the header expected, and no row is judged.
    const semicolons = good.replaceAll(",", ";");
    expect(await importDeals(t.db, semicolons)).toEqual({
      ok: false,
      refused: `the header row is separated by ";", but a deal file is comma-separated: expected the header row ${HEADER}`,
    });
    const tabs = await importDeals(t.db, good.replaceAll(",", "\t"));
    expect(tabs.ok === false && "refused" in tabs && tabs.refused).toMatch(/^the header row is separated by tab,/);
    // No header at all: the first deal is not taken for one.
    const headless = await importDeals(t.db, good.split("\n").slice(1).join("\n"));
    expect(headless.ok === false && "refused" in headless && headless.refused).toMatch(
      new RegExp(
        `^the first line is not a header row of a deal file \\(found "acme-1001,.*"\\): expected the header row ${HEADER}$`,
      ),
    );
    expect(await count()).toBe(0);
  });

  it("--replace-demo drops the demo set in the same transaction and keeps it from coming back", async () => {
    await seedDemoDeals(t.db, 500);
    expect(await count()).toBe(500);
    const result = await importDeals(t.db, good, { replaceDemo: true });
    expect(result.ok && result.summary.demoRemoved).toBe(500);
    expect(await count()).toBe(7);
    expect((await t.db.setting.findUnique({ where: { key: DEMO_MARKER_KEY } }))?.value).toBe("removed");
    expect(await seedDemoDeals(t.db, 500)).toEqual({ seeded: false, reason: "demo_removed" });
    const rows = await t.db.dealSummary.aggregate({ _sum: { dealCount: true, demoCount: true } });
    expect(rows._sum).toEqual({ dealCount: 7, demoCount: 0 });
  });

  it("a transaction refused by a passing fault (the lock held past the busy timeout) is run again; another error is not", async () => {
    // The first transaction the import starts fails as a lock past its timeout would, or with `failure`.
    const failingOnce = (failure: Error) => {
      let failed = 0;
      const db = new Proxy(t.db, {
        get(target, name, receiver) {
          if (name !== "$transaction") return Reflect.get(target, name, receiver);
          return (...args: Parameters<Db["$transaction"]>) =>
            failed++ === 0 ? Promise.reject(failure) : (target.$transaction as (...a: unknown[]) => unknown)(...args);
        },
      });
      return { db, attempts: () => failed };
    };
    const locked = failingOnce(new DatabaseUnavailableError("database is locked", "locked"));
    const result = await importDeals(locked.db, Readable.from([good]));
    expect(result).toMatchObject({ ok: true, summary: { rows: 7, created: 7 } });
    expect(await count()).toBe(7);

    const broken = failingOnce(new Error("a bug, not a fault"));
    await expect(importDeals(broken.db, Readable.from([good]))).rejects.toThrow("a bug, not a fault");
    expect(broken.attempts()).toBe(1);
  });
});
