/**
 * `vinscope import …`: load data files into the database DATABASE_URL names (the embedded SQLite file when
 * unset; `vinscope db migrate` prepares a new one). Progress bars go to stderr; `--json` prints the summary as
 * one JSON line.
 *   deals <file.csv> [--replace-demo]   verified deals (npm run import:deals); all or nothing
 *   recalls <file> [--queries <file>]   NHTSA FLAT_RCL (.zip/.txt), recallsByVehicle answers (.json), campaign CSV
 *   complaints <file>                   NHTSA FLAT_CMPL (.zip/.txt)
 *   fuel-economy <file>                 EPA vehicles.csv (.zip/.csv)
 *   bulletins <file>                    NHTSA manufacturer communications MFR_COMMS_RECEIVED_{period} (.zip/.csv)
 *   canada-recalls <file> [--update]    Transport Canada vrdb_full_monthly.csv (or the 60-day file, as an update)
 *   investigations <file>               NHTSA defect investigations FLAT_INV (.zip/.txt)
 *   stickers <dir>                      window-sticker PDFs named by VIN, into the sticker archive
 */
import type { Command } from "commander";
import type { BulkImportOptions, BulkImportSummary } from "../../lib/sources";
import { examples } from "../help";
import { existingPath, printJson, printRecord, UsageError, withDb } from "../output";

export function registerImport(program: Command): void {
  const imports = program
    .command("import")
    .description(
      "load data files: deals, recalls, complaints, fuel economy, service bulletins, Canadian recalls, defect investigations, window stickers",
    );
  examples(imports, [
    "vinscope import deals deals.csv",
    "vinscope import recalls FLAT_RCL_POST_2010.zip",
    "vinscope import stickers ./stickers",
  ]);

  const deals = imports
    .command("deals")
    .description("import verified deals from a CSV: every row is validated first; one bad row and nothing is written")
    .argument(
      "<file>",
      "CSV with a header row (deal_id, vin, year, make, model, trim, state, msrp, selling_price, deal_type, purchase_date, source)",
      existingPath("file"),
    )
    .option("--replace-demo", "drop the labelled demo deals in the same transaction (they are not seeded again)")
    .option("--json", "one JSON line: the summary, or the rejected rows")
    .action((file: string, opts: { replaceDemo?: boolean; json?: boolean }) =>
      withDb(async () => (await import("../import/deals")).importDealsFile(file, opts)),
    );
  deals.addHelpText(
    "after",
    '\nColumn rules: lib/pricing/deal-csv.ts (docs/syncs-and-data.md, "Importing real data"). Re-importing a deal_id updates that deal.\n' +
      'Exit code 1 when the file is rejected (every fault of each bad row reported as "line N: reason") or is\n' +
      "not a comma-separated deal file with a header row (refused, with the reason); nothing changed either way.\n",
  );
  examples(deals, ["vinscope import deals deals.csv", "vinscope import deals deals.csv --replace-demo --json"]);

  const recalls = imports
    .command("recalls")
    .description(
      "import recalls: NHTSA's FLAT_RCL (.zip/.txt), saved recallsByVehicle answers (.json) or a campaign CSV",
    )
    .argument("<file>", "FLAT_RCL .zip/.txt (24/27/29 columns), answers .json, or campaigns .csv", existingPath("file"))
    .option(
      "--queries <file>",
      "for .json: the year/make/model queries the answers belong to (same order), so empty answers count as 0 recalls",
      existingPath("file"),
    )
    .option("--json", "one JSON line: the import summary")
    .action((file: string, opts: { queries?: string; json?: boolean }) =>
      withDb(async () => {
        const { importRecallFile } = await import("../../lib/recalls");
        await withProgress(opts.json, (onProgress) =>
          importRecallFile(file, { queriesFile: opts.queries, onProgress }),
        );
      }),
    );
  recalls.addHelpText("after", "\nIdempotent: importing again updates the same rows.\n");
  examples(recalls, [
    "vinscope import recalls FLAT_RCL_POST_2010.zip",
    "vinscope import recalls answers.json --queries queries.json --json",
  ]);

  // The buyer-data files: one streamed, idempotent importer each (lib/sources/bulk.ts), same options.
  const bulk: {
    name: string;
    description: string;
    file: string;
    example: string;
    load: () => Promise<BulkImporter>;
    note?: string;
  }[] = [
    {
      name: "complaints",
      description: "import NHTSA owner complaints (FLAT_CMPL .zip/.txt)",
      file: "FLAT_CMPL.zip or .txt",
      example: "vinscope import complaints FLAT_CMPL.zip",
      load: async () => (await import("../../lib/complaints")).importComplaintsFile,
    },
    {
      name: "fuel-economy",
      description: "import EPA fuel economy (vehicles.csv, .zip or .csv)",
      file: "vehicles.csv.zip or vehicles.csv",
      example: "vinscope import fuel-economy vehicles.csv.zip",
      load: async () => (await import("../../lib/fuel-economy")).importVehiclesCsv,
      note: "NCAP ratings have no bulk file: NHTSA's SafetyRatings answers are stored as they are fetched.",
    },
    {
      name: "bulletins",
      description: "import NHTSA manufacturer communications (MFR_COMMS_RECEIVED_{period} .zip/.csv); all or nothing",
      file: "MFR_COMMS_RECEIVED_{period}.zip or .csv (the name gives the period)",
      example: "vinscope import bulletins MFR_COMMS_RECEIVED_2020-2024.zip",
      load: async () => (await import("../../lib/bulletins")).importBulletinsFile,
      note:
        "The file replaces the communications of its period (a newer copy of the current period, the older one). A model\n" +
        "year is answered once every period from the year before it to the current one is imported (docs/syncs-and-data.md).",
    },
    {
      name: "investigations",
      description: "import NHTSA defect investigations (FLAT_INV .zip/.txt); all or nothing",
      file: "FLAT_INV.zip or FLAT_INV.txt",
      example: "vinscope import investigations FLAT_INV.zip",
      load: async () => (await import("../../lib/investigations")).importInvestigationsFile,
      note:
        "The file is NHTSA's whole list: it replaces every investigation held. Rows of year 9999 (unknown) count for\n" +
        "no model year; malformed rows are skipped and counted (docs/syncs-and-data.md).",
    },
  ];
  for (const b of bulk) {
    const command = imports
      .command(b.name)
      .description(b.description)
      .argument("<file>", b.file, existingPath("file"))
      .option("--json", "one JSON line: the import summary")
      .action((file: string, opts: { json?: boolean }) =>
        withDb(async () => {
          const importFile = await b.load();
          await withProgress(opts.json, (onProgress) => importFile(file, { onProgress }));
        }),
      );
    if (b.note) command.addHelpText("after", `\n${b.note}\n`);
    examples(command, [b.example]);
  }

  const canada = imports
    .command("canada-recalls")
    .description("import Transport Canada recalls (vrdb_full_monthly.csv, or vrdb_60days_daily.csv as an update)")
    .argument("<file>", "vrdb_full_monthly.csv or vrdb_60days_daily.csv", existingPath("file"))
    .option("--update", "add and update rows, delete none (the default for a file named vrdb_60days_*)")
    .option("--full", "replace the rows with the file's (the default for any other name)")
    .option("--replace", "publish a full file even when it holds under half the rows already imported")
    .option("--json", "one JSON line: the import summary")
    .action((file: string, opts: { update?: boolean; full?: boolean; replace?: boolean; json?: boolean }) =>
      withDb(async () => {
        if (opts.update && opts.full) throw new UsageError("give --update or --full, not both");
        const { importCanadaRecallsFile } = await import("../../lib/canada-recalls");
        const kind = opts.update ? "update" : opts.full ? "full" : undefined;
        await withProgress(opts.json, (onProgress) =>
          importCanadaRecallsFile(file, { kind, replace: opts.replace, onProgress }),
        );
      }),
    );
  canada.addHelpText(
    "after",
    "\nAll or nothing: the file is staged, then published in one transaction; a failed import changes nothing.\n" +
      "Idempotent: importing the same file again changes no row. Contains information licensed under the Open\n" +
      "Government Licence – Canada.\n",
  );
  examples(canada, [
    "vinscope import canada-recalls vrdb_full_monthly.csv",
    "vinscope import canada-recalls vrdb_60days_daily.csv --json",
  ]);

  const stickers = imports
    .command("stickers")
    .description("archive window-sticker PDFs you already hold, named by VIN (1FTFW1E50PFA12345.pdf, any case)")
    .argument("<dir>", "a directory of PDFs named <VIN>.pdf", existingPath("dir"))
    .option("--json", "one JSON line per file and a summary line")
    .action((dir: string, opts: { json?: boolean }) =>
      withDb(async () => (await import("../import/stickers")).importStickers(dir, opts)),
    );
  stickers.addHelpText(
    "after",
    "\nEach file must be a real PDF (%PDF- header); anything else is skipped with a reason.\n",
  );
  examples(stickers, ["vinscope import stickers ./stickers", "vinscope import stickers ./stickers --json"]);
}

type BulkImporter = (file: string, opts: BulkImportOptions) => Promise<BulkImportSummary>;

/** Runs a streamed import with the importers' progress bar (stderr), then prints its summary. */
async function withProgress<S extends object>(
  json: boolean | undefined,
  work: (onProgress: (r: { bytesDone: number; totalBytes: number; rows: number }) => void) => Promise<S>,
): Promise<void> {
  const { importProgress } = await import("../progress");
  const progress = importProgress();
  let summary: S;
  try {
    summary = await work(progress.onProgress);
  } finally {
    progress.stop();
  }
  if (json) printJson(summary);
  else printRecord(summary);
}
