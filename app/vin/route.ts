// The home page's plain-HTML search form submits here (GET /vin?vin=…): send the browser to the permalink.
import { compactVinInput } from "@/lib/vin";

export function GET(req: Request) {
  const typed = new URL(req.url).searchParams.get("vin") ?? "";
  // "1HG CM826 33A004352" → the permalink of 1HGCM82633A004352; anything else lands on the VIN page, whose
  // not-found answer shows what was typed, why it is not a VIN, and a box to try again.
  const vin = compactVinInput(typed).slice(0, 64);
  const target = vin ? `/vin/${encodeURIComponent(vin)}` : "/";
  // A relative Location (RFC 9110 §10.2.2): the browser stays on whatever host it used (localhost,
  // 127.0.0.1, a LAN address or the public name), with no PUBLIC_BASE_URL involved.
  return new Response(null, { status: 303, headers: { location: target, "cache-control": "no-store" } });
}
