import { CACHE } from "@/lib/api/cache";
import { ApiError, notFound } from "@/lib/contract/errors";
import { UNDOCUMENTED_ROUTES } from "@/lib/api/operations";
import { RECALL_MIN_YEAR, recallMaxYear } from "@/lib/recalls";
import { vehicleFeed } from "@/lib/report";
import { pathParam } from "@/lib/http/params";
import { raw, route } from "@/lib/http/route";
import { modelYearWithin } from "@/lib/vehicle";

export const dynamic = "force-dynamic";

/** How soon a feed reader may ask again for a feed whose recalls are not known now (a sync or NHTSA may answer). */
const UNKNOWN_RETRY_SECONDS = 300;

export const GET = route(UNDOCUMENTED_ROUTES.recallFeed, async (_req, { params }) => {
  const year = modelYearWithin(params.year, RECALL_MIN_YEAR, recallMaxYear());
  if (year === null) throw notFound(`No recall feed for model year ${params.year.slice(0, 10)}.`, { param: "year" });
  const feed = await vehicleFeed({ year, make: pathParam(params.make), model: pathParam(params.model) });
  if (feed.kind === "no_such_vehicle")
    throw notFound("Neither NHTSA's vPIC data nor the recall data knows this make and model.", {
      reason: "unknown_vehicle",
    });
  if (feed.kind === "unknown")
    throw new ApiError(
      503,
      "Service Unavailable",
      `${feed.words} A feed can only list campaigns, so there is none until they are known.`,
      { reason: "answer_unknown" },
      { "Retry-After": String(UNKNOWN_RETRY_SECONDS) },
    );
  return raw(feed.xml, {
    "content-type": "application/atom+xml; charset=utf-8",
    "cache-control": feed.degraded ? CACHE.degraded : CACHE.recallFeed,
  });
});
