/**
 * A big outside data file (NHTSA's FLAT_RCL and FLAT_CMPL, EPA's vehicles.csv) read as a stream of lines: a
 * plain file, or the matching entries of a .zip (yauzl), without holding the file in memory. Blank lines are
 * skipped; each line is UTF-8, or Latin-1 when it is not valid UTF-8.
 */
import { createReadStream, statSync } from "node:fs";
import type { Readable } from "node:stream";
import yauzl from "yauzl";

export interface LineSource {
  /** Bytes to read in all (uncompressed), for a progress bar. */
  totalBytes: number;
  lines(onBytes?: (bytes: number) => void): AsyncGenerator<string>;
}

/** Which entries of a .zip to read: their names match `pattern`; `label` names them when none does. */
interface ZipEntries {
  pattern: RegExp;
  label: string;
}

/** A plain file, or every entry of a .zip whose name matches `entries.pattern`, in the zip's order. */
export async function openLineFile(file: string, entries: ZipEntries): Promise<LineSource> {
  if (/\.zip$/i.test(file)) return openZip(file, entries.pattern, entries.label);
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

/** NHTSA's and EPA's files are mostly ASCII with some Windows-1252 bytes: UTF-8 when it decodes, else Latin-1. */
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
