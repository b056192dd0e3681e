/**
 * VIN command line.
 *
 *   npm run vin -- decode <VIN>...         decode with the local vPIC data
 *   npm run vin -- decode <file>...        read VINs from a file: one a line (or comma-separated), # comments
 *   npm run vin -- decode -                read VINs from stdin, one a line
 *   npm run vin -- decode --enrich <VIN>   also ask NHTSA's vPIC API for what the local data lacks
 *
 * Prints one JSON line per VIN, in input order: { vin, coverage (vpic | wmi_only), decoded (the spec object;
 * for a VIN outside the US-market data what its WMI and position 10 tell, model null; null when nothing
 * decodes), errors: [{ code, text }], … }.
 * Exit status 1 when any input was not a decodable VIN, 2 on a usage error.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { VPIC_ERROR_CODES } from "../lib/vin/error-codes";
import { decodeVin, normalizeVin, vpicData, wmiOnlyDecode, type DecodeResult } from "../lib/vin";

const USAGE = "usage: npm run vin -- decode [--enrich] <VIN or file>... | -";

/** A file argument: one VIN a line (commas also separate), blank lines and # comments skipped. */
function vinsInFile(file: string): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, ""))
    .flatMap((line) => line.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

const isFile = (arg: string) => existsSync(arg) && statSync(arg).isFile();

async function readStdin(): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) {
    const vin = line.trim();
    if (vin) lines.push(vin);
  }
  return lines;
}

function errorsOf(codes: string[]) {
  return codes.map((code) => ({ code, text: VPIC_ERROR_CODES[code]?.text ?? code }));
}

function lineFor(input: string, result: DecodeResult | null, problem?: { reason: string; detail: string }) {
  if (problem) {
    return { vin: input, decoded: null, errors: [{ code: problem.reason, text: problem.detail }] };
  }
  const r = result!;
  const wmiOnly = wmiOnlyDecode(vpicData(), r);
  if (wmiOnly) {
    return { vin: r.vin, coverage: "wmi_only", decoded: wmiOnly.decoded, errors: errorsOf(r.errorCodes), checkDigit: r.checkDigit };
  }
  if (!r.ok) {
    return { vin: r.vin, decoded: null, reason: r.reason, errors: errorsOf(r.errorCodes), checkDigit: r.checkDigit };
  }
  return {
    vin: r.vin,
    coverage: "vpic",
    decoded: r.decoded,
    errors: errorsOf(r.errorCodes),
    descriptor: r.descriptor,
    checkDigit: r.checkDigit,
    vpicDataDate: r.vpicDataDate,
    elements: r.elements,
  };
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== "decode") {
    console.error(USAGE);
    process.exit(2);
  }
  const enrich = rest.includes("--enrich");
  const args = rest.filter((a) => a !== "--enrich");
  const inputs = args.length === 1 && args[0] === "-" ? await readStdin() : args.flatMap((a) => (isFile(a) ? vinsInFile(a) : [a]));
  if (!inputs.length) {
    console.error(USAGE);
    process.exit(2);
  }
  if (enrich) (await import("../lib/log")).useStderrForLogs(); // stdout carries the JSON lines
  const decodeEnriched = enrich ? (await import("../lib/vin/enrichment")).decodeVinEnriched : null;
  let failures = 0;
  for (const input of inputs) {
    const normalized = normalizeVin(input);
    if (!normalized.ok) {
      failures++;
      process.stdout.write(`${JSON.stringify(lineFor(input, null, normalized))}\n`);
      continue;
    }
    const result = decodeEnriched ? await decodeEnriched(normalized.vin) : decodeVin(normalized.vin);
    if (!result.ok) failures++;
    process.stdout.write(`${JSON.stringify(lineFor(input, result))}\n`);
  }
  if (decodeEnriched) {
    const { closeEnrichment } = await import("../lib/vin/enrichment");
    await closeEnrichment();
  }
  process.exit(failures ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
