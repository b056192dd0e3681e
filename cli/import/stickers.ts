/**
 * `vinscope import stickers <dir>` (`npm run stickers:import`): loads window-sticker PDFs the operator already
 * holds into the archive. Files are named by VIN (`1FTFW1E50PFA12345.pdf`, any case). Each must be a real PDF
 * (`%PDF-`); anything else is skipped with a reason. Each PDF's build data (what the label says) is parsed as it is
 * archived. One line per file and a summary (JSON lines with --json).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { archiveSticker } from "../../lib/stickers/archive";
import { stickerBuild } from "../../lib/stickers/build-store";
import { isPdf } from "../../lib/stickers/fetchers/reply";
import { normalizeVin } from "../../lib/vin";
import { printJson } from "../output";

type FileLine =
  | { file: string; skipped: string }
  | { file: string; vin: string; sha256: string; bytes: number; build: string; consistent: boolean | null };

export async function importStickers(dir: string, opts: { json?: boolean }): Promise<void> {
  const report = (line: FileLine) => {
    if (opts.json) printJson(line);
    else if ("skipped" in line) console.log(`${line.file}: skipped, ${line.skipped}`);
    else
      console.log(
        `${line.file}: archived for ${line.vin} (${line.bytes} bytes, sha256 ${line.sha256.slice(0, 12)}…), build data ${line.build}` +
          (line.consistent === false ? " (the printed total is not base + options + destination)" : ""),
      );
  };
  const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith(".pdf")).sort();
  let imported = 0;
  let skipped = 0;
  for (const name of names) {
    const vin = normalizeVin(path.basename(name, path.extname(name)));
    if (!vin.ok) {
      skipped++;
      report({ file: name, skipped: `name is not a VIN (${vin.detail})` });
      continue;
    }
    const pdf = await readFile(path.join(dir, name));
    if (!isPdf(pdf)) {
      skipped++;
      report({ file: name, skipped: "not a PDF (no %PDF- header)" });
      continue;
    }
    const stored = await archiveSticker(vin.vin, pdf, "import");
    // Parsed once here (or again when the stored parse is of an older parser version), never per request.
    const { parsed } = await stickerBuild(stored.sha256, pdf);
    imported++;
    report({
      file: name,
      vin: stored.vin,
      sha256: stored.sha256,
      bytes: stored.bytes,
      build: parsed.status,
      consistent: parsed.consistent,
    });
  }
  const summary = { imported, skipped, dir: path.resolve(dir) };
  if (opts.json) printJson(summary);
  else console.log(`${imported} imported, ${skipped} skipped from ${summary.dir}`);
}
