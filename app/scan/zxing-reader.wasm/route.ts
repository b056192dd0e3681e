// ZXing's WebAssembly reader for the VIN scan control (components/vin-scan.tsx), served by the app itself: the
// barcode-detector polyfill would fetch it from a CDN, which an offline install, and a privacy-minded user,
// cannot or would rather not reach. Read once per process; it changes only with the package (the URL carries
// its version, so browsers may keep it for good).
import { readFile } from "node:fs/promises";
import path from "node:path";

let wasm: Promise<Buffer> | null = null;

export async function GET() {
  wasm ??= readFile(path.join(process.cwd(), "node_modules", "zxing-wasm", "dist", "reader", "zxing_reader.wasm"));
  const body = await wasm.catch((error: unknown) => {
    wasm = null;
    throw error;
  });
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": "application/wasm",
      "content-length": String(body.length),
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
