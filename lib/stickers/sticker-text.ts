/**
 * A window-sticker PDF's text layer as lines the parser can read by the label's own words. pdf.js (through
 * unpdf) gives positioned text runs; they are grouped into lines by their baseline, top to bottom, and a line
 * is split into segments where a wide horizontal gap separates runs, so a two-column label (standard equipment
 * on the left, prices on the right) or a price set flush right beside its label keeps its pieces apart.
 */
import { definePDFJSModule, getDocumentProxy } from "unpdf";

// pdf.js named here rather than found by unpdf's own import(): Jest (CommonJS) cannot follow an import() made
// inside a package, and with this one Next's bundler sees pdf.js as a dependency of this file.
let pdfjsDefined: Promise<void> | null = null;
const definePdfjs = () => (pdfjsDefined ??= definePDFJSModule(() => import("unpdf/pdfjs")));

export interface StickerLine {
  /** The line's pieces, left to right: runs closer than a wide gap are joined with a space. */
  segments: string[];
}

export type StickerText = { kind: "text"; lines: StickerLine[]; characters: number } | { kind: "unreadable" };

interface Run {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** More pages than a Monroney label ever has: a PDF beyond this is read no further (memory stays bounded). */
const MAX_PAGES = 4;

export async function extractStickerText(pdf: Uint8Array): Promise<StickerText> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  await definePdfjs();
  try {
    // A copy: pdf.js transfers (detaches) the buffer it is given, and the caller still holds the PDF.
    document = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, verbosity: 0 });
  } catch {
    return { kind: "unreadable" };
  }
  try {
    const lines: StickerLine[] = [];
    let characters = 0;
    for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES); n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const runs: Run[] = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const [a, b, , , x, y] = item.transform as number[];
        runs.push({ str: item.str, x, y, width: item.width, size: Math.hypot(a, b) || item.height || 10 });
        characters += item.str.trim().length;
      }
      lines.push(...groupLines(runs));
      page.cleanup();
    }
    return { kind: "text", lines, characters };
  } catch {
    return { kind: "unreadable" };
  } finally {
    await document.destroy();
  }
}

function groupLines(runs: Run[]): StickerLine[] {
  // Top of the page first (PDF y grows upwards), then left to right.
  runs.sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Run[][] = [];
  for (const run of runs) {
    const row = rows.at(-1);
    // Same baseline within a third of the type size: one line (superscripts and mixed sizes stay on it).
    if (row && Math.abs(row[0].y - run.y) <= Math.max(2, row[0].size * 0.35)) row.push(run);
    else rows.push([run]);
  }
  return rows.map((row) => {
    row.sort((p, q) => p.x - q.x);
    const segments: string[] = [];
    let current = "";
    let end = -Infinity;
    for (const run of row) {
      const gap = run.x - end;
      if (current !== "" && gap > run.size * 2) {
        segments.push(current.trim());
        current = "";
      }
      current += current === "" || gap < run.size * 0.1 ? run.str : ` ${run.str}`;
      end = run.x + run.width;
    }
    if (current.trim() !== "") segments.push(current.trim());
    return { segments: segments.map((s) => s.replace(/\s+/g, " ")) };
  });
}
