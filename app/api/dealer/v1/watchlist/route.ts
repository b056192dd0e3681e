import { pageLimit, WatchlistAddRequest } from "@/lib/alerts/answers";
import { operations } from "@/lib/api/operations";
import { addToWatchlist, listWatchlist } from "@/lib/alerts/watchlist";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { parseInput, readJsonBody } from "@/lib/http/params";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** 1,000 VINs take about 20 KB of JSON. */
const MAX_BODY_BYTES = 64 * 1024;

export const POST = dealerRoute(operations.addToWatchlist, async (req, _input, dealer) => {
  const body = parseInput(WatchlistAddRequest, await readJsonBody(req, MAX_BODY_BYTES, '{"vins": ["…"]}'));
  dealer.countVins(body.vins.length);
  return json(await addToWatchlist(watcherOf(dealer.key), body.vins));
});

export const GET = dealerRoute(operations.getWatchlist, async (_req, { query }, dealer) =>
  json(await listWatchlist(watcherOf(dealer.key), pageLimit(query.limit), query.cursor)),
);
