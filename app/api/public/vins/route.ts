import { operations } from "@/lib/api/operations";
import { json, route } from "@/lib/http/route";
import { batchDegraded, buildVinBatch, splitVins } from "@/lib/report";

export const dynamic = "force-dynamic";

export const GET = route(operations.decodeVins, async (_req, { query }, { arrivedAt }) => {
  const batch = await buildVinBatch(splitVins(query.vins), query, { arrivedAt });
  return json(batch, batchDegraded(batch) ? { cache: "none" } : {});
});
