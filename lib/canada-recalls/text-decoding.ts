/**
 * The text of Transport Canada's files: UTF-8 (with a byte-order mark), yet a row now and then comes in Windows-1252
 * (French accents as single bytes), and a few rows hold UTF-8 that was decoded as Windows-1252 and encoded again
 * ("rÃ©servoir" for "réservoir"). Each physical line is decoded on its own, UTF-8 when it is valid and
 * Windows-1252 when not, so one odd row never turns the rest of the file into mojibake; a field that still reads as
 * double-encoded UTF-8 is repaired (repairMojibake).
 */
import { Transform, type TransformCallback } from "node:stream";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Windows-1252's characters for bytes 0x80-0x9F (curly quotes, dashes, €, Œ…); every other byte is Latin-1's own
 * code point. Spelled out because Node 20's TextDecoder("windows-1252") decodes these bytes as Latin-1's control
 * characters. The five bytes Windows-1252 leaves undefined keep their Latin-1 value.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return text;
}

/** One line's bytes as text: UTF-8 when they decode as such, else Windows-1252 (which decodes every byte). */
export function decodeLine(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Bytes in, text out, cut at line ends (0x0A is a line end in UTF-8 and Windows-1252 alike, and never part of
 * another character), each line decoded by decodeLine. Line ends and blank lines inside quoted fields are kept:
 * the CSV parser after it sees the text as the file holds it. `onBytes` counts the bytes read, for progress.
 */
export function decodingStream(onBytes?: (bytes: number) => void): Transform {
  let rest: Buffer = Buffer.alloc(0);
  return new Transform({
    readableObjectMode: false,
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      onBytes?.(chunk.length);
      const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const lastEnd = buf.lastIndexOf(0x0a);
      if (lastEnd === -1) {
        rest = buf;
        return done();
      }
      let text = "";
      for (let start = 0; start <= lastEnd;) {
        const end = buf.indexOf(0x0a, start);
        text += `${decodeLine(buf.subarray(start, end))}\n`;
        start = end + 1;
      }
      rest = Buffer.from(buf.subarray(lastEnd + 1));
      done(null, text);
    },
    flush(done: TransformCallback) {
      done(null, rest.length ? decodeLine(rest) : undefined);
    },
  });
}

/** The byte of each of Windows-1252's characters for 0x80-0x9F. */
const CP1252_BYTE = new Map<string, number>(Array.from(CP1252_HIGH, (c, i) => [c, 0x80 + i] as const));

/** A UTF-8 lead byte read as Windows-1252 (Â to ï), then a continuation byte read the same way. */
const DOUBLE_ENCODED =
  /[\u00c2-\u00ef][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u2122]/;

/**
 * "rÃ©servoir" → "réservoir": text whose characters are all single Windows-1252 bytes that together decode as
 * UTF-8 was encoded twice, and is decoded once more; anything else is returned as it is.
 */
export function repairMojibake(text: string): string {
  if (!DOUBLE_ENCODED.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code < 0x100 ? code : CP1252_BYTE.get(text[i]);
    if (byte === undefined) return text;
    bytes[i] = byte;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return text;
  }
}
