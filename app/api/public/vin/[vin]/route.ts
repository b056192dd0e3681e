import { VinReportQuery } from "@/lib/api/vin-report";
import { parseInput, pathParam, queryObject } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { buildVinReport } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route<{ params: Promise<{ vin: string }> }>({ name: "decodeVin", cache: "vin" }, async (req, { params }) => {
  const { vin } = await params;
  const flags = parseInput(VinReportQuery, queryObject(new URL(req.url)));
  return json(await buildVinReport(pathParam(vin), flags));
});
