/**
 * Build data read from sticker PDFs the tests make in three manufacturers' wordings, through the real text
 * extraction (unpdf / pdf.js), and from a scan without a text layer.
 */
import { fordSticker, gmSticker, scannedSticker, toyotaStickerNotAddingUp } from "../../tests/fixtures/sticker-pdfs";
import { parseAmount, parseStickerText, STICKER_PARSER_VERSION } from "./build-data";
import { extractStickerText } from "./sticker-text";

const parsePdf = async (pdf: Uint8Array) => parseStickerText(await extractStickerText(pdf));

describe("window-sticker build data", () => {
  it("reads a Ford-style label: options and packages with prices, a no-charge colour, a consistent total", async () => {
    const { build, parsed } = await parsePdf(await fordSticker());
    expect(build).toEqual({
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
    });
    expect(parsed).toEqual({
      status: "parsed",
      consistent: true,
      difference: 0,
      parserVersion: STICKER_PARSER_VERSION,
    });
  });

  it("reads a GM-style two-column label with dot leaders and a $0 colour, leaving included items out", async () => {
    const { build, parsed } = await parsePdf(await gmSticker());
    expect(build.baseMsrp).toBe(48_700);
    expect(build.options).toEqual([
      { name: "LT Convenience Package", msrp: 1_330 },
      { name: "Z71 Off-Road Package", msrp: 1_095 },
      { name: "Summit White", msrp: 0 },
      { name: "Preferred Equipment Group 2LT", msrp: 2_410 },
    ]);
    expect(build).toMatchObject({
      destinationCharge: 2_095,
      totalMsrp: 55_630,
      exteriorColor: "Summit White",
      interiorColor: "Jet Black, Cloth seat trim",
      engine: "5.3L ECOTEC3 V8",
      transmission: "10-SPEED AUTOMATIC",
      fuelEconomy: { city: 16, highway: 20, combined: 17 },
      assemblyPoint: "Fort Wayne, Indiana, USA",
    });
    expect(parsed.consistent).toBe(true);
  });

  it("says a Toyota-style label's total does not add up, by how much, rather than guessing", async () => {
    const { build, parsed } = await parsePdf(await toyotaStickerNotAddingUp());
    expect(build).toMatchObject({
      baseMsrp: 33_450,
      options: [
        { name: "Wind Chill Pearl Paint", msrp: 425 },
        { name: "Weather Package", msrp: 1_305 },
        { name: "All-Weather Floor Liners", msrp: 199 },
      ],
      destinationCharge: 1_395,
      totalMsrp: 36_874,
      exteriorColor: "Wind Chill Pearl",
      interiorColor: "Black Fabric",
      engine: "2.5L 4-Cyl Hybrid",
      transmission: "Electronically Controlled CVT",
      fuelEconomy: { city: 43, highway: 36, combined: 41 },
      assemblyPoint: "GEORGETOWN, KENTUCKY, U.S.A.",
    });
    expect(parsed).toMatchObject({ status: "parsed", consistent: false, difference: 100 });
  });

  it("answers no_text for a scan without a text layer, with every field null", async () => {
    const { build, parsed } = await parsePdf(await scannedSticker());
    expect(parsed).toEqual({
      status: "no_text",
      consistent: null,
      difference: null,
      parserVersion: STICKER_PARSER_VERSION,
    });
    expect(build).toMatchObject({
      baseMsrp: null,
      options: [],
      totalMsrp: null,
      fuelEconomy: null,
      assemblyPoint: null,
    });
  });

  it("answers unreadable for bytes pdf.js cannot open", async () => {
    const { parsed } = await parsePdf(new TextEncoder().encode("%PDF-1.7\nnot really a PDF"));
    expect(parsed.status).toBe("unreadable");
  });

  it("reads amounts as labels print them, and never an axle ratio or engine size", () => {
    expect(parseAmount("$1,295.00")).toBe(1295);
    expect(parseAmount("1,295")).toBe(1295);
    expect(parseAmount("$0")).toBe(0);
    expect(parseAmount("NO CHARGE")).toBe(0);
    expect(parseAmount("N/C")).toBe(0);
    expect(parseAmount("-$500.00")).toBe(-500);
    expect(parseAmount("($500.00)")).toBe(-500);
    const line = (segments: string[]) => ({ kind: "text" as const, characters: 100, lines: [{ segments }] });
    expect(parseStickerText(line(["Rear axle 3.23 ratio"])).build.options).toEqual([]);
    expect(parseStickerText(line(["ENGINE, 5.3L V8"])).build.options).toEqual([]);
    expect(parseStickerText(line(["Option Package Discount", "-$1,000.00"])).build.options).toEqual([
      { name: "Option Package Discount", msrp: -1000 },
    ]);
  });
});
