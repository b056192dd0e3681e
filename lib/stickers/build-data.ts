/**
 * What a window sticker (Monroney label) says, as data: read from its text layer by the label's own words, never
 * by fixed positions, so each manufacturer's layout reads. 15 U.S.C. 1232 fixes what a label must show (the base
 * MSRP, each option's MSRP, the destination charge, the total and the final assembly point), and every
 * manufacturer words those a little differently: "STANDARD VEHICLE PRICE" (Ford), "BASE PRICE" (GM, Stellantis,
 * Toyota), "Base MSRP" (Hyundai); "DESTINATION & DELIVERY", "DESTINATION CHARGE", "Delivery Processing and
 * Handling Fee"; "TOTAL VEHICLE PRICE", "TOTAL MSRP", "Total Price".
 *
 * A field the label does not show is null. The sum is checked, never forced: when base + options + destination
 * is not the printed total, `consistent` is false and `difference` says by how much.
 */
import type { StickerBuild, StickerParse } from "./answers";
import type { StickerLine, StickerText } from "./sticker-text";

/**
 * Bump when the parser reads differently: every stored result of an older version is parsed again from its PDF
 * the next time it is read (lib/stickers/build-store.ts).
 */
export const STICKER_PARSER_VERSION = 1;

/** Fewer letters and digits than this in the whole text layer: a scanned image, not a text PDF. */
const MIN_TEXT_CHARACTERS = 20;

export type ParsedSticker = { build: StickerBuild; parsed: Omit<StickerParse, "parsedAt"> };

const EMPTY_BUILD: StickerBuild = {
  baseMsrp: null,
  options: [],
  destinationCharge: null,
  totalMsrp: null,
  exteriorColor: null,
  interiorColor: null,
  engine: null,
  transmission: null,
  fuelEconomy: null,
  assemblyPoint: null,
};

// The label's price lines. Order matters: a total is tested before a base price ("TOTAL MSRP" holds "MSRP").
const TOTAL_LABEL =
  /\bTOTAL\s+(?:VEHICLE\s+PRICE|MSRP|M\.S\.R\.P\.?|SUGGESTED\s+RETAIL\s+PRICE|SRP|PRICE|VEHICLE\s+MSRP)\b/i;
const SUBTOTAL_LABEL =
  /\b(?:TOTAL\s+(?:OF\s+)?(?:OPTIONS?|OPTIONAL\s+EQUIPMENT|PACKAGES?(?:\s*(?:&|AND)\s*OPTIONS)?|ACCESSORIES)|OPTIONS?\s+TOTAL|SUB-?\s?TOTAL)\b/i;
const BASE_LABEL =
  /\b(?:STANDARD\s+VEHICLE\s+PRICE|BASE\s+(?:VEHICLE\s+|MODEL\s+)?(?:PRICE|MSRP|M\.S\.R\.P\.?)|MSRP|M\.S\.R\.P\.?)\b/i;
const DESTINATION_LABEL =
  /\b(?:DESTINATION\s*(?:&|AND)\s*DELIVERY|DESTINATION\s+(?:CHARGE|FREIGHT)|DELIVERY,?\s+PROCESSING\s*(?:&|AND)\s*HANDLING(?:\s+FEE)?|FREIGHT\s+CHARGE|DESTINATION)\b/i;
// Money the EPA's fuel box and the savings lines print: not options.
const NOT_AN_OPTION =
  /fuel\s+cost|you\s+(?:save|spend)|annual|per\s+(?:year|month)|gas\s+guzzler\s+tax\s+not|rebate|estimated/i;

// An amount as labels print it: `$1,295.00`, `1,295.00`, `$0`, `595.00`, `-$500.00`, `($500.00)`, or words
// for nothing to pay. A bare integer without `$` (a `5.3L` engine, `10-SPEED`) or a one-digit decimal (a `3.23`
// axle ratio) is never money.
const AMOUNT_SOURCE = String.raw`\(\s*-?\$\s?\d[\d,]*(?:\.\d{2})?\s*\)|-?\s?\$\s?\d[\d,]*(?:\.\d{2})?|-?\d{1,3}(?:,\d{3})+(?:\.\d{2})?|-?\d{2,}\.\d{2}\b|\bNO\s+CHARGE\b|\bN\/C\b|\bNC\b|\bFREE\b`;
const AMOUNT = new RegExp(AMOUNT_SOURCE, "i");
/** A segment that ends in an amount: the text before it is what the amount is for. */
const ENDS_IN_AMOUNT = new RegExp(String.raw`^(.*?)[\s.:]*(${AMOUNT_SOURCE})\s*\*?$`, "i");

export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (/^(?:NO\s+CHARGE|N\/C|NC|FREE)$/i.test(t)) return 0;
  const negative = /^\(.*\)$/.test(t) || /^-/.test(t);
  const digits = t.replace(/[^\d.]/g, "");
  if (!/^\d+(?:\.\d+)?$/.test(digits)) return null;
  const value = Math.round(Number(digits) * 100) / 100;
  return negative && value !== 0 ? -value : value;
}

/** Reads a sticker's text layer. Pure: the same text gives the same answer (stored per PDF and version). */
export function parseStickerText(text: StickerText): ParsedSticker {
  if (text.kind === "unreadable") return result(EMPTY_BUILD, "unreadable");
  if (text.characters < MIN_TEXT_CHARACTERS) return result(EMPTY_BUILD, "no_text");
  const lines = text.lines;

  let baseMsrp: number | null = null;
  let destinationCharge: number | null = null;
  let totalMsrp: number | null = null;
  const options: StickerBuild["options"] = [];

  for (const line of lines) {
    const whole = line.segments.join("  ");
    if (TOTAL_LABEL.test(whole) && !SUBTOTAL_LABEL.test(whole)) {
      totalMsrp ??= amountAfter(line, TOTAL_LABEL);
      continue;
    }
    if (SUBTOTAL_LABEL.test(whole)) continue;
    if (DESTINATION_LABEL.test(whole) && amountAfter(line, DESTINATION_LABEL) !== null) {
      destinationCharge ??= amountAfter(line, DESTINATION_LABEL);
      continue;
    }
    if (BASE_LABEL.test(whole) && amountAfter(line, BASE_LABEL) !== null) {
      baseMsrp ??= amountAfter(line, BASE_LABEL);
      continue;
    }
    if (NOT_AN_OPTION.test(whole)) continue;
    const option = pricedItem(line);
    if (option) options.push(option);
  }

  const build: StickerBuild = {
    baseMsrp,
    options,
    destinationCharge,
    totalMsrp,
    exteriorColor: labelled(lines, /^(?:EXTERIOR(?:\s+(?:COLOU?R|PAINT))?|EXT\.?\s+COLOU?R|PAINT)\s*[:\-]\s*/i),
    interiorColor: labelled(lines, /^(?:INTERIOR(?:\s+(?:COLOU?R|TRIM))?|INT\.?\s+COLOU?R|TRIM)\s*[:\-]\s*/i),
    engine: labelled(lines, /^ENGINE\s*[:,\-]\s*/i),
    transmission: labelled(lines, /^TRANSMISSION\s*[:,\-]\s*/i),
    fuelEconomy: fuelEconomy(lines),
    assemblyPoint: labelled(lines, /^(?:FINAL\s+)?ASSEMBLY\s+(?:POINT|PLANT)\s*[:\-]?\s*/i),
  };
  return result(build, "parsed");
}

function result(build: StickerBuild, status: StickerParse["status"]): ParsedSticker {
  const { consistent, difference } = checkSum(build);
  return { build, parsed: { status, parserVersion: STICKER_PARSER_VERSION, consistent, difference } };
}

/** base + options + destination against the printed total, to the cent; unknown (null) when a term is missing. */
function checkSum(build: StickerBuild): { consistent: boolean | null; difference: number | null } {
  if (build.baseMsrp === null || build.totalMsrp === null || build.destinationCharge === null) {
    return { consistent: null, difference: null };
  }
  const cents = (n: number) => Math.round(n * 100);
  const sum =
    cents(build.baseMsrp) + build.options.reduce((s, o) => s + cents(o.msrp), 0) + cents(build.destinationCharge);
  const difference = (cents(build.totalMsrp) - sum) / 100;
  return { consistent: difference === 0, difference };
}

/** The first amount printed after a label on its line (in the label's segment or a segment to its right). */
function amountAfter(line: StickerLine, label: RegExp): number | null {
  const at = line.segments.findIndex((s) => label.test(s));
  if (at < 0) return null;
  const rest = [line.segments[at].replace(new RegExp(`^.*?${label.source}`, "i"), ""), ...line.segments.slice(at + 1)];
  for (const piece of rest) {
    const match = AMOUNT.exec(piece);
    if (match) return parseAmount(match[0]);
  }
  return null;
}

/**
 * An option or package: a name and the amount printed after it, either in one segment ("Premium Package ....
 * $1,200.00") or as the segment before a price set flush right. The nearest name to the price is taken, so the
 * other column of a two-column label never joins the name.
 */
function pricedItem(line: StickerLine): { name: string; msrp: number } | null {
  const segments = line.segments;
  for (let i = segments.length - 1; i >= 0; i--) {
    const match = ENDS_IN_AMOUNT.exec(segments[i]);
    if (!match) continue;
    const amount = parseAmount(match[2]);
    if (amount === null) continue;
    const name = cleanName(match[1]) || (i > 0 ? cleanName(segments[i - 1]) : "");
    // A name needs letters: a column of bare figures is no option.
    if (!/[A-Za-z]{2}/.test(name)) return null;
    return { name, msrp: amount };
  }
  return null;
}

function cleanName(text: string): string {
  return text
    .replace(/[.\s_]{2,}$/, "")
    .replace(/^[•*\-\s]+/, "")
    .trim();
}

/** The text after a label at the start of a segment ("Exterior: Summit White"), or the next segment when it stands alone. */
function labelled(lines: StickerLine[], label: RegExp): string | null {
  for (const line of lines) {
    for (let i = 0; i < line.segments.length; i++) {
      const segment = line.segments[i];
      if (!label.test(segment)) continue;
      let value = segment.replace(label, "");
      if (value === "" && i + 1 < line.segments.length) value = line.segments[i + 1];
      // A price printed after the value ("ENGINE, 2.7L TURBOMAX  $0.00") is not part of it.
      value = value.replace(new RegExp(`\\s*(?:${AMOUNT_SOURCE})\\s*$`, "i"), "").trim();
      if (value !== "") return value;
    }
  }
  return null;
}

/**
 * The EPA box's miles-per-gallon figures: "25 city", "34 highway" / "34 hwy", "28 combined city/hwy", or the
 * label-first wording ("City MPG: 25"). Null when no figure is printed (an electric vehicle's MPGe is not read).
 */
function fuelEconomy(lines: StickerLine[]): StickerBuild["fuelEconomy"] {
  const text = lines.map((l) => l.segments.join("  ")).join("\n");
  // Within a line only ([ \t], not \s): a figure ending one line is not the next line's. "City MPG 16" is read
  // first, since in "City MPG 16 Highway MPG 20" the 16 also stands before "Highway".
  const figure = (word: string): number | null => {
    const patterns = [
      String.raw`\b${word}[ \t]+MPG[ \t]*:?[ \t]*(\d{1,3})\b`,
      String.raw`\b(\d{1,3})[ \t]*(?:MPG[ \t]*)?${word}\b(?![ \t]*\/)`,
      String.raw`\b${word}[ \t]*[:\-][ \t]*(\d{1,3})\b(?![ \t]*(?:\.\d|%|,\d))`,
    ];
    for (const pattern of patterns) {
      const match = new RegExp(pattern, "i").exec(text);
      if (match) return Number(match[1]);
    }
    return null;
  };
  const city = figure("city");
  const highway = figure("(?:highway|hwy)");
  const combined = figure("combined");
  if (city === null && highway === null && combined === null) return null;
  return { city, highway, combined };
}
