// The home page's plain-HTML search form submits here (GET /vin?vin=…): send the browser to the permalink.
import { NextResponse } from "next/server";
import { config } from "@/lib/config";

export function GET(req: Request) {
  const url = new URL(req.url);
  const vin = (url.searchParams.get("vin") ?? "").trim().toUpperCase();
  const target = vin ? `/vin/${encodeURIComponent(vin)}` : "/";
  // Built on PUBLIC_BASE_URL, not the request URL, so the redirect is right behind a proxy too.
  return NextResponse.redirect(`${config().publicBaseUrl}${target}`, 303);
}
