import { operations } from "@/lib/api/operations";
import { sendTestEvent } from "@/lib/alerts/delivery";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = dealerRoute(operations.testWebhook, async (_req, _input, dealer) =>
  json(await sendTestEvent(watcherOf(dealer.key))),
);
