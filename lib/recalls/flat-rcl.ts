/**
 * NHTSA's FLAT_RCL bulk file: tab-separated, no header, dates YYYYMMDD, one row per campaign ×
 * make/model/year × component. Three layouts exist: 24 columns (files before 2020), 27 (RCL.txt of
 * 2020-03-23 added MFR_COMP_NAME/DESC/PTNO) and 29 (current split files add DO_NOT_DRIVE, PARK_OUTSIDE).
 * RECORD_ID (column 1) is regenerated with every build of the file and is ignored.
 *
 * Reading is streamed line by line from a .txt or from the .txt entries of a .zip (yauzl), because the
 * full file is hundreds of megabytes.
 */
import { createReadStream, statSync } from "node:fs";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { CAMPAIGN_NUMBER, count, flag, isoDate, normalizeCampaignNumber, text, type RecallRecord } from "./record";

const FLAT_RCL_LAYOUTS = [24, 27, 29] as const;
type FlatRclLayout = (typeof FLAT_RCL_LAYOUTS)[number];

// Zero-based column positions (RCL.txt field number − 1).
const COL = {
  CAMPNO: 1, MAKETXT: 2, MODELTXT: 3, YEARTXT: 4, COMPNAME: 6, MFGNAME: 7, POTAFF: 11, RCDATE: 15,
  DESC_DEFECT: 19, CONEQUENCE_DEFECT: 20, CORRECTIVE_ACTION: 21, NOTES: 22, DO_NOT_DRIVE: 27, PARK_OUTSIDE: 28,
} as const;

export type FlatRclLine =
  | { ok: true; layout: FlatRclLayout; record: RecallRecord }
  | { ok: false; reason: "columns" | "campaign" | "year" | "make_model"; detail: string };

export function parseFlatRclLine(line: string): FlatRclLine {
  const cols = line.replace(/\r$/, "").split("\t");
  const layout = cols.length as FlatRclLayout;
  if (!FLAT_RCL_LAYOUTS.includes(layout)) {
    return { ok: false, reason: "columns", detail: `${cols.length} columns (expected 24, 27 or 29)` };
  }
  const campaignNumber = normalizeCampaignNumber(cols[COL.CAMPNO]);
  if (!CAMPAIGN_NUMBER.test(campaignNumber)) {
    return { ok: false, reason: "campaign", detail: `bad CAMPNO "${cols[COL.CAMPNO]}"` };
  }
  const year = Number(cols[COL.YEARTXT].trim());
  if (!Number.isInteger(year) || (year !== 9999 && (year < 1900 || year > 2100))) {
    return { ok: false, reason: "year", detail: `bad YEARTXT "${cols[COL.YEARTXT]}"` };
  }
  const make = text(cols[COL.MAKETXT]);
  const model = text(cols[COL.MODELTXT]);
  if (!make || !model) return { ok: false, reason: "make_model", detail: "empty MAKETXT or MODELTXT" };
  return {
    ok: true,
    layout,
    record: {
      campaignNumber,
      manufacturer: text(cols[COL.MFGNAME]),
      component: text(cols[COL.COMPNAME]),
      summary: text(cols[COL.DESC_DEFECT]),
      consequence: text(cols[COL.CONEQUENCE_DEFECT]),
      remedy: text(cols[COL.CORRECTIVE_ACTION]),
      notes: text(cols[COL.NOTES]),
      reportReceivedDate: isoDate(cols[COL.RCDATE]),
      parkIt: layout === 29 ? flag(cols[COL.DO_NOT_DRIVE]) : null,
      parkOutside: layout === 29 ? flag(cols[COL.PARK_OUTSIDE]) : null,
      overTheAirUpdate: null,
      potentiallyAffected: count(cols[COL.POTAFF]),
      make,
      model,
      year,
    },
  };
}

export interface LineSource {
  /** Bytes to read in all (uncompressed), for a progress bar. */
  totalBytes: number;
  lines(onBytes?: (bytes: number) => void): AsyncGenerator<string>;
}

/** A .txt file, or every .txt entry of a .zip (FLAT_RCL.zip holds one; the split files one each). */
export async function openFlatRcl(file: string, entry = { pattern: /\.(txt|tsv|lst)$/i, label: ".txt" }): Promise<LineSource> {
  if (/\.zip$/i.test(file)) return openZip(file, entry.pattern, entry.label);
  return {
    totalBytes: statSync(file).size,
    lines: (onBytes) => splitLines(createReadStream(file), onBytes),
  };
}

async function openZip(file: string, wanted: RegExp, label: string): Promise<LineSource> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z!))),
  );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith("/") && wanted.test(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  if (entries.length === 0) {
    zip.close();
    throw new Error(`${file}: no ${label} entry in the zip`);
  }
  return {
    totalBytes: entries.reduce((sum, e) => sum + e.uncompressedSize, 0),
    async *lines(onBytes) {
      try {
        for (const entry of entries) {
          const stream = await new Promise<Readable>((resolve, reject) =>
            zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s!))),
          );
          yield* splitLines(stream, onBytes);
        }
      } finally {
        zip.close();
      }
    },
  };
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

/** NHTSA's files are mostly ASCII with some Windows-1252 bytes; UTF-8 when it decodes, else Latin-1/1252. */
function decodeLine(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

async function* splitLines(stream: Readable, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    let buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    let nl: number;
    while ((nl = buf.indexOf(0x0a, start)) !== -1) {
      const line = decodeLine(buf.subarray(start, nl));
      start = nl + 1;
      if (line.trim()) yield line;
    }
    rest = buf.subarray(start);
    buf = rest;
  }
  if (rest.length) {
    const line = decodeLine(rest);
    if (line.trim()) yield line;
  }
}
