/**
 * A VRDB file read as a stream of records, never held whole: bytes → text line by line (text-decoding.ts) →
 * csv-parse (quoted fields may hold commas, quotes and line breaks) → one VrdbRecord per row. A row csv-parse cannot
 * read (a stray quote) or with the wrong number of fields is skipped and counted; only a file whose header is not
 * VRDB's fails.
 */
import { createReadStream, statSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { decodingStream } from "./text-decoding";
import { parseVrdbRecord, readVrdbHeader, type VrdbHeader, type VrdbRecord } from "./vrdb";

export interface VrdbFile {
  totalBytes: number;
  records(onBytes?: (bytes: number) => void): AsyncGenerator<VrdbRecord>;
}

export function openVrdbFile(file: string): VrdbFile {
  const totalBytes = statSync(file).size;
  return {
    totalBytes,
    async *records(onBytes) {
      const parser = parse({ relax_column_count: true, skip_records_with_error: true });
      let unreadable = 0;
      parser.on("skip", () => void unreadable++);
      const reading = pipeline(createReadStream(file), decodingStream(onBytes), parser);
      // The pipeline's own failure (the file cannot be read) surfaces through the parser's iteration too.
      reading.catch(() => undefined);
      let header: VrdbHeader | null = null;
      for await (const fields of parser as AsyncIterable<string[]>) {
        for (; unreadable > 0; unreadable--) yield { ok: false, reason: "unreadable" };
        if (!header) {
          const read = readVrdbHeader(fields);
          if ("missing" in read)
            throw new Error(
              `${file}: not a Transport Canada recalls file (no ${read.missing.join(", ")} in its header)`,
            );
          header = read;
          continue;
        }
        yield parseVrdbRecord(header, fields);
      }
      await reading;
      for (; unreadable > 0; unreadable--) yield { ok: false, reason: "unreadable" };
      if (!header) throw new Error(`${file}: empty (no header row)`);
    },
  };
}
