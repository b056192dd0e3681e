/**
 * `vinscope vin decode` (`npm run vin -- decode …`): decode VINs with the local vPIC data.
 *
 *   vinscope vin decode <VIN>...           VINs on the command line
 *   vinscope vin decode <file>...          a file: one VIN a line (or comma-separated), # comments
 *   vinscope vin decode -                  VINs from stdin, with the file rules
 *   vinscope vin decode --enrich <VIN>     also ask NHTSA's vPIC API for what the local data lacks
 *
 * For people: one line per VIN (year, make, model, trim, body, drive, fuel) and its vPIC error codes.
 * With --json: one JSON line per VIN, in input order: { vin, coverage (vpic | wmi_only), decoded (the spec
 * object; for a VIN outside the US-market data what its WMI and position 10 tell, model null; null when nothing
 * decodes), errors: [{ code, text }], … }.
 * Exit status 1 when any input was not a decodable VIN, 2 on a usage error.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import type { Command } from "commander";
import type { DecodeResult } from "../../lib/vin";
import { examples } from "../help";
import { callerPath, printJson, UsageError } from "../output";

export function registerVin(program: Command): void {
  const vin = program.command("vin").description("VIN tools");
  examples(vin, ["vinscope vin decode 1HGCV1F34LA012345"]);
  const decode = vin
    .command("decode")
    .description("decode VINs with the local vPIC data (no network unless --enrich)")
    .argument(
      "<vin...>",
      "VINs, files of VINs (one a line or comma-separated, # comments), or - to read them from stdin",
    )
    .option("--enrich", "also ask NHTSA's vPIC API for the elements the local data lacks")
    .option("--json", "one JSON line per VIN (the API's decode fields, error codes, check digit)")
    .action((args: string[], opts: { enrich?: boolean; json?: boolean }) => decodeCommand(args, opts));
  decode.addHelpText("after", "\nExit code 1 when any input is not a decodable VIN.\n");
  examples(decode, [
    "vinscope vin decode 1HGCV1F34LA012345 5YJ3E1EA7KF317000",
    "vinscope vin decode --json vins.txt",
    "cat vins.txt | vinscope vin decode - --json",
    "vinscope vin decode --enrich 1FTFW1E50PFA12345",
  ]);
}

/** The VINs of a file or of stdin: one a line (commas also separate), blank lines and # comments skipped. */
function vinsInText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, ""))
    .flatMap((line) => line.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * How an argument is taken: an existing file is read for its VINs; otherwise it is a VIN, unless it cannot be
 * one and looks like a path (a dot or a slash: no VIN has either), which is a missing file, a usage error
 * (exit 2) as for every file argument of the CLI. A 16-character typo of a VIN stays a VIN, told its length.
 */
function vinsOfArgument(arg: string): string[] {
  const full = callerPath(arg);
  if (existsSync(full)) {
    if (statSync(full).isFile()) return vinsInText(readFileSync(full, "utf8"));
    if (/[./\\]/.test(arg)) throw new UsageError(`not a file: ${arg}`);
  } else if (/[./\\]/.test(arg)) {
    throw new UsageError(`no such file: ${arg}`);
  }
  return [arg];
}

async function readStdin(): Promise<string[]> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return vinsInText(text);
}

interface VinLine {
  vin: string;
  coverage?: "vpic" | "wmi_only";
  decoded: Record<string, unknown> | null;
  reason?: string;
  errors: { code: string; text: string }[];
  [more: string]: unknown;
}

async function decodeCommand(args: string[], opts: { enrich?: boolean; json?: boolean }): Promise<void> {
  if (args.includes("-") && args.length > 1)
    throw new UsageError("- (stdin) cannot be combined with other VINs or files");
  const inputs = args[0] === "-" ? await readStdin() : args.flatMap(vinsOfArgument);
  if (!inputs.length) throw new UsageError("no VINs given");

  const { VPIC_ERROR_CODES } = await import("../../lib/vin");
  const { decodeVin, normalizeVin, vpicData, wmiOnlyDecode } = await import("../../lib/vin");
  // The make in the API's casing; NHTSA's upper-case spelling stays in `elements.Make`.
  const { withDisplayMake } = await import("../../lib/vehicle");
  const errorsOf = (codes: string[]) => codes.map((code) => ({ code, text: VPIC_ERROR_CODES[code]?.text ?? code }));

  const lineFor = (
    input: string,
    result: DecodeResult | null,
    problem?: { reason: string; detail: string },
  ): VinLine => {
    if (problem) return { vin: input, decoded: null, errors: [{ code: problem.reason, text: problem.detail }] };
    const r = result!;
    const wmiOnly = wmiOnlyDecode(vpicData(), r);
    if (wmiOnly) {
      return {
        vin: r.vin,
        coverage: "wmi_only",
        decoded: { ...withDisplayMake(wmiOnly.decoded) },
        errors: errorsOf(r.errorCodes),
        checkDigit: r.checkDigit,
      };
    }
    if (!r.ok)
      return { vin: r.vin, decoded: null, reason: r.reason, errors: errorsOf(r.errorCodes), checkDigit: r.checkDigit };
    return {
      vin: r.vin,
      coverage: "vpic",
      decoded: { ...withDisplayMake(r.decoded) },
      errors: errorsOf(r.errorCodes),
      descriptor: r.descriptor,
      checkDigit: r.checkDigit,
      vpicDataDate: r.vpicDataDate,
      elements: r.elements,
    };
  };

  if (opts.enrich) (await import("../../lib/log")).sendLogsToStderr(); // stdout carries the answer
  const enrichment = opts.enrich ? await import("../../lib/vin") : null;
  let failures = 0;
  for (const input of inputs) {
    const normalized = normalizeVin(input);
    let line: VinLine;
    if (!normalized.ok) {
      failures++;
      line = lineFor(input, null, normalized);
    } else {
      const result = enrichment ? await enrichment.decodeVinEnriched(normalized.vin) : decodeVin(normalized.vin);
      if (!result.ok) failures++;
      line = lineFor(input, result);
    }
    if (opts.json) printJson(line);
    else printHuman(line);
  }
  if (enrichment) await enrichment.closeEnrichment();
  process.exitCode = failures ? 1 : 0;
}

function printHuman(line: VinLine): void {
  const d = line.decoded;
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  let summary: string;
  if (!d) summary = `not decoded${line.reason ? ` (${line.reason})` : ""}`;
  else {
    const name = [d.year, d.make, d.model ?? "(model unknown)", d.trim].map(text).filter(Boolean).join(" ");
    const details = [d.bodyStyle, d.driveType, d.fuelType].map(text).filter(Boolean).join(", ");
    summary = `${name}${details ? `: ${details}` : ""}${line.coverage === "wmi_only" ? " [manufacturer code only]" : ""}`;
  }
  process.stdout.write(`${line.vin}  ${summary}\n`);
  for (const e of line.errors) if (e.code !== "0") process.stdout.write(`  ${e.code}: ${e.text}\n`);
}
