/**
 * The dealer API over HTTP against the built app, with the manufacturers faked on loopback: the 401 cases,
 * the PDF and its headers, every status and reason, the check, provision's limits and modes, and usage.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp, type TestApp } from "./support/app";
import { startFakeManufacturer, type FakeManufacturer } from "./fixtures/fake-manufacturer";
import { fordSticker, gmSticker, scannedSticker, toyotaStickerNotAddingUp } from "./fixtures/sticker-pdfs";
import { resetConfigForTests } from "../lib/config";
import { db, disconnectDb } from "../lib/db";
import { issueKey, listKeys, revokeKey } from "../lib/dealers";
import { computeCheckDigit } from "../lib/vin";
import { vinscopeCommand } from "./support/vinscope-cli";

let app: TestApp;
let fake: FakeManufacturer;
let key: string;
let keyId: string;
const archiveDir = mkdtempSync(path.join(tmpdir(), "vinscope-archive-"));

beforeAll(async () => {
  fake = await startFakeManufacturer({ slowMs: 4000 });
  app = await startApp({
    env: {
      ...fake.env(),
      STICKER_ARCHIVE_DIR: archiveDir,
      LOG_LEVEL: "info",
      STICKER_TIMEOUT_MS: "1500",
      STICKER_CHECK_TIMEOUT_MS: "1000",
      STICKER_HOST_INTERVAL_MS: "0",
      STICKER_HOST_CONCURRENCY: "4",
    },
  });
  // This process talks to the app's database directly to issue, revoke and expire keys.
  process.env.DATABASE_URL = app.database.url;
  resetConfigForTests();
  const issued = await issueKey({ name: "Integration Motors", email: "it@motors.example", location: "Boise, ID" });
  key = issued.key;
  keyId = issued.record.id;
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  await app?.stop();
  await fake?.stop();
  rmSync(archiveDir, { recursive: true, force: true });
});

let serial = 0;
function vin(descriptor: string): string {
  serial++;
  const raw = `${descriptor}${String(300000 + serial).slice(-6)}`;
  return raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
}
const GM = "1GCUYDED0NZ";
const FORD = "1FTFW1E50PF";
const TOYOTA = "JTDKARFU0J3";

const sticker = (v: string, opts: { key?: string | null; format?: string } = {}) =>
  fetch(
    `${app.url}/api/dealer/v1/window-sticker?vin=${encodeURIComponent(v)}${opts.format ? `&format=${opts.format}` : ""}`,
    {
      headers: opts.key === null ? {} : { "x-api-key": opts.key ?? key },
    },
  );

const provision = (body: unknown, raw = false) =>
  fetch(`${app.url}/api/dealer/v1/provision`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: raw ? (body as string) : JSON.stringify(body),
  });

describe("keys", () => {
  test("missing, unknown, revoked and expired keys → 401 with a reason", async () => {
    const v = vin(TOYOTA);
    const missing = await sticker(v, { key: null });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: 401, reason: "missing_key" });

    const unknown = await sticker(v, { key: "vsk_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    expect(await unknown.json()).toMatchObject({ reason: "invalid_key" });

    const other = await issueKey({ name: "Soon Revoked", email: "r@r.example" });
    expect((await sticker(v, { key: other.key, format: "check" })).status).toBe(200);
    await revokeKey(other.record.prefix);
    const revoked = await sticker(v, { key: other.key, format: "check" });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ reason: "revoked_key" });

    const lapsed = await issueKey({ name: "Lapsed", email: "l@l.example" });
    await db().dealerKey.update({ where: { id: lapsed.record.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await sticker(v, { key: lapsed.key, format: "check" });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ reason: "expired_key" });
  });

  test("a revocation holds from the next request on every instance sharing the database", async () => {
    const second = await startApp({
      env: { ...fake.env(), STICKER_ARCHIVE_DIR: archiveDir, DATABASE_URL: app.database.url },
    });
    try {
      const { key: shared, record } = await issueKey({ name: "Two Rooftops", email: "two@r.example" });
      const check = (base: string) =>
        fetch(`${base}/api/dealer/v1/window-sticker?vin=${vin(TOYOTA)}&format=check`, {
          headers: { "x-api-key": shared },
        });
      expect((await check(app.url)).status).toBe(200);
      expect((await check(second.url)).status).toBe(200);
      await revokeKey(record.id);
      expect((await check(second.url)).status).toBe(401);
      expect((await check(app.url)).status).toBe(401);
    } finally {
      await second.stop();
    }
  }, 90_000);
});

describe("GET /api/dealer/v1/window-sticker", () => {
  test("the manufacturer's PDF, intact, with the dealer headers", async () => {
    const v = vin(GM);
    fake.set(v, "pdf");
    const res = await sticker(v.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${v}.pdf"`);
    const body = Buffer.from(await res.arrayBuffer());
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    expect(sha(body)).toBe(sha(fake.pdfFor(v)));
    // Served from the archive the second time, without asking the manufacturer.
    const hits = fake.requests.length;
    const again = await sticker(v);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    expect(fake.requests.length).toBe(hits);
  });

  test.each([
    ["placeholder", 404, "not_found"],
    ["html", 404, "not_found"],
    ["json_error", 404, "not_found"],
    ["empty", 404, "not_found"],
    ["slow", 502, "fetch_error"],
    ["server_error", 502, "fetch_error"],
  ] as const)("%s → %i %s", async (scenario, status, reason) => {
    const v = vin(FORD);
    fake.set(v, scenario);
    const res = await sticker(v);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status, reason });
  });

  test("an unsupported make with nothing archived → 404 not_supported", async () => {
    const res = await sticker(vin(TOYOTA));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      reason: "not_supported",
      supported: expect.arrayContaining(["Ford / Lincoln"]),
    });
  });

  test("a bad VIN → 400, and a VIN that tries to change the URL never reaches a manufacturer", async () => {
    const hits = fake.requests.length;
    for (const bad of ["1GCUYDED9NZ12345", "1GCUYDED9NZ1234Q6", "1GCUY/../../x?a=#", "1GCUYDED9NZ1@evil.example"]) {
      const res = await sticker(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ reason: "invalid_vin", param: "vin" });
    }
    const missing = await fetch(`${app.url}/api/dealer/v1/window-sticker`, { headers: { "x-api-key": key } });
    expect(missing.status).toBe(400);
    expect(fake.requests.length).toBe(hits);
  });

  test("format=check → the 2.9 JSON", async () => {
    const v = vin(GM);
    fake.set(v, "pdf");
    const available = await sticker(v, { format: "check" });
    expect(available.status).toBe(200);
    expect(await available.json()).toEqual({
      available: true,
      manufacturer: "GM (Chevrolet, GMC, Buick, Cadillac)",
      brand: "Chevrolet",
      reason: null,
    });
    const none = vin(GM);
    fake.set(none, "json_error");
    expect(await (await sticker(none, { format: "check" })).json()).toMatchObject({
      available: false,
      reason: "not_found",
    });
    const toyota = await (await sticker(vin(TOYOTA), { format: "check" })).json();
    expect(toyota).toMatchObject({
      available: false,
      manufacturer: "Toyota / Lexus",
      brand: "Toyota",
      reason: "not_supported",
    });
    expect(toyota.supported).toHaveLength(5);
  });
});

describe("POST /api/dealer/v1/provision", () => {
  const many = (n: number) => Array.from({ length: n }, () => vin(GM));

  test("limits: 500 pass, 501 is a 400 naming the limit; live 25 pass, 26 do not", async () => {
    const ok = await provision({ vins: many(500) });
    expect(ok.status).toBe(200);
    expect((await ok.json()).results).toHaveLength(500);

    const over = await provision({ vins: many(501) });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ reason: "batch_too_large", param: "vins", limit: 500 });

    const live = many(25);
    live.forEach((v) => fake.set(v, "json_error"));
    const liveOk = await provision({ vins: live, live: true });
    expect(liveOk.status).toBe(200);
    const liveBody = await liveOk.json();
    expect(liveBody.mode).toBe("live");
    expect(liveBody.results).toHaveLength(25);

    const liveOver = await provision({ vins: many(26), live: true });
    expect(liveOver.status).toBe(400);
    expect(await liveOver.json()).toMatchObject({
      reason: "batch_too_large",
      limit: 25,
      detail: expect.stringContaining("25"),
    });
  });

  test.each([
    ["not JSON", "{vins:", true],
    ["vins missing", {}, false],
    ["vins empty", { vins: [] }, false],
    ["vins not strings", { vins: [17] }, false],
    ["vins not an array", { vins: "1GCUYDED9NZ123456" }, false],
    ["live not a boolean", { vins: ["1GCUYDED9NZ123456"], live: "yes" }, false],
  ])("%s → 400", async (_what, body, raw) => {
    const res = await provision(body, raw);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
  });

  test("default mode with decode: statuses, vehicle fields, one entry per submitted VIN in order, a note", async () => {
    const gm = vin(GM);
    const toyota = vin(TOYOTA);
    const res = await provision({ vins: [gm, toyota, gm.toLowerCase(), "TOO-SHORT", gm, "TOO-SHORT"], decode: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mode).toBe("wmi");
    expect(body.note).toContain("WMI");
    expect(body.results.map((r: { vin: string }) => r.vin)).toEqual([gm, toyota, gm, "TOO-SHORT", gm, "TOO-SHORT"]);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual([
      "supported",
      "not_supported",
      "supported",
      "invalid_vin",
      "supported",
      "invalid_vin",
    ]);
    expect(body.results[0].vehicle).toEqual({ year: 2022, make: "Chevrolet", model: "Silverado LTD", trim: "LT" });
    expect(body.results[4]).toEqual(body.results[0]);
    expect(body.results[1].vehicle).toMatchObject({ make: "Toyota", model: "Prius" });
    expect(body.results[3].vehicle).toBeNull();
  });

  test("500 submitted VINs with 21 distinct answer 500 entries in order; live probes each distinct VIN once", async () => {
    const distinct = Array.from({ length: 21 }, () => vin(GM));
    const submitted = Array.from({ length: 500 }, (_, i) => distinct[(i * 7) % 21]);
    const body = await (await provision({ vins: submitted })).json();
    expect(body.results.map((r: { vin: string }) => r.vin)).toEqual(submitted);

    const probed = vin(GM);
    fake.set(probed, "pdf");
    const asked = () => fake.requests.filter((r) => r.vin === probed).length;
    const live = await (await provision({ vins: [probed, vin(TOYOTA), probed, probed], live: true })).json();
    expect(live.results.map((r: { status: string }) => r.status)).toEqual([
      "available",
      "unknown",
      "available",
      "available",
    ]);
    expect(asked()).toBe(1);
  });

  test("a China-market GM VIN (decoded at WMI level only): not_supported by default, unknown live, reason wmi_only; GM is not asked", async () => {
    const chinaMarket = "LSGPC52U6AF102554";
    const before = fake.requests.length;
    for (const live of [false, true]) {
      const body = await (await provision({ vins: [chinaMarket], live })).json();
      expect(body.results).toEqual([
        {
          vin: chinaMarket,
          // The live statuses are exactly available, fallback, unknown and invalid_vin (SPEC §2.10, §4.2).
          status: live ? "unknown" : "not_supported",
          reason: "wmi_only",
          brand: "Cadillac",
          manufacturer: expect.stringContaining("GM"),
        },
      ]);
    }
    expect(fake.requests.length).toBe(before);
  });

  test("live mode: available and fallback and unknown", async () => {
    const available = vin(GM);
    fake.set(available, "pdf");
    const unknown = vin(FORD);
    fake.set(unknown, "slow");
    const res = await provision({ vins: [available, unknown, vin(TOYOTA)], live: true });
    const body = await res.json();
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["available", "unknown", "unknown"]);
    // An unsupported make (Toyota) is not asked: unknown, saying why, as the spec's live statuses allow.
    expect(body.results[2]).toMatchObject({ status: "unknown", reason: "not_supported" });
    // The PDF found live is archived: next time the manufacturer's silence falls back to it.
    fake.set(available, "html");
    const again = await (await provision({ vins: [available], live: true })).json();
    expect(again.results[0]).toMatchObject({ status: "fallback", reason: "not_found" });
  });

  test("keys never reach the log", async () => {
    expect(app.output()).toContain('"route":"provision"');
    expect(app.output()).not.toContain(key.slice(17));
    expect(app.output()).not.toContain(key);
  });

  test("requests and VINs are counted against the key's day", async () => {
    const listed = (await listKeys()).find((k) => k.id === keyId)!;
    expect(listed.today.requests).toBeGreaterThan(10);
    expect(listed.today.vins).toBeGreaterThan(500);
  });
});

describe("window-sticker build data (format=build)", () => {
  const root = path.resolve(__dirname, "..");

  /** `vinscope import stickers <dir> --json` against the app's database and archive, as an operator runs it. */
  function importStickers(dir: string): Promise<{ code: number; lines: Record<string, unknown>[] }> {
    return new Promise((resolve) => {
      execFile(
        ...vinscopeCommand("import", "stickers", dir, "--json"),
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? "",
            HOME: process.env.HOME ?? "",
            ...app.env,
          } as unknown as NodeJS.ProcessEnv,
          timeout: 60_000,
        },
        (error, stdout) =>
          resolve({
            code: error ? Number(error.code ?? 1) : 0,
            lines: stdout
              .split("\n")
              .filter((l) => l.startsWith("{"))
              .map((l) => JSON.parse(l) as Record<string, unknown>),
          }),
      );
    });
  }

  test("after `vinscope import stickers`, format=build answers what the label says, consistent or not", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vinscope-stickers-"));
    const ford = vin(FORD);
    const gm = vin(GM);
    const toyota = vin(TOYOTA);
    const scan = vin(GM);
    writeFileSync(path.join(dir, `${ford}.pdf`), await fordSticker());
    writeFileSync(path.join(dir, `${gm.toLowerCase()}.pdf`), await gmSticker());
    writeFileSync(path.join(dir, `${toyota}.pdf`), await toyotaStickerNotAddingUp());
    writeFileSync(path.join(dir, `${scan}.pdf`), await scannedSticker());
    const imported = await importStickers(dir);
    expect(imported.code).toBe(0);
    expect(imported.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vin: ford, build: "parsed", consistent: true }),
        expect.objectContaining({ vin: toyota, build: "parsed", consistent: false }),
        expect.objectContaining({ vin: scan, build: "no_text", consistent: null }),
        expect.objectContaining({ imported: 4, skipped: 0 }),
      ]),
    );
    rmSync(dir, { recursive: true, force: true });

    const before = fake.requests.length;
    const res = await sticker(ford, { format: "build" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toEqual({
      vin: ford,
      source: "archive",
      build: {
        baseMsrp: 45_000,
        options: [
          { name: "EQUIPMENT GROUP 302A HIGH", msrp: 4_200 },
          { name: "AGATE BLACK METALLIC", msrp: 0 },
          { name: "SPRAY-IN BEDLINER", msrp: 595 },
          { name: "FX4 OFF-ROAD PACKAGE", msrp: 1_095 },
        ],
        destinationCharge: 1_995,
        totalMsrp: 52_885,
        exteriorColor: "AGATE BLACK METALLIC",
        interiorColor: "BLACK ACTIVEX SEATING SURFACES",
        engine: "2.7L V6 ECOBOOST",
        transmission: "10-SPEED AUTOMATIC",
        fuelEconomy: { city: 19, highway: 25, combined: 21 },
        assemblyPoint: "DEARBORN, MI, U.S.A.",
      },
      parsed: {
        status: "parsed",
        consistent: true,
        difference: 0,
        parserVersion: expect.any(Number),
        parsedAt: expect.any(String),
      },
    });

    expect(await (await sticker(gm, { format: "build" })).json()).toMatchObject({
      build: { baseMsrp: 48_700, totalMsrp: 55_630, exteriorColor: "Summit White" },
      parsed: { consistent: true },
    });
    // Toyota is not a supported make, but an archived copy is served for any make.
    expect(await (await sticker(toyota, { format: "build" })).json()).toMatchObject({
      build: { baseMsrp: 33_450, totalMsrp: 36_874 },
      parsed: { status: "parsed", consistent: false, difference: 100 },
    });
    expect(await (await sticker(scan, { format: "build" })).json()).toMatchObject({
      build: { baseMsrp: null, options: [], totalMsrp: null },
      parsed: { status: "no_text", consistent: null },
    });
    // All answered from the archive and the stored parse: no manufacturer was asked.
    expect(fake.requests.length).toBe(before);

    // Provision with decode: true carries the same build data; a VIN with nothing archived has null.
    const bare = vin(FORD);
    const provisioned = await provision({ vins: [ford, bare, scan], decode: true });
    expect(provisioned.status).toBe(200);
    const results = (await provisioned.json()).results;
    expect(results[0].build).toEqual(body.build);
    expect(results[1].build).toBeNull();
    expect(results[2].build).toBeNull();
  });

  test("format=build for a VIN no one has a sticker for is the PDF's 404", async () => {
    const v = vin(FORD);
    fake.set(v, "html");
    const res = await sticker(v, { format: "build" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ reason: "not_found" });
  });
});
