import { WebhookRegisterRequest } from "@/lib/alerts/answers";
import { operations } from "@/lib/api/operations";
import { endpointView, noEndpoint, registerEndpoint, removeEndpoint } from "@/lib/alerts/endpoints";
import { watcherOf } from "@/lib/alerts/watcher";
import { dealerRoute } from "@/lib/http/dealer-route";
import { parseInput, readJsonBody } from "@/lib/http/params";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 8 * 1024;

export const PUT = dealerRoute(operations.registerWebhook, async (req, _input, dealer) => {
  const body = parseInput(WebhookRegisterRequest, await readJsonBody(req, MAX_BODY_BYTES, '{"url": "https://…"}'));
  return json(await registerEndpoint(watcherOf(dealer.key), body.url));
});

export const GET = dealerRoute(operations.getWebhook, async (_req, _input, dealer) => {
  const view = await endpointView(watcherOf(dealer.key));
  if (!view) throw noEndpoint();
  return json(view);
});

export const DELETE = dealerRoute(operations.removeWebhook, async (_req, _input, dealer) =>
  json(await removeEndpoint(watcherOf(dealer.key))),
);
