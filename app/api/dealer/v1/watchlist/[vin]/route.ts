import { operations } from "@/lib/api/operations";
import { removeFromWatchlist } from "@/lib/alerts/watchlist";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const DELETE = dealerRoute(operations.removeFromWatchlist, async (_req, { params }, dealer) =>
  json(await removeFromWatchlist(watcherOf(dealer.key), params.vin)),
);
