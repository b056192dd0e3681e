import { ApiError, notFound, payloadTooLarge } from "@/lib/contract/errors";
import { operations } from "@/lib/api/operations";
import { handleStripeWebhook } from "@/lib/accounts/billing/webhook";
import { json, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;

export const POST = route(operations.stripeWebhook, async (req) => {
  // The signature covers the exact bytes Stripe sent: read the raw text, never a re-serialised object.
  const body = await req.text();
  if (Buffer.byteLength(body) > MAX_BYTES) throw payloadTooLarge("A Stripe event is never larger than 1 MB.");
  const answer = await handleStripeWebhook(body, req.headers.get("stripe-signature"));
  if (answer.status === 404) throw notFound(answer.detail);
  if (answer.status === 400) throw new ApiError(400, "Bad Request", answer.detail, { reason: answer.reason });
  return json(answer.body);
});
