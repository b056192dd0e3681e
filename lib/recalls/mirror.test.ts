/**
 * A sync in another process (the job runner) publishes new campaigns while this process holds the mirror's index
 * derived before it. Until the new index is derived (seconds for full files), answers come from the store, never
 * from the old index under the new sync's date: that was a false "0 recalls" for a vehicle the sync newly covered.
 */
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { resetConfigForTests } from "../config";
import { bumpDataVersion } from "../db/data-version";
import { db } from "../db";
import type { RecallRecord } from "./record";
import { mirrorRecalls } from "./mirror";
import { writeRecalls } from "./store";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  process.env.LOG_LEVEL = "silent";
  process.env.NHTSA_API_BASE_URL = "off";
  process.env.SYNC_RECALLS_FILES = "FLAT_RCL.zip";
  temp = createTempDb();
  resetConfigForTests();
});
afterAll(async () => {
  await temp.cleanup();
  delete process.env.NHTSA_API_BASE_URL;
  delete process.env.SYNC_RECALLS_FILES;
  resetConfigForTests();
});

const record = (campaignNumber: string, model: string): RecallRecord => ({
  campaignNumber,
  make: "CHEVROLET",
  model,
  year: 2020,
  component: "STEERING",
  manufacturer: "General Motors LLC",
  summary: `Summary of ${campaignNumber}`,
  consequence: "Crash risk.",
  remedy: "Dealers will repair.",
  notes: "",
  reportReceivedDate: "2020-03-01",
  parkIt: false,
  parkOutside: false,
  overTheAirUpdate: null,
  potentiallyAffected: 100,
});

/**
 * What a sync in another process does: publish the file's rows with the data set's stamp in one transaction
 * (not changeDataSet, which would tell this process it wrote them), then record its success.
 */
async function syncElsewhere(records: RecallRecord[], at: Date): Promise<void> {
  await db().$transaction(async (tx) => {
    await writeRecalls(tx, records, "flat_rcl", at);
    await bumpDataVersion(tx, "recalls");
  });
  const state = JSON.stringify({
    files: {
      "FLAT_RCL.zip": {
        etag: null,
        lastModified: null,
        importedAt: at.toISOString(),
        rows: 1,
        campaigns: 1,
        maxModelYear: 2020,
      },
    },
  });
  await db().jobStatus.upsert({
    where: { name: "recalls" },
    create: { name: "recalls", lastSuccessAt: at, lastFinishedAt: at, lastOutcome: "ok", state },
    update: { lastSuccessAt: at, lastFinishedAt: at, lastOutcome: "ok", state },
  });
}

test("right after a sync elsewhere, a vehicle it newly covered is answered with its campaigns, not zero", async () => {
  const silverado = { year: 2020, make: "Chevrolet", model: "Silverado" };
  const malibu = { year: 2020, make: "Chevrolet", model: "Malibu" };
  const first = new Date();
  await syncElsewhere([record("20V100000", "SILVERADO")], first);
  // Offline the first answer waits for the index: it is now held, derived from the first sync.
  const before = await mirrorRecalls(malibu, first);
  expect(before?.stored.items).toEqual([]);
  expect((await mirrorRecalls(silverado, first))?.stored.items.map((i) => i.campaignNumber)).toEqual(["20V100000"]);

  const second = new Date(first.getTime() + 6_000);
  await syncElsewhere([record("20V200000", "MALIBU")], second);
  // The mirror's status is read again (past its 5 s recheck); the held index is still the first sync's.
  const after = await mirrorRecalls(malibu, second);
  expect(after?.asOf).toEqual(second);
  expect(after?.stored.items.map((i) => i.campaignNumber)).toEqual(["20V200000"]);

  // Once the new index is derived (its stamp rechecked within a second), it answers the same.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  await mirrorRecalls(malibu, second);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await mirrorRecalls(malibu, second))?.stored.items.map((i) => i.campaignNumber)).toEqual(["20V200000"]);
}, 30_000);
