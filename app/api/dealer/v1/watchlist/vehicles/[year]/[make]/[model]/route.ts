import { operations } from "@/lib/api/operations";
import { removeVehicleFromWatchlist } from "@/lib/alerts/watchlist";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const DELETE = dealerRoute(operations.removeVehicleFromWatchlist, async (_req, { params }, dealer) =>
  json(await removeVehicleFromWatchlist(watcherOf(dealer.key), params.year, params.make, params.model)),
);
