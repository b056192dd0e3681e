/**
 * VIN barcodes made for the scan specs with bwip-js: PNG photos for the file input, and a Y4M video (a plain
 * header and raw YUV 4:2:0 frames, written here in JavaScript so no video tool is needed) for Chromium's fake
 * camera (`--use-file-for-fake-video-capture`).
 */
import { writeFileSync } from "node:fs";
import bwipjs from "bwip-js/node";

export type Symbology = "code39" | "datamatrix" | "qrcode";

/** A photo of the barcode: black on white, with a quiet zone around it. */
export function barcodePng(bcid: Symbology, text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    ...(bcid === "code39" ? { height: 15 } : {}),
    paddingwidth: 24,
    paddingheight: 24,
    backgroundcolor: "FFFFFF",
  });
}

/** The barcode's dark modules as a grayscale bitmap (0 black, 255 white), `module` pixels per module. */
function barcodePixels(
  bcid: Symbology,
  text: string,
  module: number,
): { width: number; height: number; gray: Uint8Array } {
  const [symbol] = bwipjs.raw(bcid, text, {});
  if ("sbs" in symbol) {
    // A linear symbol: alternating bar and space widths in modules, starting with a bar.
    const modules = symbol.sbs.reduce((sum, w) => sum + w, 0);
    const width = modules * module;
    const height = 60 * module;
    const gray = new Uint8Array(width * height).fill(255);
    let x = 0;
    symbol.sbs.forEach((w, i) => {
      if (i % 2 === 0)
        for (let y = 0; y < height; y++) gray.fill(0, y * width + x * module, y * width + (x + w) * module);
      x += w;
    });
    return { width, height, gray };
  }
  const { pixs, pixx, pixy } = symbol;
  const width = pixx * module;
  const height = pixy * module;
  const gray = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (pixs[Math.floor(y / module) * pixx + Math.floor(x / module)]) gray[y * width + x] = 0;
  return { width, height, gray };
}

/** Writes a Y4M video whose frames show the barcode centred on white, and returns its path. */
export function writeBarcodeY4m(file: string, bcid: Symbology, text: string): string {
  const { width: bw, height: bh, gray } = barcodePixels(bcid, text, 2);
  // Even dimensions (4:2:0 halves both) with a wide quiet zone.
  const width = Math.max(640, bw + 160) & ~1;
  const height = Math.max(480, bh + 160) & ~1;
  const luma = new Uint8Array(width * height).fill(235);
  const left = Math.floor((width - bw) / 2);
  const top = Math.floor((height - bh) / 2);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) luma[(top + y) * width + left + x] = gray[y * bw + x] === 0 ? 16 : 235;
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const frames = 10;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
