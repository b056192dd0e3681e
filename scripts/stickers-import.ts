/**
 * Loads window-sticker PDFs the operator already holds into the archive:
 *   npm run stickers:import -- <dir>
 * Files are named by VIN (`1FTFW1E50PFA12345.pdf`, any case). Each must be a real PDF (`%PDF-`); anything
 * else is skipped with a reason. Prints one JSON line per file and a summary line.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { disconnectDb } from "../lib/db";
import { archiveSticker } from "../lib/stickers/archive";
import { isPdf } from "../lib/stickers/fetchers/reply";
import { normalizeVin } from "../lib/vin";

async function main(dir: string | undefined): Promise<number> {
  if (!dir) {
    process.stderr.write("usage: npm run stickers:import -- <dir of PDFs named by VIN>\n");
    return 2;
  }
  const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith(".pdf")).sort();
  let imported = 0;
  let skipped = 0;
  for (const name of names) {
    const vin = normalizeVin(path.basename(name, path.extname(name)));
    const file = path.join(dir, name);
    if (!vin.ok) {
      skipped++;
      process.stdout.write(`${JSON.stringify({ file: name, skipped: `name is not a VIN (${vin.detail})` })}\n`);
      continue;
    }
    const pdf = await readFile(file);
    if (!isPdf(pdf)) {
      skipped++;
      process.stdout.write(`${JSON.stringify({ file: name, skipped: "not a PDF (no %PDF- header)" })}\n`);
      continue;
    }
    const stored = await archiveSticker(vin.vin, pdf, "import");
    imported++;
    process.stdout.write(`${JSON.stringify({ file: name, vin: stored.vin, sha256: stored.sha256, bytes: stored.bytes })}\n`);
  }
  process.stdout.write(`${JSON.stringify({ imported, skipped, dir: path.resolve(dir) })}\n`);
  return 0;
}

main(process.argv[2])
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
