/**
 * Live vPIC enrichment against a fake vPIC API on loopback and a real (SQLite) database.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateDatabase } from "../../tests/support/test-database";
import { parseVin } from "./vin-param";
import { resetConfigForTests } from "../config";
import { db } from "../db";
import { drainDeferredWrites } from "../db/write-behind";
import {
  asksVpic,
  closeEnrichment,
  decodeVinEnrichedWith,
  elementsLackingIn,
  finishDecode,
  planDecode,
  resetEnrichmentForTests,
} from "./enrichment";
import { buildSyntheticVpic, withCheckDigit } from "../../tests/support/synthetic-vpic";
import { loadVpicData, type VpicData } from "./vpic-data";

let data: VpicData;
let server: Server;
let baseUrl: string;
let requests: string[] = [];
let delayMs = 0;
let status = 200;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "enrich-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "test.db")}`;
  process.env.LOG_LEVEL = "silent";
  migrateDatabase(process.env.DATABASE_URL);
  data = loadVpicData(buildSyntheticVpic());
  data.lossy = true; // behave like corgi's cut: elements with no patterns are fetched live
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const vin = decodeURIComponent((req.url ?? "").split("/").pop()!.split("?")[0]);
    setTimeout(() => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          Count: 1,
          Message: "Results returned successfully",
          SearchCriteria: `VIN:${vin}`,
          Results: [
            {
              VIN: vin,
              DriveType: "AWD/All-Wheel Drive",
              TransmissionStyle: "Automatic",
              Model: "Not ours",
              Trim: "",
              ...(/^TST[HW]/.test(vin)
                ? { ABS: "Optional", ElectrificationLevel: "PHEV (Plug-in Hybrid Electric Vehicle)", Seats: "2" }
                : {}),
            },
          ],
        }),
      );
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}, 60_000);

afterAll(async () => {
  await closeEnrichment();
  await db().$disconnect();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  delayMs = 0;
  status = 200;
  process.env.VPIC_API_BASE_URL = baseUrl;
  process.env.VPIC_API_TIMEOUT_MS = "300";
  resetConfigForTests();
  resetEnrichmentForTests();
});

const vin = (template: string) => parseVin(withCheckDigit(template));

it("knows which elements the local data lacks", () => {
  expect(elementsLackingIn(data).has("TransmissionStyle")).toBe(true);
});

it("fills only what the local data lacks, asks NHTSA once per descriptor and caches it", async () => {
  const first = await decodeVinEnrichedWith(data, vin("TSTAXXLX0KP123456"));
  expect(first.ok && first.decoded.driveType).toBe("AWD");
  expect(first.ok && first.decoded.transmission).toBe("Automatic");
  expect(first.ok && first.elements.Model).toBe("Beta"); // local answers are never overwritten
  expect(requests).toEqual([
    expect.stringMatching(/^\/api\/vehicles\/DecodeVinValues\/TSTAXXLX.KP123456\?format=json$/),
  ]);

  await drainDeferredWrites();
  const row = await db().sourceAnswer.findUnique({
    where: { source_key: { source: "vpic", key: "TSTAXXLX*KP" } },
  });
  expect(JSON.parse(row!.payload)).toEqual({ DriveType: "AWD/All-Wheel Drive", TransmissionStyle: "Automatic" });

  // A new process (a fresh index of stored answers) reads it from the database, and asks NHTSA no more.
  resetEnrichmentForTests();
  (globalThis as { __vinscopeAnswerIndex?: unknown }).__vinscopeAnswerIndex = undefined;
  const sameDescriptor = await decodeVinEnrichedWith(data, vin("TSTAXXLX0KP999999"));
  expect(sameDescriptor.ok && sameDescriptor.decoded.driveType).toBe("AWD");
  expect(requests).toHaveLength(1);
});

it("answers from local data at the deadline when NHTSA is slow, and fills the cache later", async () => {
  delayMs = 1200;
  const started = Date.now();
  const results = await Promise.all([1, 2, 3].map(() => decodeVinEnrichedWith(data, vin("TSTBXXLX0KP123456"))));
  expect(Date.now() - started).toBeLessThan(1000);
  for (const r of results) expect(r.ok && r.decoded.driveType).toBeNull();
  expect(r0(results).elements.Trim).toBe("New");
  expect(requests).toHaveLength(1); // concurrent decodes share one request

  await closeEnrichment();
  const later = await decodeVinEnrichedWith(data, vin("TSTBXXLX0KP123456"));
  expect(later.ok && later.decoded.transmission).toBe("Automatic");
  expect(requests).toHaveLength(1);
});

it("says, with the local decode, when finishing it asks NHTSA, and not when the answer is known", async () => {
  delayMs = 100;
  const plan = await planDecode(vin("TSTFXXLX0KP123456"), data);
  expect(asksVpic(plan)).toBe(true);
  if (!plan.local.ok) throw new Error("expected a local decode");
  expect(plan.local.descriptor).toBe("TSTFXXLX*KP");
  const first = await finishDecode(plan);
  if (!first.ok) throw new Error("expected a decode");
  expect(first.decoded.transmission).toBe("Automatic");

  // Known now: the same descriptor does not ask.
  expect(asksVpic(await planDecode(vin("TSTFXXLX0KP654321"), data))).toBe(false);
  process.env.VPIC_API_BASE_URL = "off";
  resetConfigForTests();
  expect(asksVpic(await planDecode(vin("TSTGXXLX0KP123456"), data))).toBe(false);
  expect(requests).toHaveLength(1);
});

it("answers from local data when NHTSA fails, without caching the failure", async () => {
  status = 503;
  const r = await decodeVinEnrichedWith(data, vin("TSTC1XLX0KP123456"));
  expect(r.ok && r.decoded.transmission).toBeNull();
  await drainDeferredWrites();
  expect(
    await db().sourceAnswer.findUnique({ where: { source_key: { source: "vpic", key: "TSTC1XLX*KP" } } }),
  ).toBeNull();
});

it("fills decoded.extended from NHTSA's live answer where the local decode has nothing, marked live", async () => {
  // The fake answers ABS Optional, PHEV and 2 seats for TSTH… and TSTW… VINs.
  const live = await decodeVinEnrichedWith(data, vin("TSTHXXLX0KP123456"));
  if (!live.ok) throw new Error("expected a decode");
  expect(live.decoded.extended.safety.abs).toEqual({ value: "optional", source: "live" });
  expect(live.decoded.extended.electrification.level).toEqual({ value: "PHEV", source: "live" });
  expect(live.decoded.extended.body.seats).toEqual({ value: 2, source: "live" });
  expect(live.decoded.extended.safety.laneKeepingAssist).toBeNull();

  // Where the local data decodes an element, its answer stands (and says local).
  const local = await decodeVinEnrichedWith(data, vin("TSTWXXLX0KP123456"));
  if (!local.ok) throw new Error("expected a decode");
  expect(local.decoded.extended.safety.abs).toEqual({ value: "standard", source: "local" });
  expect(local.decoded.extended.body.seats).toEqual({ value: 5, source: "local" });
});

it("does nothing when VPIC_API_BASE_URL is off", async () => {
  process.env.VPIC_API_BASE_URL = "off";
  resetConfigForTests();
  const r = await decodeVinEnrichedWith(data, vin("TSTEXXLX0KP123456"));
  expect(r.ok && r.decoded.driveType).toBeNull();
  expect(requests).toHaveLength(0);
});

function r0(results: Awaited<ReturnType<typeof decodeVinEnrichedWith>>[]) {
  const r = results[0];
  if (!r.ok) throw new Error("expected a decode");
  return r;
}
