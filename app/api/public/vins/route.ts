import { VinBatchQuery } from "@/lib/api/vin-batch";
import { parseInput, queryObject } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { batchDegraded, buildVinBatch, splitVins } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route({ name: "decodeVins", cache: "vin" }, async (req) => {
  const query = parseInput(VinBatchQuery, queryObject(new URL(req.url)));
  const batch = await buildVinBatch(splitVins(query.vins), query);
  return json(batch, batchDegraded(batch) ? { cache: "none" } : {});
});
