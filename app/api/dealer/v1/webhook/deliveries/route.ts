import { pageLimit } from "@/lib/alerts/answers";
import { operations } from "@/lib/api/operations";
import { deliveryLog } from "@/lib/alerts/delivery";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = dealerRoute(operations.getWebhookDeliveries, async (_req, { query }, dealer) =>
  json(await deliveryLog(watcherOf(dealer.key), pageLimit(query.limit), query.cursor)),
);
