import { CACHE } from "@/lib/api/cache";
import { notFound } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { RECALL_MIN_YEAR, recallMaxYear } from "@/lib/recalls/answers";
import { pathParam } from "@/lib/http/params";
import { raw, route } from "@/lib/http/route";
import { recallFeed } from "@/lib/recalls/feed";
import { modelYearWithin } from "@/lib/vehicle";

export const dynamic = "force-dynamic";

export const GET = route(UNDOCUMENTED_ROUTES.recallFeed, async (_req, { params }) => {
  const year = modelYearWithin(params.year, RECALL_MIN_YEAR, recallMaxYear());
  if (year === null) throw notFound(`No recall feed for model year ${params.year.slice(0, 10)}.`, { param: "year" });
  const xml = await recallFeed({ year, make: pathParam(params.make), model: pathParam(params.model) });
  return raw(xml, { "content-type": "application/atom+xml; charset=utf-8", "cache-control": CACHE.recallFeed });
});
