/**
 * Window-sticker service and provision against a fake manufacturer service on loopback, with a fresh
 * database and archive folder: every status and reason of the availability check, provision and their errors.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import {
  refusedPort,
  startFakeManufacturer,
  type FakeManufacturer,
  type Scenario,
} from "../../tests/fixtures/fake-manufacturer";
import { makeStickerPdf } from "../../tests/fixtures/make-pdf";
import { fordSticker, gmSticker } from "../../tests/fixtures/sticker-pdfs";
import { createTempDb, type TempDb } from "../../tests/fixtures/temp-db";
import { isApiError } from "../contract/errors";
import { parseVin } from "../vin";
import { type Vin } from "../vin";
import { db } from "../db";
import { drainDeferredWrites } from "../db/write-behind";
import { computeCheckDigit, decodeVin } from "../vin";
import { archivePath, archiveSticker } from "./archive";
import { resetFetchStateForTests } from "./fetch-sticker";
import { provision } from "./provision";
import { supportedLabels } from "./registry";
import { STICKER_PARSER_VERSION } from "./build-data";
import { checkWindowSticker, getWindowSticker, getWindowStickerBuild } from "./window-sticker";

let temp: TempDb;
let fake: FakeManufacturer;

function useFake(extra: Record<string, string> = {}) {
  temp.setEnv({
    ...fake.env(),
    STICKER_HOST_INTERVAL_MS: "0",
    STICKER_TIMEOUT_MS: "700",
    STICKER_CHECK_TIMEOUT_MS: "500",
    ...extra,
  });
  resetFetchStateForTests();
}

jest.setTimeout(20_000);

beforeAll(async () => {
  temp = createTempDb();
  fake = await startFakeManufacturer({ slowMs: 2500 });
  // The decoder loads the vPIC tables on first use (seconds on a busy machine): not inside a timed case.
  decodeVin(parseVin("1GCUYDED9NZ123456"));
}, 60_000);
beforeEach(() => useFake());
afterAll(async () => {
  await fake.stop();
  await temp.cleanup();
});

/** A valid VIN with this 11-character descriptor (check digit computed) and a fresh serial. */
let serial = 0;
function vin(descriptor: string): Vin {
  serial++;
  const raw = `${descriptor}${String(200000 + serial).slice(-6)}`;
  return parseVin(raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9));
}

const GROUP_VINS = {
  gm: "1GCUYDED0NZ",
  stellantis: "1C4RJFBG0NC",
  ford: "1FTFW1E50PF",
  hyundai: "KMHLM4AG0PU",
  genesis: "KMTG34TA0PU",
} as const;
const TOYOTA = "JTDKARFU0J3";
const KIA = "KNAE55LC0J6";
const HONDA = "1HGCV1F30LA";
/** A China-market GM (SAIC-GM, WMI LSG): vPIC maps the WMI to Cadillac, but its US-market data names no model. */
const CHINA_MARKET_GM = "LSGPC52U6AF102554";

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { status: error.status, ...error.extensions };
    throw error;
  }
  throw new Error("expected a problem");
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe.each(Object.entries(GROUP_VINS))("GET window sticker, %s", (group, descriptor) => {
  const withScenario = (scenario: Scenario) => {
    const v = vin(descriptor);
    fake.set(v, scenario);
    return v;
  };

  test("the manufacturer's PDF is served intact and archived content-addressed", async () => {
    const v = withScenario("pdf");
    const sticker = await getWindowSticker(v);
    expect(sticker.servedFrom).toBe(group);
    expect(sha(sticker.pdf)).toBe(sha(fake.pdfFor(v)));
    const file = archivePath(sticker.sha256);
    expect(readFileSync(file).equals(fake.pdfFor(v))).toBe(true);
    const row = await db().stickerArchive.findFirstOrThrow({ where: { vin: v } });
    expect(row).toMatchObject({ sha256: sha(fake.pdfFor(v)), bytes: fake.pdfFor(v).length, source: group });

    const before = fake.requests.length;
    const again = await getWindowSticker(v);
    expect(again.servedFrom).toBe("archive");
    expect(again.pdf.equals(sticker.pdf)).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  test.each(["placeholder", "html", "json_error", "empty", "small_text"] as const)(
    "%s → 404 not_found",
    async (scenario) => {
      const v = withScenario(scenario);
      expect(await problemOf(getWindowSticker(v))).toMatchObject({ status: 404, reason: "not_found" });
      expect(await db().stickerArchive.count({ where: { vin: v } })).toBe(0);
    },
  );

  test("slower than the deadline → 502 fetch_error", async () => {
    expect(await problemOf(getWindowSticker(withScenario("slow")))).toMatchObject({
      status: 502,
      reason: "fetch_error",
    });
  });

  test("refused connection → 502 fetch_error", async () => {
    const port = await refusedPort();
    useFake(
      Object.fromEntries(Object.entries(fake.env()).map(([k, u]) => [k, u.replace(`:${fake.port}`, `:${port}`)])),
    );
    expect(await problemOf(getWindowSticker(vin(descriptor)))).toMatchObject({ status: 502, reason: "fetch_error" });
  });
});

describe("window sticker: makes without a source", () => {
  test.each([
    ["Toyota", TOYOTA],
    ["Kia", KIA],
    ["Honda", HONDA],
  ])("%s with nothing archived → 404 not_supported, no request sent", async (_make, descriptor) => {
    const before = fake.requests.length;
    expect(await problemOf(getWindowSticker(vin(descriptor)))).toMatchObject({
      status: 404,
      reason: "not_supported",
      supported: supportedLabels(),
    });
    expect(fake.requests.length).toBe(before);
  });

  test("a VIN outside the US-market data of a supported group's make → 404 not_supported, its manufacturer not asked", async () => {
    const before = fake.requests.length;
    const problem = await problemOf(getWindowSticker(parseVin(CHINA_MARKET_GM)));
    expect(problem).toMatchObject({ status: 404, reason: "not_supported" });
    expect(await checkWindowSticker(parseVin(CHINA_MARKET_GM))).toMatchObject({
      available: false,
      brand: "Cadillac",
      reason: "not_supported",
    });
    expect(fake.requests.length).toBe(before);
  });

  test("an archived copy is served for any make", async () => {
    const v = vin(TOYOTA);
    const pdf = makeStickerPdf(v);
    await archiveSticker(v, pdf, "import");
    const sticker = await getWindowSticker(v);
    expect(sticker).toMatchObject({ servedFrom: "archive", sha256: sha(pdf) });
    expect(await checkWindowSticker(v)).toEqual({
      available: true,
      manufacturer: "Toyota / Lexus",
      brand: "Toyota",
      reason: null,
    });
  });

  test("Hyundai's service is asked with the decoded model", async () => {
    const v = vin(GROUP_VINS.hyundai);
    fake.set(v, "pdf");
    await getWindowSticker(v);
    expect(fake.requests.find((r) => r.vin === v)?.model).toBe("Elantra");
  });

  test("a bad VIN is a 400 naming the parameter", () => {
    for (const bad of ["1GCUYDED0NZ12345", "1GCUYDED0NZ1234O6", "1GCUYDED0NZ/../x", ""]) {
      try {
        parseVin(bad);
        throw new Error("accepted");
      } catch (error) {
        expect(isApiError(error) && error.status === 400 && error.extensions).toMatchObject({
          reason: "invalid_vin",
          param: "vin",
        });
      }
    }
    expect(parseVin(" 1gcuyded9nz123456 ")).toBe("1GCUYDED9NZ123456");
  });
});

describe("availability check (format=check)", () => {
  test("available: probed live, archived, and remembered for a day", async () => {
    const v = vin(GROUP_VINS.ford);
    fake.set(v, "pdf");
    expect(await checkWindowSticker(v)).toEqual({
      available: true,
      manufacturer: "Ford / Lincoln",
      brand: "Ford",
      reason: null,
    });
    expect(existsSync(archivePath(sha(fake.pdfFor(v))))).toBe(true);
  });

  test("not_found: the probe's answer is reused for a day", async () => {
    const v = vin(GROUP_VINS.gm);
    fake.set(v, "json_error");
    const expected = {
      available: false,
      manufacturer: "GM (Chevrolet, GMC, Buick, Cadillac)",
      brand: "Chevrolet",
      reason: "not_found",
    };
    expect(await checkWindowSticker(v)).toEqual(expected);
    const hits = fake.requests.filter((r) => r.vin === v).length;
    await drainDeferredWrites();
    expect(await checkWindowSticker(v)).toEqual(expected);
    expect(fake.requests.filter((r) => r.vin === v).length).toBe(hits);
    await db().stickerProbe.update({ where: { vin: v }, data: { checkedAt: new Date(Date.now() - 25 * 3600_000) } });
    await checkWindowSticker(v);
    expect(fake.requests.filter((r) => r.vin === v).length).toBe(hits + 1);
  });

  test("not_supported lists the supported groups", async () => {
    expect(await checkWindowSticker(vin(KIA))).toEqual({
      available: false,
      manufacturer: "Kia",
      brand: "Kia",
      reason: "not_supported",
      supported: supportedLabels(),
    });
  });

  test("a manufacturer past the short probe deadline → 502 fetch_error, not cached", async () => {
    const v = vin(GROUP_VINS.stellantis);
    fake.set(v, "slow");
    expect(await problemOf(checkWindowSticker(v))).toMatchObject({ status: 502, reason: "fetch_error" });
    await drainDeferredWrites();
    expect(await db().stickerProbe.findUnique({ where: { vin: v } })).toBeNull();
  });
});

describe("provision", () => {
  test("default mode answers from the WMI: supported, not_supported, invalid_vin; one entry per submitted VIN, in order", async () => {
    const gm = vin(GROUP_VINS.gm);
    const toyota = vin(TOYOTA);
    const toyotaArchived = vin(TOYOTA);
    await archiveSticker(toyotaArchived, makeStickerPdf(toyotaArchived), "import");
    const before = fake.requests.length;
    const out = await provision({ vins: [gm, gm.toLowerCase(), toyota, "NOTAVIN", toyotaArchived, "NOTAVIN"] });
    expect(fake.requests.length).toBe(before);
    expect(out.mode).toBe("wmi");
    expect(out.note).toMatch(/supported/);
    const gmResult = {
      vin: gm,
      status: "supported",
      brand: "Chevrolet",
      manufacturer: "GM (Chevrolet, GMC, Buick, Cadillac)",
    };
    const invalid = {
      vin: "NOTAVIN",
      status: "invalid_vin",
      brand: "Unknown",
      manufacturer: "Unknown",
      reason: "length",
    };
    expect(out.results).toEqual([
      gmResult,
      gmResult,
      {
        vin: toyota,
        status: "not_supported",
        brand: "Toyota",
        manufacturer: "Toyota / Lexus",
        reason: "unsupported_make",
      },
      invalid,
      { vin: toyotaArchived, status: "supported", brand: "Toyota", manufacturer: "Toyota / Lexus" },
      invalid,
    ]);
  });

  test("a VIN that decodes at manufacturer-code level only is never asked: not_supported (wmi_only), live unknown (wmi_only)", async () => {
    const before = fake.requests.length;
    for (const live of [false, true]) {
      for (const decode of [false, true]) {
        const out = await provision({ vins: [CHINA_MARKET_GM], live, decode });
        // The spec's live statuses are exactly available, fallback, unknown and invalid_vin: the reason says why.
        expect(out.results[0]).toMatchObject({
          vin: CHINA_MARKET_GM,
          status: live ? "unknown" : "not_supported",
          reason: "wmi_only",
          brand: "Cadillac",
        });
      }
    }
    expect(fake.requests.length).toBe(before);
  });

  test("decode: true adds year, make, model and trim", async () => {
    const ford = vin(GROUP_VINS.ford);
    const out = await provision({ vins: [ford, "1FTFW1E50PF12345"], decode: true });
    expect(out.results[0]).toEqual({
      vin: ford,
      status: "supported",
      brand: "Ford",
      manufacturer: "Ford / Lincoln",
      vehicle: { year: 2023, make: "Ford", model: "F-150", trim: "SuperCrew" },
      build: null,
    });
    expect(out.results[1]).toMatchObject({ status: "invalid_vin", vehicle: null, build: null });
  });

  test("decode: true adds the build data of an archived window sticker", async () => {
    const archived = vin(GROUP_VINS.ford);
    const bare = vin(GROUP_VINS.ford);
    await archiveSticker(archived, Buffer.from(await fordSticker()), "import");
    const out = await provision({ vins: [archived, bare], decode: true });
    expect(out.results[0].build).toMatchObject({ baseMsrp: 45_000, destinationCharge: 1_995, totalMsrp: 52_885 });
    expect(out.results[0].build?.options).toHaveLength(4);
    expect(out.results[1].build).toBeNull();
    // Without decode the answer stays as it was: no build member.
    expect((await provision({ vins: [archived] })).results[0]).not.toHaveProperty("build");
  });

  test("a shared WMI is settled by the decoder (KMH: Hyundai or Genesis)", async () => {
    const out = await provision({ vins: [vin(GROUP_VINS.genesis), vin(GROUP_VINS.hyundai)] });
    expect(out.results.map((r) => [r.brand, r.manufacturer])).toEqual([
      ["Genesis", "Genesis"],
      ["Hyundai", "Hyundai"],
    ]);
  });

  test("live mode: available, fallback, unknown (not_supported for an unsupported make), invalid_vin", async () => {
    const available = vin(GROUP_VINS.gm);
    fake.set(available, "pdf");
    const fallback = vin(GROUP_VINS.ford);
    fake.set(fallback, "html");
    await archiveSticker(fallback, makeStickerPdf(fallback), "import");
    const noSticker = vin(GROUP_VINS.stellantis);
    fake.set(noSticker, "placeholder");
    const slow = vin(GROUP_VINS.hyundai);
    fake.set(slow, "slow");
    const toyota = vin(TOYOTA);
    const out = await provision({
      vins: [available, fallback, noSticker, slow, toyota, "1GCUYDED0NZ1234I6"],
      live: true,
    });
    expect(out.mode).toBe("live");
    expect(out.results.map((r) => [r.status, r.reason])).toEqual([
      ["available", undefined],
      ["fallback", "not_found"],
      ["unknown", "not_found"],
      ["unknown", "fetch_error"],
      // The spec's live statuses are exactly available, fallback, unknown and invalid_vin.
      ["unknown", "not_supported"],
      ["invalid_vin", "forbidden_letters"],
    ]);
    expect(await db().stickerArchive.count({ where: { vin: available } })).toBe(1);
  });

  test("live mode keeps one overall deadline", async () => {
    useFake({ STICKER_PROVISION_DEADLINE_MS: "400", STICKER_HOST_CONCURRENCY: "1", STICKER_TIMEOUT_MS: "2000" });
    const vins = [vin(GROUP_VINS.gm), vin(GROUP_VINS.gm), vin(GROUP_VINS.gm)];
    vins.forEach((v) => fake.set(v, "slow"));
    const started = Date.now();
    const out = await provision({ vins, live: true });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(out.results.map((r) => [r.status, r.reason])).toEqual([
      ["unknown", "deadline"],
      ["unknown", "deadline"],
      ["unknown", "deadline"],
    ]);
  });
});

describe("format=build", () => {
  // The probes these cases remember are written before the database is removed.
  afterAll(() => drainDeferredWrites());

  test("answers an archived sticker's build data, parsed once and stored by the PDF's sha256", async () => {
    const v = vin(GROUP_VINS.gm);
    const pdf = Buffer.from(await gmSticker());
    const { sha256 } = await archiveSticker(v, pdf, "import");
    const before = fake.requests.length;
    const answer = await getWindowStickerBuild(v);
    expect(answer).toMatchObject({
      vin: v,
      source: "archive",
      build: { baseMsrp: 48_700, destinationCharge: 2_095, totalMsrp: 55_630, exteriorColor: "Summit White" },
      parsed: { status: "parsed", consistent: true, difference: 0, parserVersion: STICKER_PARSER_VERSION },
    });
    expect(fake.requests.length).toBe(before);
    const row = await db().stickerBuild.findUniqueOrThrow({ where: { sha256 } });
    expect(row).toMatchObject({ parserVersion: STICKER_PARSER_VERSION, status: "parsed" });
    // Read again: the stored parse, not a new one (same parsedAt).
    expect((await getWindowStickerBuild(v)).parsed.parsedAt).toBe(answer.parsed.parsedAt);
  });

  test("parses again when the stored result is of an older parser version", async () => {
    const v = vin(GROUP_VINS.ford);
    const { sha256 } = await archiveSticker(v, Buffer.from(await fordSticker()), "import");
    const stale = { build: { baseMsrp: 1 }, parsed: { status: "parsed", parserVersion: STICKER_PARSER_VERSION - 1 } };
    const old = {
      parserVersion: STICKER_PARSER_VERSION - 1,
      status: "parsed",
      data: JSON.stringify(stale),
      parsedAt: new Date(0),
    };
    await db().stickerBuild.upsert({ where: { sha256 }, create: { sha256, ...old }, update: old });
    const answer = await getWindowStickerBuild(v);
    expect(answer.build.baseMsrp).toBe(45_000);
    expect(answer.parsed.parserVersion).toBe(STICKER_PARSER_VERSION);
    const row = await db().stickerBuild.findUniqueOrThrow({ where: { sha256 } });
    expect(row.parserVersion).toBe(STICKER_PARSER_VERSION);
    expect(row.parsedAt.getTime()).toBeGreaterThan(0);
  });

  test("a sticker fetched live is archived and its build data stored after the answer", async () => {
    const v = vin(GROUP_VINS.gm);
    fake.set(v, "pdf");
    const sticker = await getWindowSticker(v);
    expect(sticker.servedFrom).toBe("gm");
    await waitFor(async () => (await db().stickerBuild.findUnique({ where: { sha256: sticker.sha256 } })) !== null);
    expect((await getWindowStickerBuild(v)).source).toBe("archive");
  });

  test("a VIN with no sticker anywhere is a 404 as for the PDF", async () => {
    const v = vin(GROUP_VINS.stellantis);
    fake.set(v, "placeholder");
    await expect(getWindowStickerBuild(v)).rejects.toMatchObject({ status: 404 });
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
