import { pageLimit, WatchedVehiclesAddRequest } from "@/lib/alerts/answers";
import { operations } from "@/lib/api/operations";
import { addVehiclesToWatchlist, listWatchedVehicles } from "@/lib/alerts/watchlist";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { parseInput, readJsonBody } from "@/lib/http/params";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** 1,000 vehicles take about 60 KB of JSON. */
const MAX_BODY_BYTES = 64 * 1024;

export const POST = dealerRoute(operations.addVehiclesToWatchlist, async (req, _input, dealer) => {
  const body = parseInput(
    WatchedVehiclesAddRequest,
    await readJsonBody(req, MAX_BODY_BYTES, '{"vehicles": [{"year": 2003, "make": "honda", "model": "accord"}]}'),
  );
  return json(await addVehiclesToWatchlist(watcherOf(dealer.key), body.vehicles));
});

export const GET = dealerRoute(operations.getWatchedVehicles, async (_req, { query }, dealer) =>
  json(await listWatchedVehicles(watcherOf(dealer.key), pageLimit(query.limit), query.cursor)),
);
